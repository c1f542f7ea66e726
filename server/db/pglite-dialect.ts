/**
 * Kysely over PGlite, one caller at a time; requests before jobs.
 *
 * kysely-pglite's driver hands every caller the same single PGlite connection without a lock,
 * so while one request runs `BEGIN … COMMIT` another request's statements would land inside
 * that transaction (and be rolled back with it). This wrapper turns the one connection into a
 * pool of one: acquireConnection waits until the previous holder released it. PGlite queues
 * queries anyway, so nothing is lost in throughput.
 *
 * Requests come before background work (`inBackground`: the job worker's handlers): a job of
 * many short statements or committed batches lets every waiting request in between two of them,
 * so a request waits for at most one statement or batch of a job (issue 10, section 3).
 *
 * It also reports affected row counts to Kysely (see CountingConnection).
 *
 * Consequence: inside `db.transaction().execute(trx => …)` use `trx`, never `db` — on PGlite a
 * `db` query there waits for the transaction that waits for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** Work of the job worker (db/pglite-dialect.ts gives requests the connection first). */
const background = new AsyncLocalStorage<true>();

/**
 * Runs `fn` as background work (the job worker runs every handler so): on PGlite its
 * statements take the one connection only when no request waits for it, or when they have
 * waited BACKGROUND_MAX_WAIT_MS (a job under a steady load still moves).
 */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

const BACKGROUND_MAX_WAIT_MS = 500;

class SerializedDriver implements Driver {
  #busy = false;
  #requests: (() => void)[] = [];
  #jobs: { grant: () => void; since: number }[] = [];

  constructor(private readonly inner: Driver, private readonly pglite: PGlite) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const isBackground = background.getStore() === true;
    // PGlite runs in this thread and its queries resolve as promises only: a job running one
    // statement after another would never let the event loop reach timers or sockets (a request
    // could not even be read until the job ended). One turn of the loop first lets requests in.
    if (isBackground) await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((grant) => {
      if (!this.#busy) {
        this.#busy = true;
        grant();
      } else if (isBackground) {
        this.#jobs.push({ grant, since: Date.now() });
      } else {
        this.#requests.push(grant);
      }
    });
    return new CountingConnection(await this.inner.acquireConnection());
  }

  /** The next holder: a waiting request, unless a job has waited too long; else a job. */
  #handOver(): void {
    const job = this.#jobs[0];
    const next = job && (this.#requests.length === 0 || Date.now() - job.since >= BACKGROUND_MAX_WAIT_MS)
      ? this.#jobs.shift()!.grant
      : this.#requests.shift() ?? this.#jobs.shift()?.grant;
    if (next) next();
    else this.#busy = false;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection((connection as CountingConnection).inner);
    } finally {
      this.#handOver();
    }
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
