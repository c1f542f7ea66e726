/**
 * Exception log (menu 29): GET Logistics/exception (filters from/to, code, reason), view only;
 * POST Logistics/exception/file an export job (ExportExceptionLogs). Rows: services/logistics.ts.
 *
 * Barcode query (menu 28, released): GET Logistics/code?code= — everything known about one
 * code within the caller's tenant (a client: the codes made for it; the operator: the codes it
 * keeps for the clients its role manages):
 *   code, package (code package id, type, position), packaging material, product, client,
 *   generatedAt; its logistics state (level and unit by the package ratio, factory, line,
 *   shift, bound time, in stock / shipped and where); its parent package (and the chain up to
 *   the outermost) and its child packages; every scan (scan_logs: consumer page and app, type
 *   PC/Mobile, time and place; the newest CODE_QUERY_MAX_ROWS, with the total) and every
 *   logistics movement (sheets of the app, newest first).
 * An unknown code, or another tenant's, answers 404 code 2 "this barcode does not exist".
 * One SQL statement (codeAnswer), each part an index lookup: codes_code_uq, the package's key, code_logistics' key and
 * parent index, scan_logs_code_idx, logistic_movements_code_idx (docs/benchmarks.md).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { CodePackageStatus, JobCategory, RoleType, TenantType } from '../../../src/domain/enums';
import type { Lang } from '../../../src/domain/lang';
import { CODE_QUERY_MAX_ROWS, SCAN_CODE_MAX_LENGTH, SHIP_SHEET_TYPES, STOCK_SHEET_TYPES } from '../../../src/domain/logistics';
import { defineResource, type Db } from '../../resource/define';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { RatioUnit } from '../../db/schemaLogistics';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { enumLabel, exportText } from '../../services/codes';
import { countRows, listExportForm } from '../../services/listExport';
import { barcodeNotExist } from '../../services/logistics';
import { idParams, objectBody, validated } from '../../services/resource';
import { notFound } from '../../errors';
import { LIST_EXPORT_FORMATS } from '../../../src/domain/jobs';
import { langOf } from '../../services/names';
import { BARCODE_QUERY_MENU_ID } from '../../services/menuIds';
import { shortUrlOf } from '../../services/shortUrls';


const QUERY = {
  type: 'object', required: ['code'], additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH } },
} as const;

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

// --- Stock (26) and ship (27) sheets: the app's stock-in and ship-out batches -------------

export interface SheetDto {
  id: number; sheetType: number; warehouseId: number; warehouseName: string; toWarehouseId: number | null; toWarehouseName: string | null;
  account: string; scannedCount: number; codeCount: number; createdAt: string; scannedCodes?: string[];
}

interface SheetFilters { code?: string; sheetType?: number; warehouseId?: number }

const sheetQuery = (types: readonly number[]) => (db: Db) => db.selectFrom('logistic_sheets as sh')
  .innerJoin('warehouses as w', 'w.id', 'sh.warehouse_id')
  .leftJoin('warehouses as tw', 'tw.id', 'sh.to_warehouse_id')
  .select(['sh.id', 'sh.sheet_type', 'sh.warehouse_id', 'w.name as warehouseName', 'sh.to_warehouse_id', 'tw.name as toWarehouseName',
    'sh.account', 'sh.scanned_count', 'sh.code_count', 'sh.created_at'])
  .where('sh.sheet_type', 'in', [...types]);
type SheetRow = Awaited<ReturnType<ReturnType<ReturnType<typeof sheetQuery>>['executeTakeFirstOrThrow']>>;

/** The list's filters: sheet type, warehouse, a code the sheet moved. */
function sheetFilter<Q extends ReturnType<ReturnType<typeof sheetQuery>>>(q: Q, { code, sheetType, warehouseId }: SheetFilters): Q {
  let out = q;
  if (sheetType !== undefined) out = out.where('sh.sheet_type', '=', sheetType) as Q;
  if (warehouseId !== undefined) out = out.where('sh.warehouse_id', '=', warehouseId) as Q;
  if (code?.trim()) {
    out = out.where((eb) => eb.exists(eb.selectFrom('logistic_movements as mv')
      .innerJoin('codes as c', (j) => j.onRef('c.package_id', '=', 'mv.package_id').onRef('c.seq', '=', 'mv.seq'))
      .select('mv.id').whereRef('mv.sheet_id', '=', 'sh.id').where('c.code', '=', code.trim()))) as Q;
  }
  return out;
}

