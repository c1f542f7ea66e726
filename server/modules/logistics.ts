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
 * Each part is an index lookup: codes_code_uq, the package's key, code_logistics' key and
 * parent index, scan_logs_code_idx, logistic_movements_code_idx (docs/benchmarks.md).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaration } from '../../src/domain/declarations';
import { JobCategory } from '../../src/domain/enums';
import type { Lang } from '../../src/domain/lang';
import { CODE_QUERY_MAX_ROWS, SCAN_CODE_MAX_LENGTH, SHIP_SHEET_TYPES, STOCK_SHEET_TYPES } from '../../src/domain/logistics';
import { defineResource, type Db } from '../resource/define';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import type { RatioUnit } from '../db/schemaLogistics';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../jobs/index';
import { enumLabel, exportText } from '../services/codes';
import { countRows, listExportForm } from '../services/listExport';
import { readableCodeOrFail } from '../services/logistics';
import { shortUrlOf } from './shortUrl';
import { objectBody, validated } from '../services/resource';
import { langOf } from './product';

export const BARCODE_QUERY_MENU_ID = 28;

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
  filter: (q, { code, sheetType, warehouseId }) => {
    let out = q;
    if (sheetType !== undefined) out = out.where('sh.sheet_type', '=', sheetType);
    if (warehouseId !== undefined) out = out.where('sh.warehouse_id', '=', warehouseId);
    if (code?.trim()) {
      out = out.where((eb) => eb.exists(eb.selectFrom('logistic_movements as mv')
        .innerJoin('codes as c', (j) => j.onRef('c.package_id', '=', 'mv.package_id').onRef('c.seq', '=', 'mv.seq'))
        .select('mv.id').whereRef('mv.sheet_id', '=', 'sh.id').where('c.code', '=', code.trim())));
    }
    return out;
  },
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

const stockSheets = sheets('logistics.stock', STOCK_SHEET_TYPES);
const shipSheets = sheets('logistics.ship', SHIP_SHEET_TYPES);

