/**
 * The PGlite journeys' server: `npm start` exactly as a new user runs it (no DATABASE_URL, so
 * the embedded PGlite database), on a fresh temporary DATA_DIR and a free port, serving the
 * ./dist the test command built. Each run of the journeys (and each copy under
 * `--repeat-each`) gets a fresh install of its own: the seeded admin's first sign-in is
 * always a first one. The folder goes when the server stops.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_INITIAL_PASSWORD } from '../e2e/env';
import { Child, Fatal, freePort, waitFor } from '../support/processes';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Migrations and the seed on an empty PGlite: seconds alone, more on a loaded machine. */
const START_WITHIN_MS = 180_000;

export interface PgliteServer {
  origin: string;
  stop: () => Promise<void>;
}

export async function startPgliteServer(): Promise<PgliteServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oioc-pglite-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_INITIAL_PASSWORD,
    SKIP_BUILD: '1',
    SIGNIN_RATE_LIMIT: '1000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  delete env.DATABASE_URL; // the embedded PGlite of DATA_DIR
  const server = new Child(`npm start (PGlite, port ${port})`, { keep: 20_000 }).run(NPM, ['start'], env);
  const stop = async () => {
    await server.kill('SIGTERM', 15_000);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('the PGlite server answering', async () => {
      if (!server.alive) throw new Fatal(`the server ended before it answered. ${server.describe()}`);
      const r = await fetch(`${origin}/v1/Config/tenant/platform`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
      return r?.ok;
    }, START_WITHIN_MS);
  } catch (e) {
    await stop();
    throw e;
  }
  return { origin, stop };
}