/** The sheets of one list: stock-in (26) or ship-out (27); the view adds the codes scanned (at most 1,000). */
const sheets = (id: 'logistics.stock' | 'logistics.ship', types: readonly number[]) => defineResource<SheetRow, SheetDto, never, SheetFilters>({
  declaration: declaration(id),
  table: 'logistic_sheets',
  alias: 'sh',
  columns: {
    id: 'sh.id', sheetType: 'sh.sheet_type', warehouseName: sql`lower(w.name)`, account: sql`lower(sh.account)`,
    scannedCount: 'sh.scanned_count', codeCount: 'sh.code_count', createdAt: 'sh.created_at',
  },
  query: sheetQuery(types),
  only: ['list', 'get'],
  filter: (q, filters) => sheetFilter(q as ReturnType<ReturnType<typeof sheetQuery>>, filters) as typeof q,
  toDto: (r) => ({
    id: r.id, sheetType: r.sheet_type, warehouseId: r.warehouse_id, warehouseName: r.warehouseName,
    toWarehouseId: r.to_warehouse_id, toWarehouseName: r.toWarehouseName ?? null, account: r.account,
    scannedCount: r.scanned_count, codeCount: r.code_count, createdAt: iso(r.created_at)!,
  }),
  details: async (db, dto) => {
    const rows = await db.selectFrom('logistic_movements').select('code').where('sheet_id', '=', dto.id).where('scanned', '=', true)
      .orderBy('id').limit(1000).execute();
    return { ...dto, scannedCodes: rows.map((r) => r.code) };
  },
});

// --- Exception log (29): the codes of refused scan batches ---------------------------------

export interface ExceptionDto {
  id: number; createdAt: string; account: string; kind: number; sheetType: number | null;
  code: string; reason: string; errorCode: number; batchId: string;
}

interface ExceptionFilters { from?: string; to?: string; code?: string; reason?: string }

const EXCEPTION_DECL = declaration('logistics.exception');

const exceptionQuery = (db: Db) => db.selectFrom('exception_logs as ex')
  .select(['ex.id', 'ex.created_at', 'ex.account', 'ex.kind', 'ex.sheet_type', 'ex.code', 'ex.reason', 'ex.error_code', 'ex.batch_id']);
type ExceptionRow = Awaited<ReturnType<ReturnType<typeof exceptionQuery>['executeTakeFirstOrThrow']>>;

/** The list's filters: from <= time < to (ISO 8601), the code exactly, the reason. */
function exceptionFilter<Q extends ReturnType<typeof exceptionQuery>>(q: Q, { from, to, code, reason }: ExceptionFilters): Q {
  let out = q;
  if (from) out = out.where('ex.created_at', '>=', new Date(from)) as Q;
  if (to) out = out.where('ex.created_at', '<', new Date(to)) as Q;
  if (code?.trim()) out = out.where('ex.code', '=', code.trim()) as Q;
  if (reason) out = out.where('ex.reason', '=', reason) as Q;
  return out;
}

