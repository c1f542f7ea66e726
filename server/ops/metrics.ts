/**
 * GET /metrics in the Prometheus text format (prom-client), one registry per app:
 *
 * - http_request_duration_seconds{method,route,status_code}: a histogram of every answer, by
 *   the route's pattern ('/v1/system/role/:id', never the raw URL; 'unmatched' for a 404);
 * - jobs_queue_depth{state}: rows of the job queue by state (queued, running, completed, failed),
 *   counted when scraped;
 * - db_pool_connections{state}: the PostgreSQL pool's total, idle and waiting clients (PGlite:
 *   one connection, total 1);
 * - the process defaults of prom-client (nodejs_eventloop_lag_*, heap, GC, handles, CPU).
 *
 * Guard (decisions.md, issue 25): with METRICS_TOKEN set the scrape must send
 * `Authorization: Bearer <token>` (401 otherwise); unset, /metrics is open like most exporters,
 * for a private network, and the load balancer's config should not route it from outside.
 */
import crypto from 'node:crypto';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { JobStatus } from '../jobs/queue';
import { poolOf, type Db } from '../db/index';
import { unauthorized } from '../errors';

const STATE_NAMES: Record<number, string> = {
  [JobStatus.Preparing]: 'queued', [JobStatus.Processing]: 'running', [JobStatus.Completed]: 'completed', [JobStatus.Error]: 'failed',
};

function sameSecret(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

export async function metricsRoutes(app: FastifyInstance, { db, token }: { db: Db; token: string | null }): Promise<Registry> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    durations.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Job rows by state (queued, running, completed, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll().as('n')]).groupBy('status').execute();
      for (const name of Object.values(STATE_NAMES)) this.set({ state: name }, 0);
      for (const r of rows) this.set({ state: STATE_NAMES[r.status] ?? String(r.status) }, Number(r.n));
    },
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process by state (total, idle, waiting requests)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolOf(db);
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token !== null) {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) throw unauthorized();
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
  return registry;
}
