/**
 * Declared exports (issue 24): `defineExport({ declaration, category, rows, columns, fileName })`
 * gives a list's "export this list" call, the declaration's `api.export` (or `call`):
 *  - the route, its body the declaration's filters plus `format` and `lang`
 *    (services/listExport.ts listExportForm, plus `fields`), checked by the route's validator
 *    with the shared validator and documented from the same object (resource/body.ts); 201
 *    `{ id, reportId }`;
 *  - the queueing: `queue` (the module's rules before the job, e.g. a filter naming a client
 *    outside the role) then one transaction holding the job and its export report
 *    (jobs/index.ts queueExport, in the zone of the user who asked);
 *  - the job: its handler (one per category; several declarations may share one, the payload
 *    names its export), the rows of the caller's tenant within the caller's role scope read
 *    in keyset batches (`rows.resource`: the resource's scoped and filtered query, or
 *    `rows.query` of the module's own), counted for the progress, written by writeExport with
 *    the headers in the asked language: a column names its grid column (`grid`: the header is
 *    the declaration's label) or an i18n key (`label`).
 * A module keeps its SQL (the query, a column or two only the file shows), the cells and the
 * file name.
 */
import type { FastifyInstance } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { parseApiCall, resolveSchema, type ScreenDeclaration } from '../../src/domain/declarations';
import { JobCategory } from '../../src/domain/enums';
import type { Lang } from '../../src/domain/lang';
import type { FormDeclaration } from '../../src/domain/validation/index';
import { caller, type Caller } from '../auth';
import type { AppDeps } from '../context';
import { exportZoneOf, inBatches, JobFailure, queueExport, registerJobHandler, writeExport, type ExportColumn, type ExportFormat, type JobContext, type JobRecord } from '../jobs/index';
import { exportText } from '../services/codes';
import { exporterOf } from '../services/exporter';
import { countRows, listExportForm } from '../services/listExport';
import { langOf } from '../services/names';
import { validated } from '../services/resource';
import { roleScope, type RoleScope } from '../services/scope';
import { declaredBody } from './body';
import { fastifyPath, type Db, type RouteDocs } from './define';
import { standardOnly } from './schemas';

type AnyQuery<Row> = SelectQueryBuilder<any, any, Row>;
/** An export whose `queue` adds nothing. */
export type NoExtra = Record<never, never>;

/** What a declared export's job carries (`Extra`: what `queue` added). */
export type ExportPayload<Filters, Extra extends object = NoExtra> = Extra & {
  /** The declaration whose export this is (a category may serve several). */
  export: string;
  /** The caller's role when queued: its scope is read again when the job runs. */
  roleId: number;
  filters: Filters;
  lang: Lang;
  format: ExportFormat;
};

/** The rows' context when the job runs: the exporter's tenant and role scope, the filters. */
export interface ExportJob<Filters, Extra extends object = NoExtra> {
  tenantId: number;
  scope: RoleScope;
  filters: Filters;
  payload: ExportPayload<Filters, Extra>;
}

/** What a cell sees besides its row. */
export interface CellContext<Filters, Extra extends object, Prepared> {
  lang: Lang;
  /** Texts in the asked language (services/codes.ts exportText). */
  t: (key: string) => string;
  /** The zone of the user who asked (Date cells are written in it anyway). */
  zone: string;
  prepared: Prepared;
  job: ExportJob<Filters, Extra>;
}

/** A file column: its header (the grid column's label, an i18n key, or computed), its cell (`key` or `value`). */
export type ExportCell<Row, Filters = any, Extra extends object = any, Prepared = any> =
  ({ grid: string } | { label: string } | { header: (x: CellContext<Filters, Extra, Prepared>) => string })
  & ({ key: keyof Row & string } | { value: (row: Row, x: CellContext<Filters, Extra, Prepared>) => unknown });

