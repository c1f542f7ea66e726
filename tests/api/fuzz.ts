/**
 * The model and the generators of the fuzz suite (fuzz.test.ts).
 *
 * The model: every route of the app (listRoutes), with what is known of its inputs, from the
 * best source there is: the OpenAPI document (`GET /v1/docs/openapi.json`) when the app serves
 * one, else the route's own JSON schemas, plus the screen declarations of src/schemas that
 * name the route (form fields for create/update bodies, filters for list and export).
 *
 * The generators: hostile requests for a route. Values mostly fit the field's schema (so a
 * request gets past the schema and reaches the handler and the database) with hostile values
 * mixed in at any depth: NUL and lone surrogates, huge strings, 1e309 and integers past the
 * database's range, arrays for objects, wrong types, prototype keys; and bodies that are
 * hostile as a whole (nested 50,000 levels, malformed, empty, other content types).
 */
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ErrorCode } from '../../src/domain/errors';
import { apiCallsOf, loadDeclarations, resolveSchema } from '../../src/domain/declarations';
import { findApiRoute, listRoutes } from '../../server/app';

type Schema = Record<string, any>;

export interface RouteModel {
  method: string;
  /** Fastify form: '/v1/system/role/:id'. */
  url: string;
  params: string[];
  query: Record<string, Schema>;
  body: Record<string, Schema>;
  /** Where the inputs came from, for the report of a failure. */
  sources: string[];
}

/** A JSON token written as is ('1e309' has no JSON.stringify form). */
export class Raw {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold Raw tokens. */
export function jsonText(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

const GENERIC_QUERY = ['page', 'pageSize', 'sort', 'order', 'keyword', 'ids', 'id', 'lang', 'status', 'clientId', '__proto__', 'constructor'];
const GENERIC_BODY = ['id', 'name', 'names', 'status', 'type', '__proto__', 'constructor'];

const propsOf = (schema: unknown): Record<string, Schema> => {
  const s = schema as Schema | undefined;
  if (!s || typeof s !== 'object') return {};
  const out: Record<string, Schema> = { ...(s.properties ?? {}) };
  for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) Object.assign(out, propsOf(part));
  return out;
};

/** OpenAPI '/v1/system/role/{id}' -> Fastify '/v1/system/role/:id'. */
const fastifyPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

/** `token`: a session for reading the OpenAPI document, should it need one. */
export async function routeModels(app: FastifyInstance, token?: string): Promise<RouteModel[]> {
  const routes = listRoutes(app);
  const models = new Map<string, RouteModel>();
  const model = (method: string, url: string): RouteModel => {
    const key = `${method} ${url}`;
    let m = models.get(key);
    if (!m) {
      const params = [...url.matchAll(/:(\w+)/g)].map((x) => x[1]);
      models.set(key, (m = { method, url, params, query: {}, body: {}, sources: [] }));
    }
    return m;
  };

  for (const r of routes) {
    const m = model(r.method, r.url);
    if (r.schema) {
      Object.assign(m.query, propsOf(r.schema.querystring));
      Object.assign(m.body, propsOf(r.schema.body));
      m.sources.push('route schema');
    }
  }

  for (const decl of loadDeclarations()) {
    for (const { where, value } of apiCallsOf(decl)) {
      const r = findApiRoute(routes, value);
      if (!r) continue;
      const m = model(r.method, r.url);
      const filters = decl.filters ? propsOf(resolveSchema(decl.filters.schema as Schema)) : {};
      if (where === 'api.list') m.query = { ...filters, ...m.query };
      if (where === 'api.export') m.body = { ...filters, format: { enum: ['csv', 'txt', 'xlsx'] }, lang: { type: 'string' }, ...m.body };
      if ((where === 'api.create' || where === 'api.update') && decl.form) m.body = { ...propsOf(resolveSchema(decl.form.schema as Schema)), ...m.body };
      m.sources.push(`${decl.id} ${where}`);
    }
  }

  // The platform's OpenAPI document, when there is one, knows every route's inputs.
  const doc = await app.inject({ method: 'GET', url: '/v1/docs/openapi.json', headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (doc.statusCode === 200) {
    const parsed = doc.json() as { paths?: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } };
    const paths = parsed.paths ?? {};
    // Bodies are named components (server/docsContract.ts): `{ $ref }` -> the component.
    const named = (schema: Schema | undefined) => (typeof schema?.$ref === 'string' ? parsed.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema);
    for (const [p, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
        const m = model(method.toUpperCase(), fastifyPath(p));
        for (const param of op.parameters ?? []) if (param.in === 'query') m.query[param.name] = param.schema ?? {};
        Object.assign(m.body, propsOf(named(op.requestBody?.content?.['application/json']?.schema)));
        m.sources.push('openapi');
      }
    }
  }
  return [...models.values()];
}

// --- Values -------------------------------------------------------------------------------

const DEEP = new Raw(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);

/** Hostile JSON values, scalar and structured. */
export const HOSTILE_VALUES: unknown[] = [
  'a\u0000b', '\u0000', 'x\ud800y', '\udc00', '\ud83d', 'x'.repeat(100_000), '', ' ', '1e309', "' or 1=1 --", '%_\\',
  new Raw('1e309'), new Raw('-1e309'), new Raw('1e-400'), new Raw('123456789012345678901234567890'),
  99_999_999_999, -99_999_999_999, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1.5, -1, 0,
  null, true, false, [], {}, [1, 2], ['a\u0000'], { a: 1 }, { en: 'x\ud800' },
  new Raw('{"__proto__":{"polluted":1}}'), new Raw('{"constructor":{"prototype":{"polluted":1}}}'),
  new Raw('{"a":1,"a":2}'), DEEP,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

const firstType = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type);

/** A value that fits `schema` (roughly), with hostile values mixed in below it. */
function fitting(schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 4) return fc.string({ maxLength: 10 });
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length) return fc.oneof(...branches.map((b: Schema) => fitting({ type: schema.type, ...b }, depth + 1)));
  switch (firstType(schema) ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined)) {
    case 'integer': {
      const min = Math.max(Math.ceil(schema.minimum ?? 0), -1000);
      return fc.integer({ min, max: Math.max(min, Math.min(Math.floor(schema.maximum ?? 1000), 1000)) });
    }
    case 'number': return fc.double({ min: 0, max: 1000, noNaN: true });
    case 'boolean': return fc.boolean();
    case 'string':
      if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, 10), maxLength: Math.max(Math.min(schema.maxLength ?? 20, 20), Math.min(schema.minLength ?? 0, 10)) });
    case 'array': return fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = propsOf(schema);
      if (!Object.keys(props).length) return fc.dictionary(fc.constantFrom('zh_TW', 'zh_CN', 'en', 'x'), valueFor(undefined, depth + 1), { maxKeys: 3 });
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueFor(s, depth + 1)])), { requiredKeys: [] });
    }
    default: return fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 100 }), fc.constant(null));
  }
}

