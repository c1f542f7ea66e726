/**
 * A hot statement run as a prepared (named) statement on both databases (issue 27: the
 * shopper's scan).
 *
 * PGlite's `query()` parses, describes and plans every statement anew (the unnamed statement
 * of the extended protocol): for the scan that was 1.3 ms of planning against 0.6 ms of
 * executing (docs/benchmarks.md). Here the statement is parsed once per PGlite engine under a
 * name and its parameter types kept; each run is then bind, describe portal, execute, sync,
 * and PostgreSQL may keep its plan (plan_cache_mode auto). It runs on Kysely's connection
 * (db.connection()), so it waits its turn like every query (db/pglite-dialect.ts), and inside
 * PGlite's own exclusive section like `query()`.
 *
 * On PostgreSQL the pool already sends repeated statements as named ones
 * (db/namedStatements.ts): the compiled query goes through Kysely as usual.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { RawBuilder } from 'kysely';
import type { Db } from './index';

const { serialize } = protocol;

const ENGINES = new WeakMap<object, PGlite>();

/** Remembers the PGlite engine under a Kysely instance (db/index.ts). */
export function notePglite(db: object, pglite: PGlite): void {
  ENGINES.set(db, pglite);
}

interface Statement { name: string; types: number[] }
const STATEMENTS = new WeakMap<PGlite, Map<string, Statement>>();
const MAX_STATEMENTS = 50;
let lastName = 0;

/** The exclusive section PGlite's own query() runs in (a public method of the class, typed protected). */
type Exclusive = { _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>; syncToFs(): Promise<void> };

async function runNamed<R>(pglite: PGlite, text: string, params: readonly unknown[]): Promise<R[]> {
  const engine = pglite as unknown as Exclusive;
  return engine._runExclusiveQuery(async () => {
    let known = STATEMENTS.get(pglite);
    if (!known) STATEMENTS.set(pglite, (known = new Map()));
    const messages = [];
    const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
    try {
      let statement = known.get(text);
      if (!statement) {
        if (known.size >= MAX_STATEMENTS) throw new Error('too many prepared statements');
        const name = `oioc_p${++lastName}`;
        await send(serialize.parse({ name, text }));
        const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
        statement = { name, types };
        known.set(text, statement);
      }
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pglite.serializers[statement.types[i]];
        return serializer ? serializer(param) : String(param);
      });
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.describe({ type: 'P' }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    await engine.syncToFs();
    return (parse.parseResults(messages, pglite.parsers)[0] as Results<R>).rows;
  });
}

/** Runs `query` as a prepared statement (see above); answers its rows. */
export async function preparedRows<R>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(db);
  const pglite = ENGINES.get(db);
  if (!pglite) return (await db.executeQuery<R>(compiled)).rows;
  return db.connection().execute(() => runNamed<R>(pglite, compiled.sql, compiled.parameters));
}
