/**
 * The Fastify application: /v1 API (one encapsulated plugin per area under server/modules),
 * the failure envelope, and the built SPA with history-API fallback.
 *
 * `buildApp` does no I/O of its own beyond what is passed in, so tests build it over an
 * in-memory PGlite and drive it with `app.inject`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '../src/domain/errors';
import { authenticate } from './auth';
import { registerDocs } from './docs';
import type { AppDeps } from './context';
import { ApiError, clientErrorHandler, notFound, sendError } from './errors';
import { guardInput, JSON_BODY_LIMIT } from './input';
import { schemaController } from './validators';
import activityRoutes from './modules/activity/activity';
import announcementRoutes from './modules/system/announcement';
import brandRoutes from './modules/product/brand';
import clientRoutes from './modules/system/client';
import bindingRoutes from './modules/binding/binding';
import logisticsRoutes from './modules/logistics/logistics';
import scanRoutes from './modules/logistics/scan';
import codeRoutes from './modules/code/code';
import configRoutes from './modules/session/config';
import documentRoutes from './modules/system/document';
import employeeRoutes from './modules/system/employee';
import filesRoutes, { fileServeRoutes } from './modules/common/files';
import identityRoutes from './modules/session/identity';
import jobRoutes from './modules/common/job';
import marketingLayoutRoutes from './modules/marketing/layout';
import marketingBrandProductRoutes from './modules/marketing/brandProduct';
import marketingBannerRoutes from './modules/marketing/banner';
import marketingProductMasterRoutes from './modules/marketing/productMaster';
import marketingPopularRoutes from './modules/marketing/popular';
import marketingContactRoutes from './modules/marketing/contact';
import lotteryRoutes from './modules/activity/lottery';
import lotteryListRoutes from './modules/activity/lotteryList';
import pointActivityRoutes from './modules/activity/pointActivity';
import marketingPublicRoutes, { MARKETING_API_BASE } from './modules/public/marketingPublic';
import lotteryPlayRoutes from './modules/public/lotteryPlay';
import lotteryProofRoutes from './modules/public/lotteryProof';
import memberRoutes from './modules/member/member';
import memberPublicRoutes from './modules/public/memberPublic';
import memberSocialRoutes from './modules/public/memberSocial';
import checkInPublicRoutes from './modules/public/checkInPublic';
import memberOrderRoutes from './modules/member/memberOrder';
import memberShopRoutes from './modules/public/memberShop';
import pointBoxRoutes from './modules/public/pointBoxes';
import menuRoutes from './modules/session/menu';
import otherRoutes from './modules/system/other';
import packagingRoutes from './modules/product/packaging';
import partnerRoutes from './modules/system/partners';
import productRoutes from './modules/product/product';
import profileRoutes from './modules/session/profile';
import reportRoutes from './modules/report/report';
import clientsActivityRoutes from './modules/report/clientsActivity';
import checkInExportRoutes from './modules/activity/checkInExport';
import roleRoutes from './modules/system/role';
import transactionLogRoutes from './modules/report/transactionLog';
import scanLogExportRoutes from './modules/logistics/scanLogExport';
import shortUrlRoutes, { shortUrlRedirect } from './modules/logistics/shortUrl';
import antiCounterfeitRoutes from './modules/logistics/antiCounterfeit';
import dashboardRoutes from './modules/session/dashboard';
import { noteWrite, type WriteScope } from './db/shortCache';
import { signInPageRoute } from './signinPage';
import { CONSUMER_PAGE_HELMET, securityHeaders } from './ops/headers';
import { healthRoutes } from './ops/health';
import { echoRequestId, requestIdOf } from './ops/logging';
import { metricsRoutes } from './ops/metrics';

export interface BuildAppOptions extends AppDeps {
  /** Fastify's logger option; tests leave it off. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Fastify's two lines per request ("incoming request", "request completed"): off unless
   * asked (LOG_REQUESTS=1): on a small call they cost more than the call. Errors are logged anyway.
   */
  logRequests?: boolean;
}

const API_MODULES = [
  configRoutes, identityRoutes, menuRoutes, profileRoutes, reportRoutes, announcementRoutes,
  roleRoutes, employeeRoutes, clientRoutes, filesRoutes, documentRoutes, otherRoutes, jobRoutes,
  productRoutes, packagingRoutes, brandRoutes, codeRoutes,
  marketingLayoutRoutes, marketingBrandProductRoutes, marketingBannerRoutes, marketingProductMasterRoutes, marketingPopularRoutes, marketingContactRoutes,
  bindingRoutes, scanRoutes, logisticsRoutes,
  transactionLogRoutes, scanLogExportRoutes, shortUrlRoutes, antiCounterfeitRoutes, dashboardRoutes, memberRoutes, memberOrderRoutes,
  activityRoutes, partnerRoutes, lotteryRoutes, lotteryListRoutes, pointActivityRoutes, clientsActivityRoutes, checkInExportRoutes,
];

