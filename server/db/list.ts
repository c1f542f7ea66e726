/**
 * Lists of DESIGN.md "API conventions": `page` (from 1), `pageSize` (default 10, at most
 * 100), `sort` (a sortable grid column of the screen's declaration), `order` (asc|desc) and
 * filters by field name; the answer is `{ items, total }`. Filtering, sorting and paging run
 * in the database: a page by keyset after a remembered boundary, else LIMIT/OFFSET; a COUNT
 * over the same filtered query when the page alone cannot tell the total, kept a few seconds
 * when large (docs/decisions.md "Lists"). Ties are broken on the id (same direction), so
 * pages never overlap or skip rows. `page` is at most PAGE_MAX.
 *
 * A list route is declared with `listRoute(spec, filtersSchema)`: its querystring schema
 * (bad sort key, page or order -> 400 code 1 naming the parameter) and a hook that drops
 * empty parameters (`?keyword=&type=` means no filter).
 */
import { CompiledQuery, sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Page } from '../../src/domain/api';
import { resolveSchema, sortableKeys, type ScreenDeclaration, type SortOrder } from '../../src/domain/declarations';
import { PAGE_SIZE } from '../../src/domain/limits';
import { defaultSortOf } from '../../src/domain/listSort';
import { ShortCache, writeEpoch } from './shortCache';

export const PAGE_SIZE_MAX = 100;

export interface ListParams {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: SortOrder;
}

/** A sortable key's database expression: a column reference ('r.name') or any expression. */
export type SortExpression = string | Expression<unknown>;

export interface ListSpec {
  /** Grid key -> what the database sorts by. Exactly the declaration's sortable columns. */
  sortable: Record<string, SortExpression>;
  defaultSort: { key: string; order: SortOrder };
  /** The tie-breaker, e.g. 'r.id'. */
  idColumn: string;
}

/**
 * The list spec of a screen: `columns` must cover every sortable column of the declaration
 * (and nothing else), and the default sort is the declaration's grid.defaultSort (else
 * createdAt desc, SPEC.md "Tables"). Mismatches throw at start-up, not at the first request.
 * `more`: sort keys the API takes beyond the grid's (a column no screen shows, kept for callers).
 */
export function listSpec(
  decl: ScreenDeclaration, columns: Record<string, SortExpression>, idColumn: string, more: Record<string, SortExpression> = {},
): ListSpec {
  const declared = sortableKeys(decl);
  const missing = declared.filter((k) => !(k in columns));
  const unknown = Object.keys(columns).filter((k) => !declared.includes(k));
  if (missing.length || unknown.length) {
    throw new Error(`${decl.id}: sortable columns of the declaration [${declared}] and of the server [${Object.keys(columns)}] differ`);
  }
  const defaultSort = defaultSortOf(decl);
  if (!(defaultSort.key in columns)) throw new Error(`${decl.id}: the default sort "${defaultSort.key}" is not a sortable column`);
  return { sortable: { ...columns, ...more }, defaultSort, idColumn };
}

/** Drop `x-` annotations: Fastify's Ajv (strict) knows only standard keywords. */
function standardOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(standardOnly);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith('x-')).map(([k, v]) => [k, standardOnly(v)]));
}

/** The querystring schema of a list: paging, sorting and the declaration's filters. */
export function listQuerySchema(spec: ListSpec, filters?: Record<string, unknown>): Record<string, unknown> {
  const filterProps = filters ? ((standardOnly(resolveSchema(filters)) as { properties?: Record<string, unknown> }).properties ?? {}) : {};
  return {
    type: 'object',
    properties: {
      ...filterProps,
      page: { type: 'integer', minimum: 1, maximum: PAGE_MAX },
      pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX },
      sort: { type: 'string', enum: Object.keys(spec.sortable) },
      order: { type: 'string', enum: ['asc', 'desc'] },
    },
  };
}

/** Route options of a list: the querystring schema and the hook dropping empty parameters. */
export function listRoute(spec: ListSpec, filters?: Record<string, unknown>): Pick<RouteShorthandOptions, 'schema' | 'preValidation'> {
  return {
    schema: { querystring: listQuerySchema(spec, filters) },
    preValidation: (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const query = req.query as Record<string, unknown> | undefined;
      if (query) for (const k in query) if (typeof query[k] === 'string' && (query[k] as string).trim() === '') delete query[k];
      done();
    },
  };
}

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const toExpression = (e: SortExpression): Expression<unknown> => (typeof e === 'string' ? sql.ref(e) : e);