const exceptionLogs = defineResource<ExceptionRow, ExceptionDto, never, ExceptionFilters>({
  declaration: EXCEPTION_DECL,
  table: 'exception_logs',
  alias: 'ex',
  columns: {
    createdAt: 'ex.created_at', account: sql`lower(ex.account)`, kind: 'ex.kind', code: 'ex.code', reason: 'ex.reason',
  },
  query: exceptionQuery,
  only: ['list'],
  filter: (q, filters) => exceptionFilter(q as ReturnType<typeof exceptionQuery>, filters) as typeof q,
  toDto: (r) => ({
    id: Number(r.id), createdAt: iso(r.created_at)!, account: r.account, kind: r.kind, sheetType: r.sheet_type ?? null,
    code: r.code, reason: r.reason, errorCode: r.error_code, batchId: r.batch_id,
  }),
});

/** The body of POST Logistics/exception/file: the list's filters, a format and a language. */
export const EXCEPTION_EXPORT_FORM = listExportForm(EXCEPTION_DECL);

interface ExceptionExportPayload { filters: ExceptionFilters; lang: Lang; format: ExportFormat }

registerJobHandler<ExceptionExportPayload>(JobCategory.ExportExceptionLogs, async (job, ctx) => {
  const { filters, lang, format } = job.payload;
  const base = exceptionFilter(exceptionQuery(ctx.db).where('ex.tenant_id', '=', job.tenantId), filters ?? {});
  const total = await countRows(base);
  const t = exportText(lang);
  await writeExport<ExceptionRow>(ctx, {
    format: format ?? 'csv',
    fileName: t('screens.exceptionLog.title'),
    total,
    columns: [
      { header: t('screens.exceptionLog.time'), value: (r) => r.created_at },
      { header: t('screens.exceptionLog.account'), key: 'account' },
      { header: t('screens.exceptionLog.kind'), value: (r) => enumLabel(lang, 'ScanBatchKind', r.kind) },
      { header: t('screens.exceptionLog.sheetType'), value: (r) => (r.sheet_type === null ? '' : enumLabel(lang, 'LogisticSheetType', r.sheet_type)) },
      { header: t('screens.exceptionLog.code'), key: 'code' },
      { header: t('screens.exceptionLog.reason'), value: (r) => enumLabel(lang, 'ScanRefusal', r.reason) },
      { header: t('screens.exceptionLog.batchId'), key: 'batch_id' },
    ],
    // Newest first, as the list shows them; keyset by id (rows are inserted in time order).
    rows: inBatches<ExceptionRow>((after, limit) => {
      let q = base;
      if (after) q = q.where('ex.id', '<', String(after.id));
      return q.orderBy('ex.id', 'desc').limit(limit).execute();
    }, 1000),
  });
});

// --- Stock and ship sheet exports (jobs ExportLogistics 5, ExportLogisticsDetails 6) -------

type SheetList = 'stock' | 'ship';
const SHEET_LISTS = {
  stock: { decl: declaration('logistics.stock'), types: STOCK_SHEET_TYPES },
  ship: { decl: declaration('logistics.ship'), types: SHIP_SHEET_TYPES },
} as const;
const SHEET_EXPORT_FORMS = { stock: listExportForm(SHEET_LISTS.stock.decl), ship: listExportForm(SHEET_LISTS.ship.decl) };

interface SheetExportPayload { list: SheetList; filters: SheetFilters; lang: Lang; format: ExportFormat }
interface SheetDetailPayload { list: SheetList; id: number; lang: Lang; format: ExportFormat }

const sheetColumns = (lang: Lang) => {
  const t = exportText(lang);
  return [
    { header: t('screens.sheet.id'), value: (r: SheetRow) => r.id },
    { header: t('screens.sheet.sheetType'), value: (r: SheetRow) => enumLabel(lang, 'LogisticSheetType', r.sheet_type) },
    { header: t('screens.sheet.warehouse'), value: (r: SheetRow) => r.warehouseName },
    { header: t('screens.sheet.toWarehouse'), value: (r: SheetRow) => r.toWarehouseName ?? '' },
    { header: t('screens.sheet.account'), value: (r: SheetRow) => r.account },
    { header: t('screens.sheet.scannedCount'), value: (r: SheetRow) => r.scanned_count },
    { header: t('screens.sheet.codeCount'), value: (r: SheetRow) => r.code_count },
    { header: t('screens.sheet.time'), value: (r: SheetRow) => new Date(r.created_at) },
  ];
};