export interface ExportDefinition<Row, Filters, Extra extends object, Prepared> {
  /** The list's declaration: its filters, its `api.export` call, its menu, its grid's labels. */
  declaration: ScreenDeclaration;
  /** JobCategory of the job (and of its export report). */
  category: number;
  /** Another call than the declaration's `api.export` (e.g. the same file filed as a report). */
  call?: string;
  /** Menu ids of the route (default the declaration's). */
  menuId?: number | number[];
  /** The route's summary in the API documentation. */
  summary?: string;
  /** Catalogue codes the route can answer besides 1, 3 and 9999 (documentation). */
  errors?: number[];
  /** Body properties besides the filters, format and lang (JSON schema), kept for `queue`. */
  fields?: Record<string, unknown>;
  /**
   * Rules when queued (before the transaction; throw ApiError to refuse) and what the job
   * needs besides the filters (e.g. the clients the caller's role manages then).
   */
  queue?(ctx: { db: AppDeps['db']; who: Caller }, body: Filters & Record<string, unknown>): Promise<Extra>;
  rows: {
    /** The resource's scoped query with its list filter (resource/define.ts `filtered`)... */
    resource?: { filtered(db: Db, who: { tenantId: number }, scope: RoleScope, filters: Filters): AnyQuery<any> };
    /** ...or a query of the module's own: it must keep to `job.tenantId` (and `job.scope`). */
    query?(db: Db, job: ExportJob<Filters, Extra>): AnyQuery<any>;
    /** Columns only the file shows (not counted), e.g. a subquery. */
    select?(q: AnyQuery<any>): AnyQuery<Row>;
    /**
     * Keyset paging: the unique column read in order ('bp.id'; the row's property is the part
     * after the dot), `[column, 'desc']` newest first, or a function adding the condition
     * after the last row and the order (a composite key).
     */
    keyset: string | [string, 'desc'] | ((q: AnyQuery<Row>, after: Row | null) => AnyQuery<Row>);
    /** The rows to expect (default: the filtered query counted). */
    count?(db: Db, q: AnyQuery<any>): Promise<number>;
    /** Rows per batch (default 1,000). */
    batch?: number;
  };
  /** Read once per job before the rows (e.g. settings the cells need). */
  prepare?(db: Db, job: ExportJob<Filters, Extra>): Promise<Prepared>;
  columns: readonly ExportCell<Row, Filters, Extra, Prepared>[];
  /** The file's name: an i18n key (`<name>_<time>.<format>`). */
  fileName: string;
}

export interface DeclaredExport {
  /** Register the export's route on a /v1 plugin. */
  routes(app: FastifyInstance, deps: AppDeps): void;
}

type Run = (job: JobRecord<ExportPayload<unknown>>, ctx: JobContext) => Promise<void>;
/** Category -> the exports it serves, by declaration id. */
const EXPORTS = new Map<number, Map<string, Run>>();

const categoryName = (category: number) => Object.entries(JobCategory).find(([, v]) => v === category)?.[0] ?? String(category);

function registerExport(category: number, key: string, run: Run): void {
  let runs = EXPORTS.get(category);
  if (!runs) {
    EXPORTS.set(category, (runs = new Map()));
    registerJobHandler<ExportPayload<unknown>>(category, async (job, ctx) => {
      const all = EXPORTS.get(category)!;
      // A job queued before its payload named the export: the category's only export.
      const found = all.get(job.payload?.export) ?? (all.size === 1 ? [...all.values()][0] : undefined);
      if (!found) throw new JobFailure('This export was queued by an older version: please export again.');
      await found(job, ctx);
    });
  }
  runs.set(key, run);
}

/** The keyset's page: rows after `after`, in the key's order. */
function keysetPage<Row>(keyset: ExportDefinition<Row, any, any, any>['rows']['keyset']) {
  if (typeof keyset === 'function') return keyset;
  const [column, order] = typeof keyset === 'string' ? [keyset, 'asc' as const] : keyset;
  const prop = column.slice(column.lastIndexOf('.') + 1);
  return (q: AnyQuery<Row>, after: Row | null) => {
    let out = q;
    if (after) {
      const v = (after as Record<string, unknown>)[prop];
      out = out.where(column, order === 'desc' ? '<' : '>', typeof v === 'bigint' ? String(v) : v);
    }
    return out.orderBy(column, order);
  };
}

