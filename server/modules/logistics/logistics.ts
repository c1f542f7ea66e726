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
import { JobCategory } from '../../../src/domain/enums';
import type { Lang } from '../../../src/domain/lang';
import { SCAN_CODE_MAX_LENGTH, SHIP_SHEET_TYPES, STOCK_SHEET_TYPES } from '../../../src/domain/logistics';
import { defineResource, type Db } from '../../resource/define';
import { defineExport } from '../../resource/export';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { enumLabel, exportText } from '../../services/codes';
import { idParams } from '../../services/resource';
import { notFound } from '../../errors';
import { LIST_EXPORT_FORMATS } from '../../../src/domain/jobs';
import { langOf } from '../../services/names';
import { BARCODE_QUERY_MENU_ID } from '../../services/menuIds';
import { shortUrlOf } from '../../services/shortUrls';
import { codeAnswer } from '../../services/barcodeQuery';


const QUERY = {
  type: 'object', required: ['code'], additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH } },
} as const;

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

/** POST Logistics/exception/file: the filtered exception log, newest first (ExportExceptionLogs 7). */
const exceptionExport = defineExport<ExceptionRow, ExceptionFilters>({
  declaration: EXCEPTION_DECL,
  category: JobCategory.ExportExceptionLogs,
  summary: 'Export the exception log (a job: ExportExceptionLogs)',
  // Newest first, as the list shows them; keyset by id (rows are inserted in time order).
  rows: { resource: exceptionLogs, keyset: ['ex.id', 'desc'] },
  columns: [
    { grid: 'createdAt', key: 'created_at' },
    { grid: 'account', key: 'account' },
    { grid: 'kind', value: (r, { lang }) => enumLabel(lang, 'ScanBatchKind', r.kind) },
    { grid: 'sheetType', value: (r, { lang }) => (r.sheet_type === null ? '' : enumLabel(lang, 'LogisticSheetType', r.sheet_type)) },
    { grid: 'code', key: 'code' },
    { grid: 'reason', value: (r, { lang }) => enumLabel(lang, 'ScanRefusal', r.reason) },
    { grid: 'batchId', key: 'batch_id' },
  ],
  fileName: 'screens.exceptionLog.title',
});

// --- Stock and ship sheet exports (jobs ExportLogistics 5, ExportLogisticsDetails 6) -------

type SheetList = 'stock' | 'ship';
const SHEET_LISTS = {
  stock: { decl: declaration('logistics.stock'), types: STOCK_SHEET_TYPES },
  ship: { decl: declaration('logistics.ship'), types: SHIP_SHEET_TYPES },
} as const;

interface SheetDetailPayload { list: SheetList; id: number; lang: Lang; format: ExportFormat }

const stockSheets = sheets('logistics.stock', STOCK_SHEET_TYPES);
const shipSheets = sheets('logistics.ship', SHIP_SHEET_TYPES);

/** POST Logistics/stock|ship/file: the filtered sheets of one list, newest first (one category, ExportLogistics 5). */
const sheetExport = (list: SheetList) => defineExport<SheetRow, SheetFilters>({
  declaration: SHEET_LISTS[list].decl,
  category: JobCategory.ExportLogistics,
  summary: `Export the ${list} sheets (a job: ExportLogistics)`,
  rows: { resource: list === 'stock' ? stockSheets : shipSheets, keyset: ['sh.id', 'desc'] },
  columns: [
    { label: 'screens.sheet.id', key: 'id' },
    { label: 'screens.sheet.sheetType', value: (r, { lang }) => enumLabel(lang, 'LogisticSheetType', r.sheet_type) },
    { label: 'screens.sheet.warehouse', key: 'warehouseName' },
    { label: 'screens.sheet.toWarehouse', value: (r) => r.toWarehouseName ?? '' },
    { label: 'screens.sheet.account', key: 'account' },
    { label: 'screens.sheet.scannedCount', key: 'scanned_count' },
    { label: 'screens.sheet.codeCount', key: 'code_count' },
    { label: 'screens.sheet.time', value: (r) => new Date(r.created_at) },
  ],
  fileName: list === 'stock' ? 'screens.stockSheet.title' : 'screens.shipSheet.title',
});
const sheetExports = [sheetExport('stock'), sheetExport('ship')];

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

export default async function logisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  stockSheets.routes(app, deps);
  shipSheets.routes(app, deps);
  exceptionLogs.routes(app, deps);

  for (const e of [...sheetExports, exceptionExport]) e.routes(app, deps);
  for (const list of ['stock', 'ship'] as const) {
    const { decl, types } = SHEET_LISTS[list];
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

  app.get<{ Querystring: { code: string } }>('/Logistics/code', {
    schema: { querystring: QUERY },
    config: { menuId: BARCODE_QUERY_MENU_ID, docs: { summary: 'Barcode query: one code\'s package, product, client, packages, scans and movements', errors: [2] } },
  }, async (req) => {
    return codeAnswer(db, caller(req), req.query.code, (token) => shortUrlOf(req, token));
  });
}