registerJobHandler<SheetExportPayload>(JobCategory.ExportLogistics, async (job, ctx) => {
  const { list, filters, lang, format } = job.payload;
  const base = sheetFilter(sheetQuery(SHEET_LISTS[list].types)(ctx.db).where('sh.tenant_id', '=', job.tenantId), filters ?? {});
  const t = exportText(lang);
  await writeExport<SheetRow>(ctx, {
    format: format ?? 'csv',
    fileName: t(list === 'stock' ? 'screens.stockSheet.title' : 'screens.shipSheet.title'),
    total: await countRows(base),
    columns: sheetColumns(lang),
    // Newest first, as the list shows them; keyset by id.
    rows: inBatches<SheetRow>((after, limit) => {
      let q = base;
      if (after) q = q.where('sh.id', '<', after.id);
      return q.orderBy('sh.id', 'desc').limit(limit).execute();
    }, 1000),
  });
});

interface MovedCodeRow { id: string | number; code: string; scanned: boolean; created_at: Date }

registerJobHandler<SheetDetailPayload>(JobCategory.ExportLogisticsDetails, async (job, ctx) => {
  const { list, id, lang, format } = job.payload;
  const sheet = await sheetQuery(SHEET_LISTS[list].types)(ctx.db).where('sh.tenant_id', '=', job.tenantId).where('sh.id', '=', id).executeTakeFirst();
  if (!sheet) throw new Error(`sheet ${id} of tenant ${job.tenantId} is gone`);
  const t = exportText(lang);
  const base = ctx.db.selectFrom('logistic_movements').select(['id', 'code', 'scanned', 'created_at'])
    .where('sheet_id', '=', id).where('tenant_id', '=', job.tenantId);
  await writeExport<MovedCodeRow>(ctx, {
    format: format ?? 'csv',
    fileName: `${t(list === 'stock' ? 'screens.stockSheet.title' : 'screens.shipSheet.title')}_${id}`,
    total: sheet.code_count,
    columns: [
      { header: t('screens.sheet.id'), value: () => id },
      { header: t('screens.sheet.sheetType'), value: () => enumLabel(lang, 'LogisticSheetType', sheet.sheet_type) },
      { header: t('screens.sheet.warehouse'), value: () => sheet.warehouseName },
      { header: t('screens.sheet.toWarehouse'), value: () => sheet.toWarehouseName ?? '' },
      { header: t('screens.sheet.code'), key: 'code' },
      // A code scanned by the app, or moved inside a scanned package.
      { header: t('screens.sheet.scanned'), value: (r) => t(r.scanned ? 'screens.sheet.scannedYes' : 'screens.sheet.scannedInside') },
      { header: t('screens.sheet.time'), value: (r) => new Date(r.created_at) },
    ],
    rows: inBatches<MovedCodeRow>((after, limit) => {
      let q = base;
      if (after) q = q.where('id', '>', after.id as never);
      return q.orderBy('id').limit(limit).execute();
    }, 1000),
  });
});

const stockSheets = sheets('logistics.stock', STOCK_SHEET_TYPES);
const shipSheets = sheets('logistics.ship', SHIP_SHEET_TYPES);

