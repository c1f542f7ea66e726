/**
 * Issue 25, operable: /healthz, /readyz (503 when the database is gone or a migration is
 * missing), /metrics in the Prometheus text format (and its token), the request id round trip.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openPostgres } from '../../server/db/index';
import { MIGRATION_NAMES } from '../../server/db/migrate';
import { describeApi } from './harness';

/** name{labels} value lines of a Prometheus text answer (comments left out). */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((line) => {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const l of (m![2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    return { name: m![1], labels, value: Number(m![3]) };
  });
}

describeApi('Operations: health, readiness, metrics, request ids', (h) => {
  it('/healthz answers 200 JSON, not the SPA', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers and every migration ran', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', pendingMigrations: [] });
  });

  it('/readyz answers 503 while a migration of this build is missing', async () => {
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
    const row = await h.db.selectFrom('kysely_migration' as never).selectAll().where('name' as never, '=', last as never).executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last}`.execute(h.db);
    try {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'up', pendingMigrations: [last] });
    } finally {
      const r = row as { name: string; timestamp: string };
      await sql`insert into kysely_migration (name, timestamp) values (${r.name}, ${r.timestamp})`.execute(h.db);
    }
    expect((await h.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 when the database is gone; /healthz still 200', async () => {
    // Nothing listens on port 1: every query fails at once.
    const gone = openPostgres('postgres://postgres@127.0.0.1:1/none', 1);
    const app = await buildApp({ db: gone, settings: h.settings, keys: h.keys });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await gone.destroy();
    }
  });

  it('/metrics answers the Prometheus text: durations by route and status, job queue, pool, event loop', async () => {
    await h.app.inject({ method: 'GET', url: '/healthz' });
    await h.app.inject({ method: 'GET', url: '/v1/Config/tenant/nosuchtenant' });
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const all = samples(res.body);
    const count = (route: string, status: string) => all.find((s) => s.name === 'http_request_duration_seconds_count'
      && s.labels.route === route && s.labels.status_code === status && s.labels.method === 'GET')?.value ?? 0;
    expect(count('/healthz', '200')).toBeGreaterThanOrEqual(1);
    expect(count('/v1/Config/tenant/:code', '404')).toBeGreaterThanOrEqual(1);
    for (const state of ['queued', 'running', 'completed', 'failed']) {
      expect(all.some((s) => s.name === 'jobs_queue_depth' && s.labels.state === state && s.value >= 0), state).toBe(true);
    }
    expect(all.find((s) => s.name === 'db_pool_connections' && s.labels.state === 'total')?.value).toBeGreaterThanOrEqual(1);
    expect(all.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('/metrics wants the METRICS_TOKEN when one is set', async () => {
    const app = await h.appWith({ metricsToken: 'scrape-secret-1' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('returns the caller x-request-id, or a new one when it is absent or malformed', async () => {
    const given = await h.app.inject({ method: 'GET', url: '/v1/Config/tenant/platform', headers: { 'x-request-id': 'lb-7f3a:01' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:01');
    const none = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await h.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'has space\u00e9'.repeat(2) } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failing = await h.app.inject({ method: 'GET', url: '/v1/nosuchroute', headers: { 'x-request-id': 'abc123' } });
    expect(failing.statusCode).toBe(404);
    expect(failing.headers['x-request-id']).toBe('abc123');
  });
});
