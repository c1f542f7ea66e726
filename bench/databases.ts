/**
 * The database of one bench run, and its removal (registered with bench/cleanup.ts before it
 * exists): PGlite in a temporary data folder (or in memory when asked), or PostgreSQL in a
 * database of its own, `oioc_bench_<random>`, created from DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) and dropped WITH (FORCE). When PostgreSQL cannot be
 * reached the run is skipped with a note.
 *
 * The answer's `env` tells a bench child process where its database is: BENCH_BACKEND (pglite |
 * postgres) and BENCH_PGLITE_DIR or BENCH_PG_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onCleanup } from './cleanup';

export type Backend = 'pglite' | 'postgres';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface PreparedDatabase {
  env: Record<string, string>;
  where: string;
  /** The temporary folder of the run (PGlite data in `<dir>/pg`); none for PGlite in memory. */
  dir?: string;
}

async function pgReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try { return (await client.query<R>(text)).rows; } finally { await client.end(); }
}

/** `memory`: PGlite in memory (only for a single process that opens it once). */
export async function prepareDatabase(backend: Backend, options: { memory?: boolean } = {}): Promise<PreparedDatabase | { skip: string }> {
  if (backend === 'pglite') {
    if (options.memory) return { env: { BENCH_BACKEND: 'pglite' }, where: 'PGlite in memory' };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-bench-'));
    onCleanup(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return { env: { BENCH_BACKEND: 'pglite', BENCH_PGLITE_DIR: path.join(dir, 'pg') }, where: `PGlite, data folder in ${os.tmpdir()}`, dir };
  }
  const adminUrl = process.env.DATABASE_URL || DEFAULT_PG_URL;
  const unreachable = await pgReachable(adminUrl);
  const shown = adminUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if (unreachable) return { skip: `PostgreSQL skipped: ${shown} unreachable (${unreachable})` };
  const name = `oioc_bench_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  onCleanup(async () => { await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`); });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const [{ server_version: version }] = await adminQuery<{ server_version: string }>(adminUrl, 'show server_version');
  return { env: { BENCH_BACKEND: 'postgres', BENCH_PG_URL: url.toString() }, where: `PostgreSQL ${version}, database ${name} on ${url.host}` };
}