/** Mostly fitting, sometimes hostile. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fitting(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

// --- Requests -----------------------------------------------------------------------------

/** Text for a URL: percent-encoded as UTF-8 (a lone surrogate has no UTF-8: U+FFFD). */
const urlText = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

export const HOSTILE_QUERY = [
  '1e309', '-1e309', '99999999999', '-99999999999', '2147483648', 'NaN', 'Infinity', '', ' ', 'a\u0000b', '\u0000',
  'x'.repeat(5_000), '-1', '0', '1', '1.5', 'true', '[]', '{}', '__proto__', 'asc', "' or 1=1 --",
];

/** Raw path segments: already URL text, some of them deliberately broken. */
export const HOSTILE_PATH = [
  '1', '0', '-1', '1e309', '99999999999', 'NaN', 'abc', 'admin', 'platform', '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%',
  'x'.repeat(100), 'x'.repeat(101), '__proto__', '..%2F..%2Fetc', '%20',
];

const queryValue = (s: Schema | undefined): fc.Arbitrary<string> => fc.oneof(
  { weight: 2, arbitrary: fitting(s, 3).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_QUERY) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1'];

const RAW_BODIES = ['', ' ', 'null', '[]', '"text"', '1e309', '{', '{"a":', '{"a":1}}', 'not json', '\u0000', DEEP.text, `{"x":${DEEP.text}}`];

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Text, or bytes (multipart bodies, fuzzUploads.ts). */
  payload?: string | Buffer;
}

