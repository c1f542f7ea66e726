/**
 * Stops the e2e servers (they run until Playwright's own webServer shutdown otherwise, which
 * comes after this teardown) and drops this run's databases WITH (FORCE).
 */
import fs from 'node:fs';
import pg from 'pg';
import { waitFor } from '../support/processes';
import { databaseName, PG_ADMIN_URL, pidFile, type ServerKind } from './env';

const KINDS: readonly ServerKind[] = ['main', 'visual'];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopServer(kind: ServerKind): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(undefined, kind), 'utf8'));
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  // Its exit, polled with a deadline (it drains within 10 s; not our child, so no exit event).
  // Past the deadline Playwright's own shutdown still stops it: the teardown goes on.
  await waitFor(`the ${kind} server's exit`, () => !alive(pid), 10_000).catch(() => undefined);
}

export default async function globalTeardown(): Promise<void> {
  await Promise.all(KINDS.map(stopServer));
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    for (const kind of KINDS) await client.query(`drop database if exists "${databaseName(undefined, kind)}" with (force)`);
  } finally {
    await client.end();
  }
}
