/**
 * The OpenAPI document as a contract a client can be generated from (issue 24; server/docs.ts
 * builds it, scripts/openapi.ts writes it to docs/openapi.json, src/api/openapi.d.ts is generated
 * from that file):
 *  - every operation has an operationId derived from its method and path (operationIdOf:
 *    stable while the route keeps its path, unique or the document is refused);
 *  - every request body and success answer is a named component (`<OperationId>Body`,
 *    `<OperationId>Response`), the same schema once; a schema's `$defs` (e.g. the recursive
 *    node of `POST /v1/App/binding`) become components of their own and its `#/$defs/x` refs
 *    point at them (inlined, `#` would mean the document's root: the refs were broken);
 *  - every failure answer is the shared `Error` envelope narrowed to the route's codes.
 */

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
};
export interface OpenApiDocument extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, Json> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const REF = '#/components/schemas/';

/**
 * `POST /v1/App/binding` -> `postAppBinding`, `GET /v1/Product/packaging/:id` ->
 * `getProductPackagingById`, `GET /mapi/v1/member/{tenantCode}/me` -> `getMapiMemberByTenantCodeMe`.
 * The version segment `v1` is left out (every path has it).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url.split('/').filter((s) => s && s !== 'v1' && s !== '*').flatMap((segment) => {
    const param = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
    return param ? ['by', param[1] ?? param[2]] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
  });
  return method.toLowerCase() + words.map(cap).join('');
}

/** The failure envelope of every error answer (DESIGN.md "API conventions"). */
export const ERROR_ENVELOPE = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'catalogue code (SPEC.md section 8, src/domain/errors.ts)' },
    message: { type: 'string', description: 'English text of the code' },
    data: { description: 'code 1: the fields that failed, { "<field path>": { key, params? } }; 11: the accounts holding the role' },
  },
} as const;

/** A schema that says something (a bare `{ description }` is no schema worth a name). */
const meaningful = (schema: Json | undefined): schema is Json => !!schema && !('$ref' in schema)
  && Object.keys(schema).some((k) => k !== 'description');

/** Replaces every `$ref` of `from` by `to(name)` in place, deeply. */
function rewriteRefs(node: unknown, from: string, to: (name: string) => string): void {
  if (Array.isArray(node)) { for (const n of node) rewriteRefs(n, from, to); return; }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (typeof o.$ref === 'string' && o.$ref.startsWith(from)) o.$ref = to(o.$ref.slice(from.length));
  for (const v of Object.values(o)) rewriteRefs(v, from, to);
}

/** Makes the document a contract (see the file's comment); throws on a repeated operationId. */
export function asContract(doc: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, Json> = { Error: structuredClone(ERROR_ENVELOPE) as unknown as Json };
  const byJson = new Map<string, string>();
  const name = (wanted: string, schema: Json): string => {
    const copy = structuredClone(schema);
    const defs = copy.$defs as Record<string, Json> | undefined;
    delete copy.$defs;
    const key = JSON.stringify({ copy, defs });
    const known = byJson.get(key);
    if (known) return known;
    let n = wanted;
    for (let i = 2; schemas[n]; i++) n = `${wanted}${i}`;
    byJson.set(key, n);
    const defName = (d: string) => `${n}${cap(d.replace(/[^A-Za-z0-9]+/g, ''))}`;
    rewriteRefs(copy, '#/$defs/', (d) => REF + defName(d));
    schemas[n] = copy;
    for (const [d, def] of Object.entries(defs ?? {})) {
      rewriteRefs(def, '#/$defs/', (x) => REF + defName(x));
      schemas[defName(d)] = def;
    }
    return n;
  };
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const id = op.operationId ?? operationIdOf(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      if (seen.has(id)) throw new Error(`operationId ${id} of ${where} is also ${seen.get(id)}'s`);
      seen.set(id, where);
      op.operationId = id;
      const stem = cap(id);
      const content = op.requestBody?.content ?? {};
      for (const [type, media] of Object.entries(content)) {
        if (!meaningful(media.schema)) continue;
        const suffix = type === 'application/json' ? '' : cap(type.split('/')[1].replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase()));
        media.schema = { $ref: REF + name(`${stem}Body${suffix}`, media.schema) };
      }
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        for (const media of Object.values(answer.content ?? {})) {
          const schema = media.schema;
          if (!meaningful(schema)) continue;
          if (/^2/.test(status)) {
            const { description: _d, ...rest } = schema;
            if (meaningful(rest)) media.schema = { $ref: REF + name(`${stem}Response${Object.keys(op.responses!).filter((s) => /^2/.test(s)).length > 1 ? status : ''}`, rest) };
            continue;
          }
          const code = (schema.properties as Json | undefined)?.code as { enum?: number[] } | undefined;
          if (code?.enum) {
            media.schema = { allOf: [{ $ref: `${REF}Error` }], ...(schema.description ? { description: schema.description } : {}), properties: { code: { type: 'integer', enum: code.enum } } };
          }
        }
      }
    }
  }
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...schemas } };
  return doc;
}