export function defineExport<Row, Filters = Record<string, unknown>, Extra extends object = NoExtra, Prepared = undefined>(
  def: ExportDefinition<Row, Filters, Extra, Prepared>,
): DeclaredExport {
  const decl = def.declaration;
  const call = def.call ?? decl.api.export;
  if (!call) throw new Error(`${decl.id}: a declared export needs the declaration's api.export or a call`);
  if (!def.rows.resource === !def.rows.query) throw new Error(`${decl.id}: an export reads rows.resource or rows.query`);
  const filterKeys = Object.keys((decl.filters ? (resolveSchema(decl.filters.schema) as { properties?: object }).properties : undefined) ?? {});
  const gridLabels = new Map((decl.grid?.columns ?? []).map((c) => [c.key, c.label]));
  for (const c of def.columns) {
    if ('grid' in c && !gridLabels.has(c.grid)) throw new Error(`${decl.id}: the export's column ${c.grid} is not a grid column`);
  }

  const list = listExportForm(decl);
  const form: FormDeclaration = def.fields
    ? { schema: { ...(list.schema as object), properties: { ...(list.schema as { properties: object }).properties, ...def.fields } } }
    : list;
  const page = keysetPage<Row>(def.rows.keyset);

  registerExport(def.category, decl.id, async (job, ctx) => {
    const payload = job.payload as ExportPayload<Filters, Extra>;
    const lang = langOf(payload.lang);
    const t = exportText(lang);
    // The role as it is now (a job queued before its payload named the role: no role scope at all).
    const scope = await roleScope(ctx.db, { tenantId: job.tenantId, roleId: payload.roleId ?? 0 });
    const rowsJob: ExportJob<Filters, Extra> = { tenantId: job.tenantId, scope, filters: payload.filters ?? ({} as Filters), payload };
    const base = def.rows.resource
      ? def.rows.resource.filtered(ctx.db, { tenantId: job.tenantId }, scope, rowsJob.filters)
      : def.rows.query!(ctx.db, rowsJob);
    const total = def.rows.count ? await def.rows.count(ctx.db, base) : await countRows(base);
    const prepared = (def.prepare ? await def.prepare(ctx.db, rowsJob) : undefined) as Prepared;
    const x: CellContext<Filters, Extra, Prepared> = { lang, t, zone: exportZoneOf(job), prepared, job: rowsJob };
    const full = (def.rows.select ? def.rows.select(base) : base) as AnyQuery<Row>;
    await writeExport<Row>(ctx, {
      format: payload.format ?? 'csv',
      fileName: t(def.fileName),
      total,
      columns: def.columns.map((c): ExportColumn<Row> => ({
        header: 'grid' in c ? t(gridLabels.get(c.grid)!) : 'label' in c ? t(c.label) : c.header(x),
        ...('key' in c ? { key: c.key } : { value: (r: Row) => c.value(r, x) }),
      })),
      rows: inBatches<Row>((after, limit) => page(full, after).limit(limit).execute() as Promise<Row[]>, def.rows.batch ?? 1000),
    });
  });

  const routes = (app: FastifyInstance, deps: AppDeps) => {
    const { db } = deps;
    const menuId = def.menuId ?? decl.menuId;
    const docs: RouteDocs = {
      summary: def.summary ?? `Export the filtered ${decl.resource ?? decl.id} (a job: ${categoryName(def.category)}) -> { id, reportId }`,
      status: 201,
      errors: def.errors ?? [],
    };
    // No body is an export of everything (the list unfiltered).
    const check = (raw: Record<string, unknown>) => validated<Filters & Record<string, unknown> & { format?: ExportFormat; lang?: string }>(form, raw);
    app.route({
      method: parseApiCall(call).method,
      url: fastifyPath(call),
      config: { ...(menuId !== undefined ? { menuId } : {}), docs },
      ...declaredBody(standardOnly(form.schema) as Record<string, unknown>, check, { empty: {} }),
      handler: async (req, reply) => {
        const who = caller(req);
        const body = req.body as ReturnType<typeof check>;
        const extra = def.queue ? await def.queue({ db, who }, body) : ({} as Extra);
        const filters = Object.fromEntries(filterKeys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]])) as Filters;
        const payload: ExportPayload<Filters, Extra> = { ...extra, export: decl.id, roleId: who.roleId, filters, lang: langOf(body.lang), format: body.format ?? 'csv' };
        return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), def.category, payload)));
      },
    });
  };

  return { routes };
}