/** Hostile requests for one route. */
export function requestFor(route: RouteModel): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...route.params.map(() => fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PATH) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(urlText) },
  ))).map((values) => {
    let i = 0;
    return route.url.replace(/:(\w+)/g, () => values[i++]);
  });

  const names = [...new Set([...Object.keys(route.query), ...GENERIC_QUERY])];
  const query = fc.array(fc.constantFrom(...names).chain((n) => queryValue(route.query[n]).map((v) => [n, v] as const)), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${urlText(k)}=${urlText(v)}`).join('&'));

  const bodyNames = [...new Set([...Object.keys(route.body), ...GENERIC_BODY])];
  const body: fc.Arbitrary<{ type?: string; text?: string }> = route.method === 'GET'
    ? fc.constant({})
    : fc.oneof(
      // Fields of the route with values that mostly fit.
      { weight: 4, arbitrary: fc.record(Object.fromEntries(Object.keys(route.body).map((k) => [k, valueFor(route.body[k])])), { requiredKeys: [] }).map((v) => ({ type: 'application/json', text: jsonText(v) })) },
      // Any of the names with hostile values.
      { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...bodyNames), hostileValue, { maxKeys: 4 }).map((v) => ({ type: 'application/json', text: jsonText(v) })) },
      { weight: 1, arbitrary: hostileValue.map((v) => ({ type: 'application/json', text: jsonText(v) })) },
      { weight: 1, arbitrary: fc.record({ type: fc.constantFrom(...CONTENT_TYPES), text: fc.constantFrom(...RAW_BODIES) }) },
      { weight: 1, arbitrary: fc.constant({}) },
    );

  return fc.record({ path, query, body }).map(({ path: p, query: q, body: b }): FuzzRequest => ({
    method: route.method,
    url: q ? `${p}?${q}` : p,
    headers: b.type ? { 'content-type': b.type } : {},
    ...(b.text === undefined ? {} : { payload: b.text }),
  }));
}

/** The fixed cases every route gets, before the generated ones (the findings of issue 10). */
export function fixedRequests(route: RouteModel): FuzzRequest[] {
  const at = (value: string) => route.url.replace(/:(\w+)/g, value);
  const out: FuzzRequest[] = [];
  for (const v of ['1e309', '99999999999', 'a%00b', '%E0%A4%A', 'x'.repeat(101)]) if (route.params.length) out.push({ method: route.method, url: at(v), headers: {} });
  const base = at('1');
  for (const k of new Set([...Object.keys(route.query), 'page', 'ids'])) {
    for (const v of ['1e309', '99999999999', 'a\u0000b']) out.push({ method: route.method, url: `${base}?${urlText(k)}=${urlText(v)}`, headers: {} });
  }
  if (route.method !== 'GET') {
    const json = (text: string): FuzzRequest => ({ method: route.method, url: base, headers: { 'content-type': 'application/json' }, payload: text });
    out.push(json(''), json(DEEP.text));
    for (const k of Object.keys(route.body)) {
      for (const v of [`{"${k}":${DEEP.text}}`, `{"${k}":"a\\u0000b"}`, `{"${k}":"x\\ud800"}`, `{"${k}":{"en":"\\udc00"}}`, `{"${k}":1e309}`, `{"${k}":99999999999}`, `{"${k}":["a\\u0000"]}`]) out.push(json(v));
    }
  }
  return out;
}

export function describeRequest(req: FuzzRequest): string {
  const text = typeof req.payload === 'string' ? req.payload : req.payload?.toString('latin1');
  const body = text === undefined ? '' : ` ${req.headers['content-type'] ?? ''} ${JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text)}`;
  const url = req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url;
  return `${req.method} ${url}${body}`;
}

const CATALOGUE = new Set<number>(Object.values(ErrorCode));

/** Why an answer is wrong (a 5xx, or a 4xx outside the `{ code, message }` envelope), or null. */
export function fault(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`;
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'number' || !CATALOGUE.has(code)) return `status ${res.statusCode}, code ${JSON.stringify(code)} not in the catalogue`;
  if (typeof message !== 'string' || !message) return `status ${res.statusCode} without a message`;
  return null;
}
