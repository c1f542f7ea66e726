/**
 * Stops the e2e server (it runs until Playwright's own webServer shutdown otherwise, which
 * comes after this teardown) and drops this run's database WITH (FORCE).
 */
import fs from 'node:fs';
import pg from 'pg';
import { databaseName, PG_ADMIN_URL, pidFile } from './env';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopServer(): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(), 'utf8'));
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

export default async function globalTeardown(): Promise<void> {
  await stopServer();
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists "${databaseName()}" with (force)`);
  } finally {
    await client.end();
  }
}