/** The largest `page` a list answers (beyond it: 400 code 1 on page). */
export const PAGE_MAX = 10_000;

/**
 * Counts of a filter, kept COUNT_CACHE_MS (and dropped on any write of this process,
 * db/shortCache.ts) once they reach COUNT_CACHE_MIN rows: a list that large is not counted
 * again for every page turned; a smaller count costs little and stays exact.
 */
const COUNT_CACHE_MS = 10_000;
const COUNT_CACHE_MIN = 1_000;
const counts = new ShortCache<number>(COUNT_CACHE_MS);

/**
 * The row just before an offset of an ordered filter (its sort value and id), kept
 * BOUNDARY_CACHE_MS: a page whose boundary is known (the page after one just served, or a
 * page asked again) is read by keyset, `(sort, id) > (boundary)`, an index range scan,
 * instead of reading and dropping every row before its offset.
 */
const BOUNDARY_CACHE_MS = 60_000;
const boundaries = new ShortCache<{ sort: unknown; id: unknown }>(BOUNDARY_CACHE_MS, 20_000);

/** Extra columns a page query reads to remember its boundaries; never answered. */
const SORT_VALUE = '__list_sort';
const ID_VALUE = '__list_id';

export interface ListPageOptions {
  /** Read deep pages by keyset when a boundary is known (default true). */
  keyset?: boolean;
  /**
   * The database (or transaction) `query` was built on. Given, a page query whose text is
   * known for this filter's SQL runs from that text (`pageTexts`) without being built and
   * compiled again.
   */
  db?: { executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[] }> };
}

/**
 * Page query texts by filter SQL, sort, order and kind of page (first, offset, keyset). A page
 * query is its filter's query plus an order, two key columns and a limit: when the sort
 * expression holds no parameter, its parameters are the filter's followed by the page's own
 * (limit, offset or boundary), so the text compiled once serves every later request of that
 * shape with new values. Only SQL text is kept (never data); bounded.
 */
const pageTexts = new Map<string, string>();
const PAGE_TEXTS_MAX = 2_000;

type PageKind = 'first' | 'offset' | 'keyset';

/**
 * One page query: from its kept text when `db` is given and the text is known, else built,
 * compiled (its text kept when its parameters are the filter's then `tail`) and run.
 */
async function pageRows<R>(
  base: CompiledQuery, shape: string, kind: PageKind, tail: unknown[], build: () => SelectQueryBuilder<any, any, R>, db: ListPageOptions['db'],
): Promise<R[]> {
  if (!db) return build().execute();
  const textKey = `${base.sql}\u0000${shape}\u0000${kind}`;
  const text = pageTexts.get(textKey);
  if (text !== undefined) return (await db.executeQuery<R>(CompiledQuery.raw(text, [...base.parameters, ...tail]) as CompiledQuery<R>)).rows;
  const compiled = build().compile();
  const b = base.parameters.length;
  const same = compiled.parameters.length === b + tail.length
    && base.parameters.every((v, i) => compiled.parameters[i] === v)
    && tail.every((v, i) => compiled.parameters[b + i] === v);
  if (same && pageTexts.size < PAGE_TEXTS_MAX) pageTexts.set(textKey, compiled.sql);
  return (await db.executeQuery<R>(compiled)).rows;
}

/**
 * One page of a filtered query. `query` carries the filters and the selection; this adds the
 * order (requested or default, then the id) and the page. The total is the page's own when the
 * page tells it (a partly filled page, an empty first page); else a COUNT of the filter, kept a
 * few seconds when large (`counts`). A page after a known boundary is read by keyset
 * (`boundaries`), else by OFFSET (reading one row more, so the page's boundary is known next
 * time).
 */
