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
const ENGINES = new WeakMap<object, PGlite>();

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
  ENGINES.set(db, pglite);
  notePglite(db, pglite);
  return db;
}

/** The PGlite engine under an embedded Db (COPY from a blob: db/copy.ts); null for PostgreSQL. */
export function pgliteOf(db: object): PGlite | null {
  return ENGINES.get(db) ?? null;
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

const GENERIC = new WeakMap<object, Db>();

/**
 * The reads of a PostgreSQL Db that run on PostgreSQL's generic plan (db/genericPlan.ts): a
 * Kysely over a small pool of their own; null for PGlite.
 */
export function genericPlanDbOf(db: object): Db | null {
  return GENERIC.get(db) ?? null;
}

function newPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // Repeated queries are prepared once per connection (db/namedStatements.ts).
  if (namedStatementsEnabled()) useNamedStatements(pool);
  // An idle client's error (a PostgreSQL restart, a dropped database) must not crash the
  // process: the pool discards that client and the next query opens a new connection.
  pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
  return pool;
}

export function openPostgres(connectionString: string, max = 10, options: Omit<KyselyConfig, 'dialect'> = {}): Db {
  useFastTimestamps();
  const pool = newPool({ connectionString, max });
  // The generic-plan reads' pool: its connections set plan_cache_mode for their whole session
  // (the server's `options`), so such a read is one round trip. A fifth of the main pool (the
  // connections open only when a read needs them); closed with the main pool (Kysely's
  // destroy() ends the main pool only).
  const generic = newPool({ connectionString, max: Math.max(1, Math.ceil(max / 5)), options: '-c plan_cache_mode=force_generic_plan' });
  const endMain = pool.end.bind(pool);
  pool.end = (async () => {
    await generic.end();
    await endMain();
  }) as typeof pool.end;
  const db = new Kysely<Database>({ ...options, dialect: new PostgresDialect({ pool }) });
  POOLS.set(db, pool);
  GENERIC.set(db, new Kysely<Database>({ ...options, dialect: new PostgresDialect({ pool: generic }) }));
  return db;
}

export async function openDatabase(settings: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl);
  return openPglite(path.join(settings.dataDir, 'pg'));
}
