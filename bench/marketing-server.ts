/**
 * The server side of the marketing benchmark (bench/marketing.ts), a child process so the load
 * generator and the app do not share one event loop. Its database (bench/databases.ts):
 * BENCH_BACKEND pglite (BENCH_PGLITE_DIR, a data folder) or postgres (BENCH_PG_URL).
 * The first process (BENCH_MKT_PRIMARY=1) migrates, seeds, builds the demo client's consumer
 * page as a client would (bench/marketing-fixture.ts: a layout, two banners in force, three
 * popular products, contact info) with BENCH_MKT_CODES generated codes linked to a brand
 * product, and gives the last code HOT_SCANS earlier scans (log rows and its count); a second
 * process on the same PostgreSQL database (BENCH_MKT_PRIMARY=0) only serves. The real app
 * (buildApp) serves the page with a static folder holding `static.html` (a plain page of about
 * the size of the page data: the reference of the ratios). Listens on 127.0.0.1, ephemeral port.
 * IPC: out { type: 'ready', port, codes, hotCode, tenant } | { type: 'cpu', micros } | { type: 'stopped' };
 * in { cmd: 'cpu' } (this process's CPU time so far) | { cmd: 'stop' }.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { sql } from 'kysely';
import { openPglite, openPostgres } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { loadOrCreateKeys } from '../server/security/keys';
import { seed } from '../server/seed';
import { readSettings } from '../server/settings';
import { benchCode, SCAN_TENANT, setUpScanPage } from './marketing-fixture';

const CODES = Number(process.env.BENCH_MKT_CODES ?? 60_000);
/** Earlier scans of the hot code (the one on a poster, scanned all day). */
const HOT_SCANS = 100_000;
const PRIMARY = process.env.BENCH_MKT_PRIMARY !== '0';
const TENANT = SCAN_TENANT;

async function main() {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-bench-mkt-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const db = process.env.BENCH_BACKEND === 'postgres' ? openPostgres(process.env.BENCH_PG_URL!) : await openPglite(process.env.BENCH_PGLITE_DIR);
  const settings = { ...readSettings({}), adminInitialPassword: 'Admin1234', staticDir, dataDir: staticDir, filesDir: path.join(staticDir, 'files'), marketingRateLimit: 100_000_000 };
  const codes = Array.from({ length: CODES }, (_, i) => benchCode('BENCH', i));
  const hotCode = codes[CODES - 1];
  if (PRIMARY) {
    await migrate(db);
    await seed(db, settings);
    const { tenantId, packageId } = await setUpScanPage(db, CODES);
    await sql`insert into scan_logs (tenant_id, package_id, seq, code, source, type, scanned_at, user_agent, ip)
      select ${tenantId}::integer, ${packageId}::integer, ${CODES}::integer, ${hotCode}::text, 1, 2, now() - make_interval(secs => g), 'bench', '127.0.0.1'
      from generate_series(1, ${HOT_SCANS}::integer) g`.execute(db);
    await sql`insert into code_scan_counts (package_id, seq, scans, last_at, prev_at) values (${packageId}::integer, ${CODES}::integer, ${HOT_SCANS}::integer, now() - interval '1 second', now() - interval '2 seconds')`.execute(db);
    await sql`analyze`.execute(db);
  }
  const keys = await loadOrCreateKeys(db);

  // The reference: a static page of about the page data's size, served by the same server.
  const probe = await buildApp({ db, settings, keys });
  const sample = await probe.inject({ method: 'GET', url: `/mapi/v1/page/${TENANT}` });
  await probe.close();
  fs.writeFileSync(path.join(staticDir, 'static.html'), `<!doctype html><html><body><pre>${sample.body.replace(/</g, '&lt;')}</pre></body></html>`);

  const app = await buildApp({ db, settings, keys });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port, codes: codes.slice(0, CODES - 1), hotCode, tenant: TENANT, pageBytes: sample.body.length });
  process.on('message', async (msg: { cmd?: string }) => {
    if (msg.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system });
    }
    if (msg.cmd !== 'stop') return;
    await app.close();
    await db.destroy();
    fs.rmSync(staticDir, { recursive: true, force: true });
    process.send?.({ type: 'stopped' });
    process.exit(0);
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