export async function listPage<O>(query: SelectQueryBuilder<any, any, O>, spec: ListSpec, params: ListParams, options: ListPageOptions = {}): Promise<Page<O>> {
  const page = Math.min(params.page ?? 1, PAGE_MAX);
  // An integer from 1 to PAGE_SIZE_MAX whatever the caller passed: it is written into the SQL.
  const pageSize = Math.min(Math.max(Math.trunc(Number(params.pageSize ?? PAGE_SIZE)) || PAGE_SIZE, 1), PAGE_SIZE_MAX);
  const key = params.sort !== undefined && params.sort in spec.sortable ? params.sort : spec.defaultSort.key;
  const order: SortOrder = params.sort !== undefined ? (params.order ?? 'asc') : (params.order ?? spec.defaultSort.order);
  const offset = (page - 1) * pageSize;
  const sortExpr = toExpression(spec.sortable[key]);
  const idRef = sql.ref(spec.idColumn);
  const since = writeEpoch();

  // One compile of the filter names it, for the count and the boundaries, and gives the
  // parameters of its page queries (compiling costs more than the page query takes in the
  // database: docs/benchmarks.md).
  const base = query.compile();
  const countKey = keyOf(base);
  // The LIMIT is written into the text, not sent as a parameter: with a parameter there,
  // PostgreSQL's generic plan assumes a large limit, so a named statement was planned afresh
  // on every execution (measured: 225 µs of database CPU a page instead of 79 µs).
  const limit = sql.lit(pageSize);
  const shape = `${key}\u0000${order}\u0000${pageSize}`;
  const filterKey = `${countKey}\u0000${shape}`;
  const withKeys = () => query.orderBy(sortExpr, order).orderBy(idRef, order)
    .select([sql`${sortExpr}`.as(SORT_VALUE), idRef.as(ID_VALUE)]) as unknown as SelectQueryBuilder<any, any, O & Keys>;

  let rows: (O & Keys)[] | null = null;
  const known = offset > 0 && options.keyset !== false ? boundaries.get(`${filterKey}\u0000${offset}`) : undefined;
  if (known && known.sort !== null && known.sort !== undefined) {
    const after = order === 'asc' ? sql.raw('>') : sql.raw('<');
    const found = await pageRows(base, shape, 'keyset', [known.sort, known.id],
      () => withKeys().where(sql<boolean>`(${sortExpr}, ${idRef}) ${after} (${known.sort}, ${known.id})`).limit(limit), options.db);
    // Ascending, NULL sort values come last and are not "greater": a short page may lack them.
    if (found.length === pageSize || order === 'desc') rows = found;
  }
  if (!rows) {
    if (offset > 0) {
      const found = await pageRows(base, shape, 'offset', [offset - 1], () => withKeys().limit(sql.lit(pageSize + 1)).offset(offset - 1), options.db);
      const before = found.shift();
      if (before) boundaries.set(`${filterKey}\u0000${offset}`, { sort: before[SORT_VALUE], id: before[ID_VALUE] }, since);
      rows = found;
    } else {
      rows = await pageRows(base, shape, 'first', [], () => withKeys().limit(limit), options.db);
    }
  }
  const last = rows[rows.length - 1];
  if (last && rows.length === pageSize) boundaries.set(`${filterKey}\u0000${offset + pageSize}`, { sort: last[SORT_VALUE], id: last[ID_VALUE] }, since);
  // A copy without the two key columns (a rest pattern with computed keys is several times slower).
  const items = rows.map((r) => {
    const item: Record<string, unknown> = {};
    for (const k in r) if (k !== SORT_VALUE && k !== ID_VALUE) item[k] = (r as Record<string, unknown>)[k];
    return item as O;
  });

  // A partly filled page, or an empty first page, tells the total without counting.
  if ((items.length > 0 && items.length < pageSize) || (items.length === 0 && offset === 0)) {
    return { items, total: offset + items.length };
  }
  return { items, total: await countOf(query, countKey, since) };
}

/** A compiled query as a cache key: its SQL and its parameters. */
const keyOf = (q: { sql: string; parameters: readonly unknown[] }) =>
  `${q.sql}\u0000${JSON.stringify(q.parameters, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`;

type Keys = { [SORT_VALUE]: unknown; [ID_VALUE]: unknown };

/** The COUNT of `query`'s filter; `key`: the filter compiled (keyOf(query.compile())). */
async function countOf(query: SelectQueryBuilder<any, any, any>, key: string, since: number): Promise<number> {
  const cached = counts.get(key);
  if (cached !== undefined) return cached;
  const countQuery = query.clearSelect().clearOrderBy().select((eb) => eb.fn.countAll().as('total'));
  // Requests asking the same count at the same time share one COUNT.
  const flight = `${since}\u0000${key}`; // not shared across a write
  const running = countsRunning.get(flight);
  if (running) return running;
  const counting = (async () => {
    const row = await countQuery.executeTakeFirst() as { total: number | string | bigint } | undefined;
    const total = Number(row?.total ?? 0);
    if (total >= COUNT_CACHE_MIN) counts.set(key, total, since);
    return total;
  })().finally(() => countsRunning.delete(flight));
  countsRunning.set(flight, counting);
  return counting;
}

const countsRunning = new Map<string, Promise<number>>();
