/**
 * A transaction that can also bulk-load rows with `COPY ... FROM`, on both databases
 * (issue 27: generating codes at the speed of a plain COPY).
 *
 * `withCopyTransaction(db, (trx, copy) => ...)` runs `fn` in one transaction; `copy(text, chunks)`
 * sends rows in PostgreSQL's COPY text format (tab-separated columns, one row a line) into the
 * table and columns of `text` (`copy codes (package_id, seq, code) from`), inside that same
 * transaction, and answers the row count. A failing COPY (a unique violation, say) throws the
 * database error and leaves the transaction aborted: wrap it in a savepoint to go on.
 *
 *  - PostgreSQL: Kysely keeps its pool's client to itself, so the transaction runs on one client
 *    taken from the pool (`poolOf`) with a Kysely instance over that client alone; COPY goes
 *    through pg-copy-streams (`COPY ... FROM STDIN`). The chunks are read lazily while the
 *    socket drains: a generator that draws its rows as they are asked for keeps the database
 *    busy while the next rows are drawn.
 *  - PGlite: the usual `db.transaction()`; COPY reads the chunks joined into a Blob
 *    (`COPY ... FROM '/dev/blob'`) on the same engine, inside the transaction (the dialect
 *    lends the one connection to one caller at a time: db/pglite-dialect.ts).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { pgliteOf, poolOf, type Db } from './index';
import type { Database } from './schema';

/** Sends COPY text rows (`chunks`) with `text` (`copy <table> (<columns>) from`); answers the row count. */
export type CopyRows = (text: string, chunks: AsyncIterable<Buffer>) => Promise<number>;

/** Kysely over one checked-out client: it never releases it (the caller does). */
function kyselyOverClient(client: pg.PoolClient): Kysely<Database> {
  const lent = { query: client.query.bind(client), release() {} };
  const pool = { connect: async () => lent, end: async () => {} };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

function copyOverClient(client: pg.PoolClient): CopyRows {
  return async (text, chunks) => {
    const stream = client.query(copyFromStdin(`${text} stdin`));
    await pipeline(Readable.from(chunks, { objectMode: false }), stream);
    return Number(stream.rowCount ?? 0);
  };
}

export async function withCopyTransaction<T>(db: Db, fn: (trx: Transaction<Database>, copy: CopyRows) => Promise<T>): Promise<T> {
  const engine = pgliteOf(db);
  if (engine) {
    const copy: CopyRows = async (text, chunks) => {
      const parts: Uint8Array<ArrayBuffer>[] = [];
      for await (const c of chunks) parts.push(new Uint8Array(c.buffer as ArrayBuffer, c.byteOffset, c.byteLength));
      const blob = new Blob(parts);
      const result = await engine.query(`${text} '/dev/blob'`, [], { blob });
      return Number(result.affectedRows ?? 0);
    };
    return db.transaction().execute((trx) => fn(trx, copy));
  }
  const pool = poolOf(db);
  if (!pool) throw new Error('withCopyTransaction: neither PGlite nor a PostgreSQL pool');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await kyselyOverClient(client).transaction().execute((trx) => fn(trx, copyOverClient(client)));
  } catch (err) {
    // A connection that failed mid-COPY may be out of step with the server: it is not reused.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}
