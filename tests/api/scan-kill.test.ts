/**
 * No scan lost (issue 27): the REAL server (server/main.ts through tests/api/crash-child.ts) is
 * killed with SIGKILL while shoppers' scans (GET /mapi/v1/page/demo?c=) pour in from
 * CLIENTS connections at once; then, with the server dead:
 *
 *  - every scan that was answered (200, query.exists) is in the scan log: each request carries
 *    its own user agent, and each answered one is a scan_logs row;
 *  - the counts are exact: for every code, code_scan_counts.scans = its scan_logs rows, and
 *    the scannedCount answers of one code are all different (two shoppers never see one number)
 *    and none is above the code's count.
 * Requests cut off by the kill may or may not be in the log (they were never answered).
 * Then the same with SIGTERM: the server drains (server/main.ts), answering every scan it had
 * read, the ones still in its scan queue (services/scanQueue.ts) included, refusing new ones
 * with 503, and exits 0; the same checks hold.
 *
 * On PGlite the server's engine dies with it: the data folder is opened again here, so this
 * also checks what PGlite recovers from its files after a kill. On PostgreSQL (DATABASE_URL)
 * the harness's database of this file (dropped afterwards). The kill comes when KILL_AFTER scans
 * have been answered (no fixed wait); every wait is bounded.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed';
import type { PageData } from '../../src/domain/marketing/page';
import { setUpScanPage } from '../../bench/marketing-fixture';
import { Child, Fatal, freePort, ROOT, waitFor } from '../support/processes';
import { ADMIN_PASSWORD, BACKENDS, Harness, testSettings } from './harness';

const CHILD = path.join(ROOT, 'tests/api/crash-child.ts');
const CODES = 20;
const CLIENTS = 8;
const KILL_AFTER = 300;
const START_WITHIN_MS = 120_000;
const TEST_TIMEOUT_MS = 300_000;

interface Answered { ua: string; code: string; count: number }

/** SIGKILL: the process dies at once. SIGTERM: it drains (server/main.ts), the scans still queued (services/scanQueue.ts) included. */
const CASES = BACKENDS.flatMap((backend) => (['SIGKILL', 'SIGTERM'] as const).map((signal) => [backend, signal] as const));

describe.each(CASES)('A server killed under a burst of scans [%s, %s]', (backend, signal) => {
  const h = new Harness('postgres');
  let tmp = '';
  const child = new Child('scan-kill server', { keep: 10_000 });

  afterAll(async () => {
    if (child.alive) child.child.kill('SIGKILL');
    if (backend === 'postgres') await h.stop();
    if (tmp) await fsp.rm(tmp, { recursive: true, force: true });
  });

  it('keeps every answered scan in the log, with exact counts', { timeout: TEST_TIMEOUT_MS }, async () => {
    tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-scan-kill-'));
    const dataDir = path.join(tmp, 'data');
    // The database, prepared here: migrated, seeded, the demo page and its codes.
    let db: Db;
    let databaseUrl = '';
    if (backend === 'postgres') {
      await h.start();
      db = h.db;
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      databaseUrl = url.toString();
    } else {
      db = await openPglite(path.join(dataDir, 'pg'));
      await migrate(db);
      await seed(db, testSettings());
    }
    const { codes } = await setUpScanPage(db, CODES, 'KILL');
    if (backend === 'pglite') await db.destroy();

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JOB_WORKERS: '1',
      MARKETING_RATE_LIMIT: '100000000', STATIC_DIR: '/nonexistent/oioc-static', ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'warn',
      FILES_DIR: path.join(tmp, 'files'), FILE_STORE: 'folder',
    };
    if (!databaseUrl) delete env.DATABASE_URL;
    child.run(process.execPath, ['--import', 'tsx', CHILD], env);
    const base = `http://127.0.0.1:${port}/mapi/v1/page/demo`;

    // Up: the page answers (bounded wait, the server's start included).
    await waitFor('the scan page', async () => {
      if (!child.alive) throw new Fatal(`the server did not start: ${child.describe()}`);
      return fetch(base).then((r) => r.ok, () => false);
    }, START_WITHIN_MS);

    // The burst: CLIENTS loops of scans, each request its own user agent; the kill after KILL_AFTER answers.
    const answered: Answered[] = [];
    let sent = 0;
    let killed = false;
    let reachedKill!: () => void;
    const killPoint = new Promise<void>((resolve) => { reachedKill = resolve; });
    const client = async () => {
      while (!killed) {
        const n = sent++;
        const code = codes[n % CODES];
        const ua = `scan-kill/${n} (iPhone)`;
        try {
          const res = await fetch(`${base}?c=${code}`, { headers: { 'user-agent': ua } });
          // Draining, the server refuses new requests with 503 (never a 500); the scan was not made.
          if (killed && res.status === 503) continue;
          if (res.status !== 200) throw new Error(`scan ${n}: ${res.status} ${await res.text()}`);
          const page = (await res.json()) as PageData;
          expect(page.query?.exists).toBe(true);
          answered.push({ ua, code, count: page.query!.scannedCount });
          if (answered.length >= KILL_AFTER) reachedKill();
        } catch (err) {
          // Cut off by the kill, or refused once the drained server closed: never answered.
          if (killed && (signal === 'SIGKILL' || (err as Error).name === 'TypeError')) return;
          throw err;
        }
      }
    };
    const loops = Array.from({ length: CLIENTS }, client);
    await Promise.race([killPoint, Promise.all(loops).then(() => { throw new Error(`the burst ended before the kill: ${child.describe()}`); })]);
    killed = true;
    child.child.kill(signal);
    const exit = await child.exited;
    if (signal === 'SIGKILL') expect(exit.signal).toBe('SIGKILL');
    // Drained: every request it had read answered, then a clean exit.
    else expect(exit, child.describe()).toMatchObject({ code: 0 });
    await Promise.all(loops);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // What the database kept (PGlite: opened again from the dead server's folder).
    const check = backend === 'postgres' ? openPostgres(databaseUrl, 2) : await openPglite(path.join(dataDir, 'pg'));
    try {
      const logged = new Set((await check.selectFrom('scan_logs').select('user_agent').where('code', 'in', codes).execute()).map((r) => r.user_agent));
      const lost = answered.filter((a) => !logged.has(a.ua));
      expect(lost, `answered scans missing from the log (of ${answered.length} answered, ${sent} sent)`).toEqual([]);
      const perCode = await sql<{ code: string; logs: number; scans: number | null }>`
        select c.code, (select count(*) from scan_logs s where s.package_id = c.package_id and s.seq = c.seq)::integer as logs, k.scans::integer as scans
        from codes c left join code_scan_counts k on k.package_id = c.package_id and k.seq = c.seq
        where c.code in (${sql.join(codes)})`.execute(check);
      for (const row of perCode.rows) {
        expect(row.scans ?? 0, `the count of ${row.code}`).toBe(row.logs);
        const seen = answered.filter((a) => a.code === row.code).map((a) => a.count);
        expect(new Set(seen).size, `two answers of ${row.code} with one number: ${seen.join(',')}`).toBe(seen.length);
        expect(Math.max(0, ...seen)).toBeLessThanOrEqual(row.logs);
      }
    } finally {
      await check.destroy();
    }
  });
});
