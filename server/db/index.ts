/**
 * One Kysely instance over either the embedded PGlite (a data folder, or memory for tests) or
 * a PostgreSQL server (DATABASE_URL). `destroy()` on the Kysely instance closes PGlite too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { pgliteDialect } from './pglite-dialect';

export type Db = Kysely<Database>;

/** PGlite in `dataDir` (created when missing) or in memory when dataDir is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return new Kysely<Database>({ dialect: pgliteDialect(pglite) });
}

export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client's error (a PostgreSQL restart, a dropped database) must not crash the
  // process: the pool discards that client and the next query opens a new connection.
  pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function openDatabase(settings: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl);
  return openPglite(path.join(settings.dataDir, 'pg'));
}
