/**
 * One Kysely instance over either the embedded PGlite (a data folder, or memory for tests) or
 * a PostgreSQL server (DATABASE_URL). `destroy()` on the Kysely instance closes PGlite too.
 *
 * PGlite is created with the pg_trgm extension (migration 0008 indexes keyword search with
 * it, on both databases): open it through `createPglite` / `openPglite`, never PGlite.create.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { namedStatementsEnabled, useNamedStatements } from './namedStatements';
import { pgliteDialect } from './pglite-dialect';
import { notePglite } from './prepared';
import { useFastTimestamps } from './timestamps';

export type Db = Kysely<Database>;

const EMBEDDED = new WeakSet<object>();

/**
 * True for a PGlite database: one connection for every request and job, so a long
 * transaction there makes every other caller wait (jobs then commit in short batches).
 */
export function isEmbedded(db: object): boolean {
  return EMBEDDED.has(db);
}

/**
 * A PGlite engine with the extensions the migrations use (in `dataDir`, else in memory),
 * optionally started from a data-folder dump (`PGlite.dumpDataDir`, the API tests' template).
 */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  return PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Kysely over a PGlite engine (one caller at a time: db/pglite-dialect.ts). */
export function kyselyOverPglite(pglite: PGlite, options: Omit<KyselyConfig, 'dialect'> = {}): Db {
  const db = new Kysely<Database>({ ...options, dialect: pgliteDialect(pglite) });
  EMBEDDED.add(db);
  notePglite(db, pglite);
  return db;
}

/** PGlite in `dataDir` (created when missing) or in memory when dataDir is undefined. */
export async function openPglite(dataDir?: string, options: Omit<KyselyConfig, 'dialect'> = {}): Promise<Db> {
  return kyselyOverPglite(await createPglite(dataDir), options);
}

const POOLS = new WeakMap<object, pg.Pool>();

/** The pg pool under a PostgreSQL Db (metrics: total, idle, waiting); null for PGlite. */
export function poolOf(db: object): pg.Pool | null {
  return POOLS.get(db) ?? null;
}

export function openPostgres(connectionString: string, max = 10, options: Omit<KyselyConfig, 'dialect'> = {}): Db {
  useFastTimestamps();
  const pool = new pg.Pool({ connectionString, max });
  // Repeated queries are prepared once per connection (db/namedStatements.ts).
  if (namedStatementsEnabled()) useNamedStatements(pool);
  // An idle client's error (a PostgreSQL restart, a dropped database) must not crash the
  // process: the pool discards that client and the next query opens a new connection.
  pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
  const db = new Kysely<Database>({ ...options, dialect: new PostgresDialect({ pool }) });
  POOLS.set(db, pool);
  return db;
}

export async function openDatabase(settings: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl);
  return openPglite(path.join(settings.dataDir, 'pg'));
}
