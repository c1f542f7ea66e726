/**
 * The PGlite journeys' server: `npm start` exactly as a new user runs it (no DATABASE_URL, so
 * the embedded PGlite database), on a fresh temporary DATA_DIR and its own port
 * (E2E_PGLITE_PORT), serving the ./dist the test command built. The folder goes when it stops.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_INITIAL_PASSWORD } from '../e2e/env';
import { PGLITE_PORT } from './env';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-pglite-e2e-'));
const child = spawn('npm', ['start'], {
  cwd: root,
  stdio: 'inherit',
  detached: false,
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(PGLITE_PORT),
    HOST: '127.0.0.1',
    ADMIN_INITIAL_PASSWORD,
    SKIP_BUILD: '1',
    SIGNIN_RATE_LIMIT: '1000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

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
  process.exit(stopping ? 0 : code || 1);
});
