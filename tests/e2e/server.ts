/**
 * The e2e web server: creates this run's PostgreSQL database, then runs the real server
 * (server/main.ts) on it, serving the built SPA from ./dist. Playwright starts it (webServer);
 * globalTeardown stops it (SIGTERM to the pid in pidFile(): the server closes its pool) and
 * then drops the database.
 *
 * `E2E_SERVER_KIND=visual` starts the visual snapshots' server instead: its own database and
 * port (E2E_VISUAL_PORT), every menu released, so each screen can be photographed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTestProvider } from '../support/oidcProvider';
import { ADMIN_INITIAL_PASSWORD, databaseName, databaseUrl, E2E_PORT, E2E_UNRELEASED_MENU_IDS, E2E_VISUAL_PORT, otpOutboxFile, PG_ADMIN_URL, pidFile, type ServerKind } from './env';

const kind: ServerKind = process.env.E2E_SERVER_KIND === 'visual' ? 'visual' : 'main';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const name = databaseName(undefined, kind);
  await admin(async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });

  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    // The test command builds first; build here when run on its own.
    const built = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-e2e-'));
  // Members' social sign-in (issue 29): a real OpenID provider in this process stands in for
  // LINE, Facebook and Google (69-member-social signs in there); it ends with this process.
  const provider = await startTestProvider();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(undefined, kind),
      ADMIN_INITIAL_PASSWORD,
      PORT: String(kind === 'main' ? E2E_PORT : E2E_VISUAL_PORT),
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(root, 'dist'),
      DATA_DIR: dataDir,
      SIGNIN_RATE_LIMIT: '1000',
      // Members: one-time codes land here, one JSON line each (60-member-settings reads them).
      OTP_OUTBOX_FILE: otpOutboxFile(undefined, kind),
      // Binding, distributors, suppliers, stock, ship, exception log, the anti-counterfeiting page
      // and the change log released (E2E_UNRELEASED_MENU_IDS, tests/e2e/env.ts).
      // The visual server releases every menu (each screen is photographed).
      UNRELEASED_MENU_IDS: kind === 'visual' ? '' : E2E_UNRELEASED_MENU_IDS.join(','),
      // The visual fixture's rows are dated months back (tests/visual/data.ts fixTimes): the
      // hourly clean-up (at :17) would delete its finished export report mid-run (CI, stop 34).
      // The 31st of February: the visual server never cleans up.
      ...(kind === 'visual' ? { RETENTION_SCHEDULE: '0 0 31 2 *' } : {}),
      // The member check-in honours x-test-now, so a spec can move days (67-member-check-in).
      TEST_CLOCK: '1',
      SOCIAL_ISSUER_LINE: provider.issuer,
      SOCIAL_ISSUER_FACEBOOK: provider.issuer,
      SOCIAL_ISSUER_GOOGLE: provider.issuer,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });

  fs.writeFileSync(pidFile(undefined, kind), String(process.pid));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  child.on('exit', (code) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pidFile(undefined, kind), { force: true });
    fs.rmSync(otpOutboxFile(undefined, kind), { force: true });
    if (stopping) process.exit(0);
    // The server died on its own (e.g. it failed to start): Playwright then skips the
    // teardown, so the database of this run goes now.
    admin((c) => c.query(`drop database if exists "${name}" with (force)`))
      .catch(() => {})
      .finally(() => process.exit(code || 1));
  });
}

main().catch((err) => {
  process.stderr.write(`e2e server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
