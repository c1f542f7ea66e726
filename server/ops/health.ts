/**
 * Liveness and readiness for a load balancer or an orchestrator (issue 25):
 *
 * - GET /healthz: 200 `{ status: 'ok' }` while the process runs (no I/O).
 * - GET /readyz: 200 `{ status: 'ready', database: 'up', pendingMigrations: [] }` when the
 *   database answers within READY_TIMEOUT_MS and every migration of this build ran; else 503
 *   `{ status: 'unavailable', database, pendingMigrations }`. From SIGTERM on it answers 503
 *   (`status: 'draining'`) so the balancer stops sending new requests while this node drains.
 *
 * Neither needs a session, neither is rate-limited or cached.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import { pendingMigrations } from '../db/migrate';

const READY_TIMEOUT_MS = 2_000;
const draining = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503 (main.ts, on SIGTERM). */
export function markDraining(app: FastifyInstance): void {
  draining.add(app);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
  });
}

export interface Readiness {
  status: 'ready' | 'unavailable' | 'draining';
  database: 'up' | 'down';
  pendingMigrations: string[];
}

export async function readiness(db: Db): Promise<Readiness> {
  try {
    const pending = await withTimeout((async () => {
      await sql`select 1`.execute(db);
      return pendingMigrations(db);
    })(), READY_TIMEOUT_MS);
    return { status: pending.length === 0 ? 'ready' : 'unavailable', database: 'up', pendingMigrations: pending };
  } catch {
    return { status: 'unavailable', database: 'down', pendingMigrations: [] };
  }
}

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const schema = { hide: true } as const;
  app.get('/healthz', { schema }, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', { schema }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining.has(app)) return reply.code(503).send({ status: 'draining', database: 'up', pendingMigrations: [] });
    const r = await readiness(db);
    return reply.code(r.status === 'ready' ? 200 : 503).send(r);
  });
}
