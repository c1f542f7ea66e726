/**
 * Report area: export reports (SPEC.md 3 "Export report", 4 "Report export status"; Report >
 * download, menu 42). The rows are written by the export jobs (server/jobs).
 *
 * - GET Report/exportReportAmount?max=500 (menu 42): the tenant's reports finished (progress
 *   100) and not downloaded, counted up to `max` (SPEC 7: the side menu's argument 500; default
 *   EXPORT_AMOUNT_ARGUMENT, at most EXPORT_AMOUNT_MAX): the side menu's dot and count.
 * - GET Report/exportReport (menu 42): the tenant's reports, paged, sorted and filtered in
 *   the database (functionType, status, downloaded), newest first by default.
 * - PUT Report/exportReport/{id}: marks it downloaded (body optional, `{ downloaded }`,
 *   default true); 400 code 8001 while it is not Completed.
 * - GET Report/exportReport/{id}/file: the file (attachment, never cached); 400 8001 while not
 *   Completed. Export files are not public (no `files` row, so /files/<key> answers 404).
 *
 * - GET Report/ReportSetting (menu 42): the export settings every export runs on, read-only
 *   (ReportSetting in src/domain/jobs.ts): the file formats of list exports and the default,
 *   the zone the caller's exports write times in (its X-Time-Zone, else Taipei), the job poll
 *   period and the export amount's argument and maximum.
 *
 * PUT and file: the caller's tenant only (another tenant's id is 404 code 2), and either the
 * user who asked for the export (its automatic download, from any screen with an export) or
 * a holder of menu 42 (the download screen). Both need no menu of their own for that reason.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Page } from '../../../src/domain/api';
import { declaration } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import { ReportExportStatus } from '../../../src/domain/enums';
import { EXPORT_AMOUNT_ARGUMENT, EXPORT_AMOUNT_MAX, JOB_POLL_MS } from '../../../src/domain/limits';
import { LIST_EXPORT_FORMATS, type ExportReportItem, type ReportSetting } from '../../../src/domain/jobs';
import { menuIds, userMenu } from '../../../src/domain/menu';
import { caller, menuInput, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { listPage, listRoute, listSpec, type ListParams } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { contentDisposition, fileStoreOf } from '../../services/uploads';
import { idParams } from '../../services/resource';
import { requestZone } from '../../services/exporter';
import { exportExpiresAt } from '../../ops/retention';

/** Menu id of the export report download screen. */
export const REPORT_DOWNLOAD_MENU_ID = 42;

const DECL = declaration('report.download');

const SPEC = listSpec(DECL, {
  fileName: sql`lower(coalesce(r.file_name, ''))`,
  functionType: 'r.function_type',
  status: 'r.status',
  createdAt: 'r.created_at',
  downloaded: 'r.downloaded',
}, 'r.id');

type ReportQuery = ListParams & { functionType?: number; status?: number; downloaded?: boolean };

const COLUMNS = ['r.id', 'r.file_name', 'r.function_type', 'r.status', 'r.progress', 'r.downloaded', 'r.file_url', 'r.message', 'r.created_at', 'r.user_id'] as const;

type ReportRow = {
  id: number; file_name: string | null; function_type: number; status: number; progress: number;
  downloaded: boolean; file_url: string | null; message: string | null; created_at: Date; user_id: number | null;
};

function toItem(r: ReportRow, retentionDays: number): ExportReportItem {
  const finished = r.status === ReportExportStatus.Completed || r.status === ReportExportStatus.Error;
  return {
    id: r.id,
    fileName: r.file_name,
    functionType: r.function_type,
    status: r.status,
    progress: r.progress,
    downloaded: r.downloaded,
    url: r.status === ReportExportStatus.Completed ? r.file_url : null,
    message: r.status === ReportExportStatus.Error ? r.message : null,
    createdAt: new Date(r.created_at).toISOString(),
    // The retention clean-up removes it then (server/ops/retention.ts).
    expiresAt: finished ? exportExpiresAt(r.created_at, retentionDays).toISOString() : null,
  };
}

function holdsDownloadMenu(who: Caller, deps: AppDeps): boolean {
  return menuIds(userMenu(menuInput(who, deps), who.roleFunctions)).includes(REPORT_DOWNLOAD_MENU_ID);
}