export default async function logisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  stockSheets.routes(app, deps);
  shipSheets.routes(app, deps);
  exceptionLogs.routes(app, deps);

  for (const list of ['stock', 'ship'] as const) {
    const { decl, types } = SHEET_LISTS[list];
    app.post(`/Logistics/${list}/file`, {
      config: { menuId: decl.menuId, docs: { summary: `Export the ${list} sheets (a job: ExportLogistics)`, status: 201 } },
    }, async (req, reply) => {
      const body = validated<SheetFilters & { format?: ExportFormat; lang?: Lang }>(SHEET_EXPORT_FORMS[list], req.body === undefined || req.body === null ? {} : objectBody(req.body));
      const { format, lang, ...filters } = body;
      const payload: SheetExportPayload = { list, filters, lang: langOf(lang), format: format ?? 'csv' };
      return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportLogistics, payload)));
    });
    app.get<{ Params: { id: number }; Querystring: { format?: ExportFormat; lang?: string } }>(`/Logistics/${list}/file/:id`, {
      config: { menuId: decl.menuId, docs: { summary: `Export the codes of one ${list} sheet (a job: ExportLogisticsDetails)`, errors: [2] } },
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] }, lang: { type: 'string' } } },
      },
    }, async (req) => {
      const who = caller(req);
      const found = await db.selectFrom('logistic_sheets').select('id').where('id', '=', req.params.id)
        .where('tenant_id', '=', who.tenantId).where('sheet_type', 'in', [...types]).executeTakeFirst();
      if (!found) throw notFound();
      const payload: SheetDetailPayload = { list, id: req.params.id, lang: langOf(req.query.lang), format: req.query.format ?? 'csv' };
      return db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportLogisticsDetails, payload));
    });
  }

  app.post('/Logistics/exception/file', {
    config: { menuId: EXCEPTION_DECL.menuId, docs: { summary: 'Export the exception log (a job: ExportExceptionLogs)', status: 201 } },
  }, async (req, reply) => {
    const body = validated<ExceptionFilters & { format?: ExportFormat; lang?: Lang }>(EXCEPTION_EXPORT_FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    const { format, lang, ...filters } = body;
    const payload: ExceptionExportPayload = { filters, lang: langOf(lang), format: format ?? 'csv' };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportExceptionLogs, payload)));
  });

  app.get<{ Querystring: { code: string } }>('/Logistics/code', {
    schema: { querystring: QUERY },
    config: { menuId: BARCODE_QUERY_MENU_ID, docs: { summary: 'Barcode query: one code\'s package, product, client, packages, scans and movements', errors: [2] } },
  }, async (req) => {
    return codeAnswer(db, caller(req), req.query.code, (token) => shortUrlOf(req, token));
  });
}


interface CodeAnswerRow {
  code: string; seq: number;
  pkg_id: number; pkg_type: number; pkg_code_type: number; pkg_quantity: number; pkg_created_at: Date | string | null; generated_at: Date | string | null;
  material_id: number; material_no: string; material_name: string; product_id: number; product_name: string;
  client_id: number; client_code: string; client_names: unknown;
  has_state: boolean | null; level: number | null; bound_at: Date | string | null; status: number | null; moved_at: Date | string | null;
  ratio_id: number | null; ratio_name: string | null; units: RatioUnit[] | null;
  factory_id: number | null; factory_name: string | null; line_id: number | null; line_name: string | null;
  shift_id: number | null; shift_name: string | null; warehouse_id: number | null; warehouse_name: string | null; warehouse_type: number | null;
  bound_by: string | null;
  scan_count: number | string;
  short_token: string | null;
  parents: { code: string; level: number | null }[];
  children: { code: string; level: number | null }[];
  scans: { source: number; type: number; scanned_at: string; location: string | null; latitude: number | null; longitude: number | null; account: string | null }[];
  movements: { sheet_id: number; sheet_type: number; scanned: boolean; created_at: string; account: string;
    warehouse_id: number; warehouse_name: string; to_warehouse_id: number | null; to_warehouse_name: string | null }[];
}

/**
 * GET Logistics/code in one SQL statement (one round trip, docs/benchmarks.md "Barcode query"):
 * the code as the caller may read it (a client: its own; the operator: those it keeps for the
 * clients its role manages, the role read in the same statement), then each part of the answer
 * as an index lookup in a lateral subquery: package, material, product, client, the code's
 * logistics state, the chain of outer packages (a recursive walk, at most five), the child
 * packages, the scan count and newest scans, the newest movements and the short address.
 * An unknown code, or one the caller may not read, is 404 code 2 "this barcode does not exist".
 */
