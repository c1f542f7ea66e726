/**
 * The scan log exports (issue 16, SPEC 7), both export jobs streamed from scan_logs:
 *  - POST Logistics/code/file { code, format?, lang? }: every scan of one code (the barcode
 *    query's scan table without its 200-row cap), job ExportCodeInfos;
 *  - POST Report/scanLog/file { from, to, clientId?, source?, format?, lang? }: every scan in a
 *    period, of the caller's codes (a client) or of the clients its role manages (the
 *    operator), job CustomerExportScanLog (SPEC lists a scan log export among 15-18).
 * Both are guarded by the barcode query's menu (28).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { JobCategory, TenantType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { LANGS, type Lang } from '../../../src/domain/lang';
import { SCAN_CODE_MAX_LENGTH } from '../../../src/domain/logistics';
import { LIST_EXPORT_FORMATS } from '../../../src/domain/jobs';
import type { FormDeclaration } from '../../../src/domain/validation/index';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/index';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { enumLabel, exportText } from '../../services/codes';
import { countRows } from '../../services/listExport';
import { readableCodeOrFail } from '../../services/logistics';
import { objectBody, validated } from '../../services/resource';
import { roleScope } from '../../services/scope';
import { badRequest } from '../../errors';
import { langOf } from '../../services/names';
import { BARCODE_QUERY_MENU_ID } from '../../services/menuIds';

const COMMON = {
  format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] },
  lang: { type: 'string', enum: [...LANGS] },
} as const;

const CODE_FORM: FormDeclaration = {
  schema: {
    type: 'object', required: ['code'],
    properties: { code: { type: 'string', minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH }, ...COMMON },
  },
};

const PERIOD_FORM: FormDeclaration = {
  schema: {
    type: 'object', required: ['from', 'to'],
    properties: {
      from: { type: 'string', format: 'date-time' },
      to: { type: 'string', format: 'date-time' },
      clientId: { type: 'integer', minimum: 1 },
      source: { type: 'integer', enum: [1, 2] },
      ...COMMON,
    },
  },
};

interface ScanRow {
  id: string | number | bigint;
  code: string;
  source: number;
  type: number;
  scanned_at: Date | string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  account: string | null;
}

interface CodePayload { packageId: number; seq: number; code: string; lang: Lang; format: ExportFormat }
interface PeriodPayload { from: string; to: string; tenants: number[] | null; source?: number; lang: Lang; format: ExportFormat }

const scanQuery = (db: Db) => db.selectFrom('scan_logs as sl').leftJoin('users as u', 'u.id', 'sl.user_id')
  .select(['sl.id', 'sl.code', 'sl.source', 'sl.type', 'sl.scanned_at', 'sl.location', 'sl.latitude', 'sl.longitude', 'u.account']);

type ScanQuery = SelectQueryBuilder<any, any, ScanRow>;

async function writeScans(ctx: Parameters<Parameters<typeof registerJobHandler>[1]>[1], base: ScanQuery, lang: Lang, format: ExportFormat, fileName: string) {
  const t = exportText(lang);
  const k = (key: string) => t(`screens.barcode.${key}`);
  await writeExport<ScanRow>(ctx, {
    format,
    fileName,
    total: await countRows(base),
    columns: [
      { header: k('code'), key: 'code' },
      { header: k('time'), value: (r) => r.scanned_at },
      { header: k('source'), value: (r) => k(`source${r.source}`) },
      { header: k('type'), value: (r) => enumLabel(lang, 'ScanLogType', r.type) },
      { header: k('location'), value: (r) => r.location ?? '' },
      { header: k('latitude'), value: (r) => r.latitude ?? '' },
      { header: k('longitude'), value: (r) => r.longitude ?? '' },
      { header: k('account'), value: (r) => r.account ?? '' },
    ],
    // Newest first; keyset by (time, id): scans arrive late (the app posts batches).
    rows: inBatches<ScanRow>((after, limit) => {
      let q = base;
      if (after) q = q.where(sql<boolean>`(sl.scanned_at, sl.id) < (${new Date(after.scanned_at)}, ${String(after.id)})`);
      return q.orderBy('sl.scanned_at', 'desc').orderBy('sl.id', 'desc').limit(limit).execute();
    }, 1000),
  });
}

registerJobHandler<CodePayload>(JobCategory.ExportCodeInfos, async (job, ctx) => {
  const { packageId, seq, code, lang, format } = job.payload;
  const base = scanQuery(ctx.db).where('sl.package_id', '=', packageId).where('sl.seq', '=', seq) as unknown as ScanQuery;
  await writeScans(ctx, base, lang, format, `${exportText(lang)('screens.barcode.scans')}_${code}`);
});

registerJobHandler<PeriodPayload>(JobCategory.CustomerExportScanLog, async (job, ctx) => {
  const { from, to, tenants, source, lang, format } = job.payload;
  let base = scanQuery(ctx.db).where('sl.scanned_at', '>=', new Date(from)).where('sl.scanned_at', '<=', new Date(to));
  if (tenants) base = base.where('sl.tenant_id', 'in', tenants.length ? tenants : [0]);
  if (source) base = base.where('sl.source', '=', source);
  await writeScans(ctx, base as unknown as ScanQuery, lang, format, exportText(lang)('screens.barcode.scanLogReport'));
});

/** The client tenants whose scans `who` may export (null: every client, the operator's Admin). */
async function readableTenants(db: Db, who: Caller, clientId: number | undefined): Promise<number[] | null> {
  if (who.tenantType !== TenantType.Operator) return [who.tenantId];
  const scope = await roleScope(db, who);
  if (clientId === undefined) return scope.clients;
  if (scope.clients && !scope.clients.includes(clientId)) throw badRequest({ clientId: { key: 'oneOf' } });
  return [clientId];
}

export default async function scanLogExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.post('/Logistics/code/file', {
    config: { menuId: BARCODE_QUERY_MENU_ID, docs: { summary: 'Export every scan of one code (a job: ExportCodeInfos)', body: CODE_FORM.schema as Record<string, unknown>, status: 201, errors: [ErrorCode.BadRequest, ErrorCode.NotFound] } },
  }, async (req, reply) => {
    const who = caller(req);
    const body = validated<{ code: string; format?: ExportFormat; lang?: Lang }>(CODE_FORM, objectBody(req.body ?? {}));
    const found = await readableCodeOrFail(db, who, body.code);
    const payload: CodePayload = { packageId: Number(found.package_id), seq: Number(found.seq), code: found.code, lang: langOf(body.lang), format: body.format ?? 'csv' };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportCodeInfos, payload)));
  });

  app.post('/Report/scanLog/file', {
    config: { menuId: BARCODE_QUERY_MENU_ID, docs: { summary: 'Export the scans of a period (a job: CustomerExportScanLog)', body: PERIOD_FORM.schema as Record<string, unknown>, status: 201, errors: [ErrorCode.BadRequest] } },
  }, async (req, reply) => {
    const who = caller(req);
    const body = validated<{ from: string; to: string; clientId?: number; source?: number; format?: ExportFormat; lang?: Lang }>(PERIOD_FORM, objectBody(req.body ?? {}));
    if (new Date(body.to).getTime() < new Date(body.from).getTime()) throw badRequest({ to: { key: 'fromToDatetime' } });
    const tenants = await readableTenants(db, who, body.clientId);
    const payload: PeriodPayload = { from: body.from, to: body.to, tenants, source: body.source, lang: langOf(body.lang), format: body.format ?? 'csv' };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.CustomerExportScanLog, payload)));
  });
}
