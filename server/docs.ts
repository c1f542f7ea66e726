/**
 * The API documentation: `GET /v1/docs/openapi.json` (OpenAPI 3.1, @fastify/swagger) and the
 * browsable page `/v1/docs` (@fastify/swagger-ui, its files from npm). Both are public (no
 * session, docs/decisions.md) and live outside the /v1 plugin, so the session guard and the
 * SPA fallback leave them alone.
 *
 * Every route is documented from what it registers: params and querystring schemas (what
 * Fastify validates), and the route config's `docs` (RouteDocs, server/resource/define.ts):
 * the body and answer schemas compiled from the screen declaration (the shared validator checks
 * bodies with the same form), and the catalogue codes the route may answer. Each route gets the
 * error envelope `{ code, message, data }` per status with its codes; every route answers 1,
 * 3 (401/403) and 9999.
 *
 * Security, as the guards decide it: a /v1 route needs the staff bearer token (server/auth.ts)
 * unless its config says `public: true`; a route outside /v1 (the consumer page's /mapi/v1,
 * /files) needs none, except the member routes whose config says `member: 'required'` (the
 * shopper's token, services/memberAuth.ts) or `member: 'optional'` (needed for member-only
 * content). docsContract.ts then gives every operation its operationId and names its schemas.
 *
 * The document is built on its first request and cached (swagger's own cache): starting the
 * server only records the routes.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorCode } from '../src/domain/errors';
import { codeText } from './errors';
import type { RouteDocs } from './resource/define';
import { declaredRouteDocs } from './resource/declared';
import { asContract, ERROR_ENVELOPE, operationIdOf, type OpenApiDocument } from './docsContract';
import { ROUTE_SUMMARIES } from './docsSummaries';

export const DOCS_PREFIX = '/v1/docs';


/** The HTTP status a catalogue code is answered with. */
function statusOf(code: number): number {
  if (code === ErrorCode.NotFound) return 404;
  if (code === ErrorCode.SystemError) return 500;
  return 400;
}

function errorResponses(codes: readonly number[], isPublic: boolean): Record<string, unknown> {
  const byStatus = new Map<number, Set<number>>();
  const add = (status: number, code: number) => {
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  };
  add(400, ErrorCode.BadRequest);
  add(500, ErrorCode.SystemError);
  if (!isPublic) {
    add(401, ErrorCode.NotAllowed);
    add(403, ErrorCode.NotAllowed);
  }
  for (const code of codes) add(code === ErrorCode.NotAllowed ? 403 : statusOf(code), code);
  const out: Record<string, unknown> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...set].sort((a, b) => a - b);
    out[String(status)] = {
      ...ERROR_ENVELOPE,
      description: list.map((c) => `${c} ${codeText(c)}`).join('; '),
      properties: { ...ERROR_ENVELOPE.properties, code: { type: 'integer', enum: list } },
    };
  }
  return out;
}

/** The documented schema of one route: what it validates plus its config's `docs`. */
function documented(route: RouteOptions): Record<string, unknown> {
  const schema = { ...((route.schema ?? {}) as Record<string, unknown>) };
  const config = (route.config ?? {}) as { docs?: RouteDocs; public?: boolean; member?: 'required' | 'optional' };
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const docs: RouteDocs = { ...declaredRouteDocs().get(`${method} ${route.url}`), ...config.docs };
  if (docs.body && !schema.body) schema.body = docs.body;
  if (docs.consumes) schema.consumes = docs.consumes;
  schema.summary ??= docs.summary ?? ROUTE_SUMMARIES[`${method} ${route.url}`];
  schema.operationId ??= operationIdOf(method, route.url);
  const staff = route.url.startsWith('/v1/') && config.public !== true;
  const statuses = [docs.status ?? (method === 'DELETE' ? 204 : 200)].flat();
  const ok = Object.fromEntries(statuses.map((status) => [String(status), status === 204
    ? { type: 'null', description: 'No content' }
    : { ...(docs.response ?? {}), description: status === 201 ? 'Created' : 'Success' }]));
  schema.response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}), ...ok, ...errorResponses(docs.errors ?? [], !staff && !config.member) };
  const area = route.url.replace(/^\/(mapi\/)?v1\//, '').split('/')[0];
  schema.tags = [area.charAt(0).toUpperCase() + area.slice(1)];
  if (config.member === 'required') schema.security = [{ memberBearer: [] }];
  else if (config.member === 'optional') schema.security = [{}, { memberBearer: [] }];
  else if (!staff) schema.security = [];
  return schema;
}

/** Register before the routes (swagger records them as they are added). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back office API',
        version: '1',
        description: 'The /v1 API of the back office. Every failure answers `{ code, message, data? }` with a catalogue code; code 1 lists the failing fields in `data`.',
      },
      servers: [{ url: '/', description: 'this server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'a back office session: the token of POST /v1/Identity/token' },
          memberBearer: { type: 'http', scheme: 'bearer', description: 'a shopper\'s session: the token of POST /mapi/v1/member/{tenantCode}/join or /signin' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ url, route }) => ({ schema: documented(route) as never, url }),
    transformObject: (documentObject) => asContract((documentObject as { openapiObject: OpenApiDocument }).openapiObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { deepLinking: true } });
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
