/**
 * Lists of DESIGN.md "API conventions": `page` (from 1), `pageSize` (default 10, at most
 * 100), `sort` (a sortable grid column of the screen's declaration), `order` (asc|desc) and
 * filters by field name; the answer is `{ items, total }`. Filtering, sorting and paging run
 * in the database: LIMIT/OFFSET on the filtered query, and a COUNT over the same filtered
 * query when the page alone cannot tell the total. Ties are broken on the id (same
 * direction), so pages never overlap or skip rows.
 *
 * A list route is declared with `listRoute(spec, filtersSchema)`: its querystring schema
 * (bad sort key, page or order -> 400 code 1 naming the parameter) and a hook that drops
 * empty parameters (`?keyword=&type=` means no filter).
 */
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Page } from '../../src/domain/api';
import { resolveSchema, sortableKeys, type ScreenDeclaration, type SortOrder } from '../../src/domain/declarations';
import { PAGE_SIZE } from '../../src/domain/limits';

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
 */
export function listSpec(decl: ScreenDeclaration, columns: Record<string, SortExpression>, idColumn: string): ListSpec {
  const declared = sortableKeys(decl);
  const missing = declared.filter((k) => !(k in columns));
  const extra = Object.keys(columns).filter((k) => !declared.includes(k));
  if (missing.length || extra.length) {
    throw new Error(`${decl.id}: sortable columns of the declaration [${declared}] and of the server [${Object.keys(columns)}] differ`);
  }
  const defaultSort = decl.grid?.defaultSort ?? { key: 'createdAt', order: 'desc' as const };
  if (!(defaultSort.key in columns)) throw new Error(`${decl.id}: the default sort "${defaultSort.key}" is not a sortable column`);
  return { sortable: columns, defaultSort, idColumn };
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
      page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
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
    preValidation: async (req: FastifyRequest) => {
      const query = req.query as Record<string, unknown> | undefined;
      if (!query) return;
      for (const [k, v] of Object.entries(query)) if (typeof v === 'string' && v.trim() === '') delete query[k];
    },
  };
}

/** `%text%` for ILIKE with the wildcards of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const toExpression = (e: SortExpression): Expression<unknown> => (typeof e === 'string' ? sql.ref(e) : e);

/**
 * One page of a filtered query. `query` carries the filters and the selection; this adds the
 * order (requested or default, then the id), LIMIT and OFFSET, and counts the same filtered
 * query when the page does not tell the total by itself.
 */
export async function listPage<O>(query: SelectQueryBuilder<any, any, O>, spec: ListSpec, params: ListParams): Promise<Page<O>> {
  const page = params.page ?? 1;
  const pageSize = Math.min(params.pageSize ?? PAGE_SIZE, PAGE_SIZE_MAX);
  const key = params.sort !== undefined && params.sort in spec.sortable ? params.sort : spec.defaultSort.key;
  const order: SortOrder = params.sort !== undefined ? (params.order ?? 'asc') : (params.order ?? spec.defaultSort.order);
  const offset = (page - 1) * pageSize;

  const items = await query
    .orderBy(toExpression(spec.sortable[key]), order)
    .orderBy(sql.ref(spec.idColumn), order)
    .limit(pageSize)
    .offset(offset)
    .execute();

  // A partly filled page, or an empty first page, tells the total without counting.
  if ((items.length > 0 && items.length < pageSize) || (items.length === 0 && offset === 0)) {
    return { items, total: offset + items.length };
  }
  const row = await query.clearSelect().clearOrderBy()
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst() as { total: number | string | bigint } | undefined;
  return { items, total: Number(row?.total ?? 0) };
}