/** One route of the app as registered (HEAD twins of GET routes left out). */
export interface RouteEntry {
  method: string;
  /** With the prefix and Fastify's `:param` placeholders, e.g. '/v1/system/role/:id'. */
  url: string;
  config: Record<string, unknown>;
  /** The route's JSON schemas (params, querystring, body, ...) as registered, when it has any. */
  schema?: Record<string, unknown>;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route of an app built by buildApp, e.g. for checking the calls declarations name. */
export function listRoutes(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}

/** The /v1 route that answers a declaration's api call (src/domain/apiRoutes.ts). */
export { findApiRoute } from '../src/domain/apiRoutes';

export async function buildApp({ db, settings, keys, logger = false, logRequests = false }: BuildAppOptions): Promise<FastifyInstance> {
  const deps: AppDeps = { db, settings, keys };
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    trustProxy: typeof settings.trustProxy === 'number'
      ? ((hops: number) => (_addr: string, i: number) => i < hops)(settings.trustProxy)
      : settings.trustProxy,
    // Every failing field is listed in a code-1 answer, not only the first; Infinity and NaN
    // are not numbers (route schemas are bounded too: server/input.ts).
    ajv: { customOptions: { allErrors: true, strictNumbers: true } },
    // Compiled once per process and schema (server/validators.ts).
    schemaController,
    bodyLimit: JSON_BODY_LIMIT,
    // The router's own failures (bad URL escape 400, over-long path parameter 414) and
    // requests Node cannot parse answer the envelope too.
    frameworkErrors: sendError,
    clientErrorHandler,
    // A caller's x-request-id names the request in every log line and comes back (ops/logging.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  guardInput(app);
  echoRequestId(app);

  app.decorateRequest('user', null);
  // A write (committed by now) drops this process's short caches: sessions (unless the route declares
  // `writes: 'data'`), list counts (db/shortCache.ts).
  // Callback hooks on the hot path: an async hook costs a promise per request.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      noteWrite((req.routeOptions.config as { writes?: WriteScope } | undefined)?.writes === 'data' ? 'data' : 'all');
    }
    done(null, payload);
  });

  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method, url: route.url, config: { ...(route.config as Record<string, unknown> | undefined) },
        ...(route.schema ? { schema: route.schema as Record<string, unknown> } : {}),
      });
    }
  });

  app.setErrorHandler(sendError);

  // Operations (issue 25, server/ops): security headers on every answer, then /healthz,
  // /readyz and /metrics (before the SPA's fallback, which would answer them with HTML).
  await securityHeaders(app, settings.staticDir);
  await healthRoutes(app, { db });
  await metricsRoutes(app, { db, token: settings.metricsToken });

  // Every text answer leaves compressed (brotli, else gzip) when the client accepts it; the
  // built assets carry .br/.gz twins made at build time (vite.config.ts), served as they are.
  // Request bodies are not inflated: a compressed body is refused as unreadable JSON.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });

  // Only the sign-in and public marketing routes opt in (route config rateLimit); counted per client IP:
  // in Redis when REDIS_URL is set (every node counts the same attempts), else in this process.
  // A Redis that does not answer lets requests through (skipOnError) rather than failing them.
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate limits: Redis unreachable'));
    app.addHook('onClose', async () => { await redis.quit().catch(() => redis.disconnect()); });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${settings.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new ApiError(ctx.statusCode, ErrorCode.NotAllowed, undefined, 'Too many attempts'),
  });

  // Before the routes: the OpenAPI document records them as they are added (server/docs.ts).
  await registerDocs(app);

  await app.register(async (v1) => {
    v1.addHook('onRequest', authenticate(deps));
    for (const routes of API_MODULES) await v1.register(routes, deps);
  }, { prefix: '/v1' });
  // The public marketing API of the consumer page (no session; rate-limited per IP).
  await app.register(marketingPublicRoutes, { ...deps, prefix: MARKETING_API_BASE });
  await app.register(lotteryPlayRoutes, { ...deps, prefix: MARKETING_API_BASE });
  await app.register(lotteryProofRoutes, { ...deps, prefix: MARKETING_API_BASE });
  // The member side of the consumer page, on the same base (join, sign in, points, redemption).
  await app.register(memberPublicRoutes, { ...deps, prefix: MARKETING_API_BASE });
  await app.register(memberSocialRoutes, { ...deps, prefix: MARKETING_API_BASE });
  await app.register(memberShopRoutes, { ...deps, prefix: MARKETING_API_BASE });
  await app.register(pointBoxRoutes, { ...deps, prefix: MARKETING_API_BASE });
  await app.register(checkInPublicRoutes, { ...deps, prefix: MARKETING_API_BASE });
  // Uploaded files, public by unguessable key (modules/common/files.ts).
  await app.register(fileServeRoutes, deps);
  await app.register(shortUrlRedirect, deps);

  const staticDir = settings.staticDir;
  const hasSpa = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // /login?code=: the sign-in form prerendered at build time (server/signinPage.ts).
  if (hasSpa) signInPageRoute(app, staticDir);

  // The public consumer page (src/consumer): one html for every tenant, the tenant code and
  // the brand product in the path, the scanned code in `c`; the page reads /mapi/v1 itself.
  const hasConsumer = fs.existsSync(path.join(staticDir, 'consumer.html'));
  if (hasConsumer) {
    const consumerPage = (req: FastifyRequest<{ Params: { tenantCode?: string } }>, reply: FastifyReply) => (req.params.tenantCode
      ? reply.header('cache-control', 'no-cache').sendFile('consumer.html')
      : reply.code(404).send(notFound().body()));
    // Framed only by this origin (the marketing screen's preview): ops/headers.ts.
    app.get('/m/:tenantCode', { schema: { hide: true }, helmet: CONSUMER_PAGE_HELMET }, consumerPage);
    app.get('/m/:tenantCode/*', { schema: { hide: true }, helmet: CONSUMER_PAGE_HELMET }, consumerPage);
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    // /m/* is the consumer page's (above), /mapi/* the Marketing API's: never the SPA.
    const isApi = pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/m' || pathname.startsWith('/m/')
      || pathname === '/mapi' || pathname.startsWith('/mapi/');
    // History-API fallback: a page route of the SPA (no file extension) gets index.html; a
    // missing asset (/assets/x.js) stays a 404 rather than HTML served as script.
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (!isApi && hasSpa && (req.method === 'GET' || req.method === 'HEAD') && !lastSegment.includes('.')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(notFound().body());
  });

  return app;
}
