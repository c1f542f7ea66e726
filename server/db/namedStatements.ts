/**
 * Named (prepared) statements on PostgreSQL for the queries a process runs again and again.
 *
 * Kysely sends every query as an unnamed statement: PostgreSQL parses and plans it anew each
 * time. For a list page that is most of the database's work (measured: 490 µs a query
 * unnamed, 230 µs named; the page itself executes in ~30 µs; docs/benchmarks.md). Here a
 * pool's clients send a statement with parameters under a name from its second use on:
 * each connection parses it once, and PostgreSQL may keep its plan (plan_cache_mode auto:
 * a generic plan only when it costs no more than the custom ones).
 *
 * Pattern searches (LIKE, ILIKE) stay unnamed: their best plan depends on the pattern.
 * Bounded: texts up to TEXT_MAX characters, at most NAMED_MAX names per process (one-off
 * texts, e.g. a bulk insert of n rows, never get one: a text is named on its second sight).
 * Statements without parameters (migrations, several statements in one text) and cursors are
 * left as they are. Turn off with DATABASE_NAMED_STATEMENTS=0 (e.g. behind a pooler in
 * transaction mode that does not keep prepared statements).
 */
import type pg from 'pg';

const TEXT_MAX = 8_000;
const NAMED_MAX = 500;
const SEEN_MAX = 5_000;

const names = new Map<string, string>();
const seen = new Set<string>();
/** Texts never named again (their prepared form failed: see `unname`). */
const unnamed = new Set<string>();
let lastName = 0;

/**
 * Statements whose best plan depends on a parameter's value stay unnamed, planned for their
 * values every time: a pattern match (a keyword search) is selective or not depending on the
 * text, and a generic plan of one (which guesses) walked a whole index in sort order instead of
 * using the trigram index (measured: 7 ms of database CPU a search instead of under 1 ms).
 */
const PLANNED_BY_VALUE = / i?like /i;

/** The statement name of `text`, or undefined while it is not (yet) a repeated statement. */
export function statementName(text: string): string | undefined {
  const named = names.get(text);
  if (named !== undefined) return named;
  if (text.length > TEXT_MAX || lastName >= NAMED_MAX || unnamed.has(text)) return undefined;
  if (!seen.has(text)) {
    if (PLANNED_BY_VALUE.test(text)) {
      if (unnamed.size < SEEN_MAX) unnamed.add(text);
      return undefined;
    }
    if (seen.size < SEEN_MAX) seen.add(text);
    return undefined;
  }
  seen.delete(text);
  const name = `oioc_${++lastName}`;
  names.set(text, name);
  return name;
}

type Query = (...args: unknown[]) => unknown;

/**
 * A prepared statement whose tables changed shape under it (a migration run by another process
 * while this one runs: "cached plan must not change result type", SQLSTATE 0A000) fails on every
 * use on that connection: its text goes back to unnamed statements for good (the failing call
 * is answered as before; the next one works).
 */
function unname(text: string, err: unknown): never {
  const e = err as { code?: string; message?: string } | null;
  if (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '')) {
    names.delete(text);
    unnamed.add(text);
  }
  throw err;
}

/** Every client the pool opens sends repeated statements with parameters as named ones. */
export function useNamedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client: pg.PoolClient) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = statementName(text);
        if (name !== undefined) return (query({ name, text, values }) as Promise<unknown>).catch((err) => unname(text, err));
      }
      return callback === undefined ? (values === undefined ? query(text) : query(text, values)) : query(text, values, callback);
    };
  });
  return pool;
}

export function namedStatementsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DATABASE_NAMED_STATEMENTS !== '0';
}
