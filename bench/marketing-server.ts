/**
 * The server side of the marketing benchmark (bench/marketing.ts), a child process so the load
 * generator and the app do not share one event loop: PGlite in memory, migrations and the
 * first-start seed, then the demo client's consumer page as a client would build it (a layout,
 * two banners in force, three popular products, contact info) and BENCH_MKT_CODES generated
 * codes of a package of the demo client linked to a brand product with product info. The real
 * app (buildApp) serves it with a static folder holding `static.html` (a plain page of about
 * the size of the page data: the reference of the ratio). Listens on 127.0.0.1, ephemeral port.
 * IPC: out { type: 'ready', port, codes, tenant } | { type: 'stopped' }; in { cmd: 'stop' }.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { loadOrCreateKeys } from '../server/security/keys';
import { seed } from '../server/seed';
import { readSettings } from '../server/settings';
import { SCAN_TENANT, setUpScanPage } from './marketing-fixture';

const CODES = Number(process.env.BENCH_MKT_CODES ?? 10_000);
const TENANT = SCAN_TENANT;

async function main() {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-bench-mkt-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const db = await openPglite();
  await migrate(db);
  const settings = { ...readSettings({}), adminInitialPassword: 'Admin1234', staticDir, dataDir: staticDir, filesDir: path.join(staticDir, 'files'), marketingRateLimit: 100_000_000 };
  await seed(db, settings);
  const keys = await loadOrCreateKeys(db);

  const { codes } = await setUpScanPage(db, CODES);

  // The reference: a static page of about the page data's size, served by the same server.
  const probe = await buildApp({ db, settings, keys });
  const sample = await probe.inject({ method: 'GET', url: `/mapi/v1/page/${TENANT}` });
  await probe.close();
  fs.writeFileSync(path.join(staticDir, 'static.html'), `<!doctype html><html><body><pre>${sample.body.replace(/</g, '&lt;')}</pre></body></html>`);

  const app = await buildApp({ db, settings, keys });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port, codes: codes.slice(0, 1000), tenant: TENANT, pageBytes: sample.body.length });
  process.on('message', async (msg: { cmd?: string }) => {
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