/** The report if the caller may use it (see the module comment), else 404. */
async function reachableReport(req: FastifyRequest<{ Params: { id: number } }>, deps: AppDeps): Promise<ReportRow & { file_key: string | null }> {
  const who = caller(req);
  const row = await deps.db.selectFrom('export_reports as r').select([...COLUMNS, 'r.file_key'])
    .where('r.id', '=', req.params.id).where('r.tenant_id', '=', who.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.user_id !== who.userId && !holdsDownloadMenu(who, deps)) throw notFound();
  return row;
}

/** exportReportAmount's one argument (SPEC 7): the most it counts. */
const AMOUNT_QUERY = {
  type: 'object', additionalProperties: false,
  properties: { max: { type: 'integer', minimum: 1, maximum: EXPORT_AMOUNT_MAX } },
} as const;

const notFinished = () => new ApiError(400, ErrorCode.ReportNotFinished);

export default async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  const store = fileStoreOf(deps);
  const config = { menuId: REPORT_DOWNLOAD_MENU_ID };

  app.get<{ Querystring: { max?: number } }>('/Report/exportReportAmount', { config, schema: { querystring: AMOUNT_QUERY } }, async (req): Promise<{ amount: number }> => {
    const who = caller(req);
    const pending = deps.db.selectFrom('export_reports').select('id')
      .where('tenant_id', '=', who.tenantId)
      .where('progress', '=', 100)
      .where('downloaded', '=', false)
      .limit(req.query.max ?? EXPORT_AMOUNT_ARGUMENT);
    const row = await deps.db.selectFrom(pending.as('p')).select((eb) => eb.fn.countAll().as('amount')).executeTakeFirstOrThrow();
    return { amount: Number(row.amount) };
  });

  app.get('/Report/ReportSetting', { config: { ...config, docs: { summary: 'The export settings (formats, default format, zone, poll period, amount argument), read-only' } } }, async (req): Promise<ReportSetting> => ({
    formats: [...LIST_EXPORT_FORMATS], defaultFormat: LIST_EXPORT_FORMATS[0], timeZone: requestZone(req),
    jobPollMs: JOB_POLL_MS, amountArgument: EXPORT_AMOUNT_ARGUMENT, amountMax: EXPORT_AMOUNT_MAX,
  }));

  app.get<{ Querystring: ReportQuery }>('/Report/exportReport', { config, ...listRoute(SPEC, DECL.filters?.schema) }, async (req): Promise<Page<ExportReportItem>> => {
    const who = caller(req);
    const q = req.query;
    let query = deps.db.selectFrom('export_reports as r').select(COLUMNS).where('r.tenant_id', '=', who.tenantId) as SelectQueryBuilder<Database & { r: Database['export_reports'] }, 'r', ReportRow>;
    if (q.functionType !== undefined) query = query.where('r.function_type', '=', q.functionType);
    if (q.status !== undefined) query = query.where('r.status', '=', q.status);
    if (q.downloaded !== undefined) query = query.where('r.downloaded', '=', q.downloaded);
    const page = await listPage(query, SPEC, q);
    return { items: page.items.map((r) => toItem(r, deps.settings.exportRetentionDays)), total: page.total };
  });

  app.put<{ Params: { id: number }; Body: { downloaded?: boolean } | undefined }>('/Report/exportReport/:id', {
    schema: {
      params: idParams,
      body: { type: ['object', 'null'], properties: { downloaded: { type: 'boolean' } } },
    },
  }, async (req): Promise<ExportReportItem> => {
    const report = await reachableReport(req, deps);
    if (report.status !== ReportExportStatus.Completed) throw notFinished();
    const downloaded = req.body?.downloaded ?? true;
    if (typeof downloaded !== 'boolean') throw badRequest({ downloaded: { key: 'invalid' } });
    const row = await deps.db.updateTable('export_reports as r')
      .set({ downloaded, updated_at: sql<Date>`now()` as unknown as Date })
      .where('r.id', '=', report.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toItem(row, deps.settings.exportRetentionDays);
  });

  app.get<{ Params: { id: number } }>('/Report/exportReport/:id/file', { schema: { params: idParams } }, async (req, reply) => {
    const report = await reachableReport(req, deps);
    if (report.status !== ReportExportStatus.Completed || !report.file_key) throw notFinished();
    const file = await store.get(report.file_key);
    if (!file) {
      req.log.warn({ reportId: report.id, key: report.file_key }, 'export report without its stored file');
      throw notFound();
    }
    return reply
      .type(file.type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(report.file_name ?? report.file_key).replace(/^inline/, 'attachment'))
      .send(file.stream);
  });
}