export default async function logisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  stockSheets.routes(app, deps);
  shipSheets.routes(app, deps);
  exceptionLogs.routes(app, deps);

  app.post('/Logistics/exception/file', {
    config: { menuId: EXCEPTION_DECL.menuId, docs: { summary: 'Export the exception log (a job: ExportExceptionLogs)', status: 201 } },
  }, async (req, reply) => {
    const who = caller(req);
    const body = validated<ExceptionFilters & { format?: ExportFormat; lang?: Lang }>(EXCEPTION_EXPORT_FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    const { format, lang, ...filters } = body;
    const payload: ExceptionExportPayload = { filters, lang: langOf(lang), format: format ?? 'csv' };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, who, JobCategory.ExportExceptionLogs, payload)));
  });

  app.get<{ Querystring: { code: string } }>('/Logistics/code', {
    schema: { querystring: QUERY },
    config: { menuId: BARCODE_QUERY_MENU_ID, docs: { summary: 'Barcode query: one code\'s package, product, client, packages, scans and movements', errors: [2] } },
  }, async (req) => {
    const who = caller(req);
    // Only the operator's reads depend on its role's clients.
    const found = await readableCodeOrFail(db, who, req.query.code);
    const pid = Number(found.package_id);
    const seq = Number(found.seq);

    // The parts are independent index lookups: asked at once (several connections on PostgreSQL).
    const pkgQ = db.selectFrom('code_packages as p')
      .innerJoin('packaging_materials as m', 'm.id', 'p.packaging_material_id')
      .innerJoin('client_products as cp', 'cp.id', 'm.product_id')
      .innerJoin('tenants as t', 't.id', 'p.client_id')
      .select(['p.id', 'p.type', 'p.code_type', 'p.quantity', 'p.generated_at', 'p.created_at',
        'm.id as materialId', 'm.no as materialNo', 'm.name as materialName',
        'cp.id as productId', 'cp.name as productName', 't.id as clientId', 't.code as clientCode', 't.names as clientNames'])
      .where('p.id', '=', pid).executeTakeFirstOrThrow();

    const stateQ = db.selectFrom('code_logistics as cl')
      .leftJoin('package_ratios as r', 'r.id', 'cl.ratio_id')
      .leftJoin('factories as f', 'f.id', 'cl.factory_id')
      .leftJoin('production_lines as l', 'l.id', 'cl.line_id')
      .leftJoin('shifts as s', 's.id', 'cl.shift_id')
      .leftJoin('warehouses as w', 'w.id', 'cl.warehouse_id')
      .leftJoin('users as u', 'u.id', 'cl.bound_by')
      .select(['cl.level', 'cl.parent_package_id', 'cl.parent_seq', 'cl.bound_at', 'cl.status', 'cl.moved_at',
        'r.id as ratioId', 'r.name as ratioName', 'r.units', 'f.id as factoryId', 'f.name as factoryName',
        'l.id as lineId', 'l.name as lineName', 's.id as shiftId', 's.name as shiftName',
        'w.id as warehouseId', 'w.name as warehouseName', 'w.type as warehouseType', 'u.account as boundBy'])
      .where('cl.package_id', '=', pid).where('cl.seq', '=', seq).executeTakeFirst();

    const childrenQ = db.selectFrom('code_logistics as cl')
      .innerJoin('codes as c', (j) => j.onRef('c.package_id', '=', 'cl.package_id').onRef('c.seq', '=', 'cl.seq'))
      .select(['c.code', 'cl.level'])
      .where('cl.parent_package_id', '=', pid).where('cl.parent_seq', '=', seq)
      .orderBy('c.code').limit(1000).execute();

    const scanCountQ = db.selectFrom('scan_logs').select((eb) => eb.fn.countAll().as('n'))
      .where('package_id', '=', pid).where('seq', '=', seq).executeTakeFirstOrThrow();
    const scansQ = db.selectFrom('scan_logs as sl').leftJoin('users as u', 'u.id', 'sl.user_id')
      .select(['sl.source', 'sl.type', 'sl.scanned_at', 'sl.location', 'sl.latitude', 'sl.longitude', 'u.account'])
      .where('sl.package_id', '=', pid).where('sl.seq', '=', seq)
      .orderBy('sl.scanned_at', 'desc').orderBy('sl.id', 'desc').limit(CODE_QUERY_MAX_ROWS).execute();

    const movementsQ = db.selectFrom('logistic_movements as mv')
      .innerJoin('logistic_sheets as sh', 'sh.id', 'mv.sheet_id')
      .innerJoin('warehouses as w', 'w.id', 'sh.warehouse_id')
      .leftJoin('warehouses as tw', 'tw.id', 'sh.to_warehouse_id')
      .select(['sh.id as sheetId', 'sh.sheet_type', 'mv.scanned', 'mv.created_at', 'sh.account',
        'w.id as warehouseId', 'w.name as warehouseName', 'tw.id as toWarehouseId', 'tw.name as toWarehouseName'])
      .where('mv.package_id', '=', pid).where('mv.seq', '=', seq)
      .orderBy('mv.created_at', 'desc').orderBy('mv.id', 'desc').limit(CODE_QUERY_MAX_ROWS).execute();

    const shortQ = db.selectFrom('short_urls').select('token').where('package_id', '=', pid).where('seq', '=', seq).executeTakeFirst();

    const [pkg, state, children, scanCount, scans, movements, short] = await Promise.all([pkgQ, stateQ, childrenQ, scanCountQ, scansQ, movementsQ, shortQ]);

    // The chain of outer packages, innermost first (at most 4 above a code: five levels).
    const parents = state?.parent_package_id != null ? (await sql<{ code: string; level: number | null; depth: number }>`
      with recursive up(package_id, seq, depth) as (
        select ${state.parent_package_id}::integer, ${state.parent_seq}::integer, 1
        union all
        select cl.parent_package_id, cl.parent_seq, up.depth + 1 from code_logistics cl
        join up on cl.package_id = up.package_id and cl.seq = up.seq
        where cl.parent_package_id is not null and up.depth < 5
      )
      select c.code, cl.level, up.depth from up
      join codes c on c.package_id = up.package_id and c.seq = up.seq
      left join code_logistics cl on cl.package_id = up.package_id and cl.seq = up.seq
      order by up.depth`.execute(db)).rows : [];

    const units = (state?.units as RatioUnit[] | null | undefined) ?? null;
    const level = n(state?.level);
    return {
      code: found.code,
      seq,
      package: { id: pkg.id, type: pkg.type, codeType: pkg.code_type, quantity: pkg.quantity, createdAt: iso(pkg.created_at) },
      /** The code's short address (GET Config/short-url), when it has one. */
      shortUrl: short ? shortUrlOf(req, short.token) : null,
      packagingMaterial: { id: pkg.materialId, no: pkg.materialNo, name: pkg.materialName },
      product: { id: pkg.productId, name: pkg.productName },
      client: { id: pkg.clientId, code: pkg.clientCode, names: pkg.clientNames },
      generatedAt: iso(pkg.generated_at),
      logistics: state ? {
        level,
        unit: level && units ? units[level - 1]?.unit ?? null : null,
        ratio: state.ratioId ? { id: state.ratioId, name: state.ratioName } : null,
        factory: state.factoryId ? { id: state.factoryId, name: state.factoryName } : null,
        line: state.lineId ? { id: state.lineId, name: state.lineName } : null,
        shift: state.shiftId ? { id: state.shiftId, name: state.shiftName } : null,
        boundAt: iso(state.bound_at),
        boundBy: state.boundBy ?? null,
        status: state.status,
        warehouse: state.warehouseId ? { id: state.warehouseId, name: state.warehouseName, type: state.warehouseType } : null,
        movedAt: iso(state.moved_at),
      } : null,
      parent: parents[0] ? { code: parents[0].code, level: n(parents[0].level) } : null,
      parents: parents.map((p) => ({ code: p.code, level: n(p.level) })),
      children: children.map((c) => ({ code: c.code, level: n(c.level) })),
      scanCount: Number(scanCount.n),
      scans: scans.map((s) => ({
        source: s.source, type: s.type, scannedAt: iso(s.scanned_at), location: s.location,
        latitude: s.latitude, longitude: s.longitude, account: s.account ?? null,
      })),
      movements: movements.map((m) => ({
        sheetId: m.sheetId, sheetType: m.sheet_type, scanned: m.scanned, at: iso(m.created_at), account: m.account,
        warehouse: { id: m.warehouseId, name: m.warehouseName },
        toWarehouse: m.toWarehouseId ? { id: m.toWarehouseId, name: m.toWarehouseName } : null,
      })),
    };
  });
}
