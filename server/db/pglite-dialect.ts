/**
 * Kysely over PGlite, one caller at a time.
 *
 * kysely-pglite's driver hands every caller the same single PGlite connection without a lock,
 * so while one request runs `BEGIN … COMMIT` another request's statements would land inside
 * that transaction (and be rolled back with it). This wrapper turns the one connection into a
 * pool of one: acquireConnection waits until the previous holder released it. PGlite queues
 * queries anyway, so nothing is lost in throughput.
 *
 * It also reports affected row counts to Kysely (see CountingConnection).
 *
 * Consequence: inside `db.transaction().execute(trx => …)` use `trx`, never `db` — on PGlite a
 * `db` query there waits for the transaction that waits for it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';

/**
 * kysely-pglite passes PGlite's result through as is: its `affectedRows` never reaches
 * Kysely's `numAffectedRows`, so `numUpdatedRows`/`numDeletedRows` would read 0. Map it.
 */
class CountingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = (await this.inner.executeQuery<R>(compiledQuery)) as QueryResult<R> & { affectedRows?: number };
    const { affectedRows, ...rest } = result;
    return affectedRows === undefined || result.numAffectedRows !== undefined ? result : { ...rest, numAffectedRows: BigInt(affectedRows) };
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class SerializedDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(private readonly inner: Driver, private readonly pglite: PGlite) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return new CountingConnection(await this.inner.acquireConnection());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection((connection as CountingConnection).inner);
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

export function pgliteDialect(pglite: PGlite): Dialect {
  const base = new KyselyPGlite(pglite).dialect;
  return {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver: () => new SerializedDriver(base.createDriver(), pglite),
  };
}