export async function codeAnswer(db: Db, who: Caller, rawCode: string, shortUrl: (token: string) => string) {
  const wanted = rawCode.trim();
  if (!wanted) throw barcodeNotExist(wanted);
  const readable = who.tenantType === TenantType.Operator
    ? sql`p.tenant_id = ${who.tenantId} and exists (select 1 from roles ro where ro.id = ${who.roleId} and ro.tenant_id = ${who.tenantId}
        and (ro.type = ${RoleType.Admin} or ro.customers @> to_jsonb(p.client_id)))`
    : sql`p.client_id = ${who.tenantId}`;
  const max = CODE_QUERY_MAX_ROWS;
  const { rows } = await sql<CodeAnswerRow>`
    select c.code, c.seq,
      p.id as pkg_id, p.type as pkg_type, p.code_type as pkg_code_type, p.quantity as pkg_quantity, p.created_at as pkg_created_at, p.generated_at,
      m.id as material_id, m.no as material_no, m.name as material_name, cp.id as product_id, cp.name as product_name,
      t.id as client_id, t.code as client_code, t.names as client_names,
      cl.package_id is not null as has_state, cl.level, cl.bound_at, cl.status, cl.moved_at,
      r.id as ratio_id, r.name as ratio_name, r.units, f.id as factory_id, f.name as factory_name,
      l.id as line_id, l.name as line_name, s.id as shift_id, s.name as shift_name,
      w.id as warehouse_id, w.name as warehouse_name, w.type as warehouse_type, u.account as bound_by,
      (select count(*) from scan_logs x where x.package_id = c.package_id and x.seq = c.seq) as scan_count,
      (select su.token from short_urls su where su.package_id = c.package_id and su.seq = c.seq limit 1) as short_token,
      coalesce((select json_agg(json_build_object('code', pc.code, 'level', pl.level) order by up.depth)
        from (with recursive up(package_id, seq, depth) as (
            select cl.parent_package_id, cl.parent_seq, 1 where cl.parent_package_id is not null
            union all
            select ul.parent_package_id, ul.parent_seq, up.depth + 1 from code_logistics ul
            join up on ul.package_id = up.package_id and ul.seq = up.seq
            where ul.parent_package_id is not null and up.depth < 5
          ) select * from up) up
        join codes pc on pc.package_id = up.package_id and pc.seq = up.seq
        left join code_logistics pl on pl.package_id = up.package_id and pl.seq = up.seq), '[]'::json) as parents,
      coalesce((select json_agg(json_build_object('code', k.code, 'level', k.level) order by k.code)
        from (select kc.code, kl.level from code_logistics kl
          join codes kc on kc.package_id = kl.package_id and kc.seq = kl.seq
          where kl.parent_package_id = c.package_id and kl.parent_seq = c.seq
          order by kc.code limit 1000) k), '[]'::json) as children,
      coalesce((select json_agg(json_build_object('source', z.source, 'type', z.type, 'scanned_at', z.scanned_at, 'location', z.location,
          'latitude', z.latitude, 'longitude', z.longitude, 'account', z.account) order by z.scanned_at desc, z.id desc)
        from (select sl.id, sl.source, sl.type, sl.scanned_at, sl.location, sl.latitude, sl.longitude, su.account from scan_logs sl
          left join users su on su.id = sl.user_id
          where sl.package_id = c.package_id and sl.seq = c.seq
          order by sl.scanned_at desc, sl.id desc limit ${max}) z), '[]'::json) as scans,
      coalesce((select json_agg(json_build_object('sheet_id', v.sheet_id, 'sheet_type', v.sheet_type, 'scanned', v.scanned, 'created_at', v.created_at,
          'account', v.account, 'warehouse_id', v.warehouse_id, 'warehouse_name', v.warehouse_name,
          'to_warehouse_id', v.to_warehouse_id, 'to_warehouse_name', v.to_warehouse_name) order by v.created_at desc, v.id desc)
        from (select mv.id, sh.id as sheet_id, sh.sheet_type, mv.scanned, mv.created_at, sh.account,
            mw.id as warehouse_id, mw.name as warehouse_name, tw.id as to_warehouse_id, tw.name as to_warehouse_name
          from logistic_movements mv
          join logistic_sheets sh on sh.id = mv.sheet_id
          join warehouses mw on mw.id = sh.warehouse_id
          left join warehouses tw on tw.id = sh.to_warehouse_id
          where mv.package_id = c.package_id and mv.seq = c.seq
          order by mv.created_at desc, mv.id desc limit ${max}) v), '[]'::json) as movements
    from codes c
    join code_packages p on p.id = c.package_id
    join packaging_materials m on m.id = p.packaging_material_id
    join client_products cp on cp.id = m.product_id
    join tenants t on t.id = p.client_id
    left join code_logistics cl on cl.package_id = c.package_id and cl.seq = c.seq
    left join package_ratios r on r.id = cl.ratio_id
    left join factories f on f.id = cl.factory_id
    left join production_lines l on l.id = cl.line_id
    left join shifts s on s.id = cl.shift_id
    left join warehouses w on w.id = cl.warehouse_id
    left join users u on u.id = cl.bound_by
    where c.code = ${wanted} and p.status = ${CodePackageStatus.Generated} and ${readable}`.execute(db);
  const row = rows[0];
  if (!row) throw barcodeNotExist(wanted);
  const units = row.units ?? null;
  const level = n(row.level);
  const parents = row.parents.map((x) => ({ code: x.code, level: n(x.level) }));
  return {
    code: row.code,
    seq: Number(row.seq),
    package: { id: row.pkg_id, type: row.pkg_type, codeType: row.pkg_code_type, quantity: row.pkg_quantity, createdAt: iso(row.pkg_created_at) },
    /** The code's short address (GET Config/short-url), when it has one. */
    shortUrl: row.short_token ? shortUrl(row.short_token) : null,
    packagingMaterial: { id: row.material_id, no: row.material_no, name: row.material_name },
    product: { id: row.product_id, name: row.product_name },
    client: { id: row.client_id, code: row.client_code, names: row.client_names },
    generatedAt: iso(row.generated_at),
    logistics: row.has_state ? {
      level,
      unit: level && units ? units[level - 1]?.unit ?? null : null,
      ratio: row.ratio_id ? { id: row.ratio_id, name: row.ratio_name } : null,
      factory: row.factory_id ? { id: row.factory_id, name: row.factory_name } : null,
      line: row.line_id ? { id: row.line_id, name: row.line_name } : null,
      shift: row.shift_id ? { id: row.shift_id, name: row.shift_name } : null,
      boundAt: iso(row.bound_at),
      boundBy: row.bound_by ?? null,
      status: row.status,
      warehouse: row.warehouse_id ? { id: row.warehouse_id, name: row.warehouse_name, type: row.warehouse_type } : null,
      movedAt: iso(row.moved_at),
    } : null,
    parent: parents[0] ?? null,
    parents,
    children: row.children.map((k) => ({ code: k.code, level: n(k.level) })),
    scanCount: Number(row.scan_count),
    scans: row.scans.map((z) => ({
      source: z.source, type: z.type, scannedAt: iso(z.scanned_at), location: z.location,
      latitude: z.latitude, longitude: z.longitude, account: z.account ?? null,
    })),
    movements: row.movements.map((v) => ({
      sheetId: v.sheet_id, sheetType: v.sheet_type, scanned: v.scanned, at: iso(v.created_at), account: v.account,
      warehouse: { id: v.warehouse_id, name: v.warehouse_name },
      toWarehouse: v.to_warehouse_id ? { id: v.to_warehouse_id, name: v.to_warehouse_name } : null,
    })),
  };
}
