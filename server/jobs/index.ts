/**
 * The export-job machinery: a durable queue in the database (`jobs`, migration 0005), a
 * worker loop in the server process, export reports (Report > download), and streamed
 * csv/txt/xlsx files in the FileStore. See server/jobs/README.md.
 *
 * For a module with an export (e.g. POST Product/packaging/file):
 *
 *   // module top level: the handler
 *   registerJobHandler(JobCategory.ExportPackages, async (job, ctx) => {
 *     await writeExport(ctx, { format: 'csv', columns, rows: inBatches(fetchPage), total });
 *   });
 *
 *   // the route: queue inside the request's transaction, answer the job id
 *   app.post('/Product/packaging/file', { config: { menuId: 18 } }, async (req) => {
 *     const who = caller(req);
 *     return deps.db.transaction().execute((trx) => queueExport(trx, who, JobCategory.ExportPackages, payload));
 *   });  // -> { id, reportId }: the SPA's runExport polls GET Job?ids=<id> and downloads data.Url
 */
import type { Kysely } from 'kysely';
import type { JobQueued } from '../../src/domain/jobs';
import type { Database } from '../db/schema';
import { enqueueJob } from './queue';
import { registerTestJob } from './test-job';

export {
  enqueueJob, claimJob, sweepLostJobs, onJobQueued, JobStatus, DEFAULT_MAX_ATTEMPTS, LOST_MESSAGE,
  type EnqueueJob, type Claim, type LostJob,
} from './queue';
export {
  registerJobHandler, jobHandlerOf, JobFailure, JobAborted,
  type JobHandler, type JobContext, type JobRecord, type JobResult, type JobLogger, type AttachedFile, type JobHandlerOptions,
} from './registry';
export {
  writeExport, inBatches, neutralizeCell, cellText, exportFileName, exportZoneOf, DEFAULT_EXPORT_ZONE,
  type ExportColumn, type ExportFormat, type WriteExportOptions, type WrittenExport,
} from './export';
export { startJobWorker, type JobWorker, type JobWorkerOptions } from './worker';
export { exportReportFileUrl, type JobInfo, type JobQueued } from '../../src/domain/jobs';

/** Who asks for an export: the caller and the zone its file is written in (exporterOf(req)). */
export interface Exporter { tenantId: number; userId: number; timeZone: string }

/**
 * The usual export: a job with an export report for the caller, queued in `trx`; answers what
 * the export route answers (`{ id, reportId }`). The payload (an object) keeps the exporter's
 * `timeZone` for writeExport (times and the file name in the user's zone).
 */
export async function queueExport(
  trx: Kysely<Database>,
  who: Exporter,
  category: number,
  payload: Record<string, unknown> | object,
  options: { fileName?: string; functionType?: number; maxAttempts?: number } = {},
): Promise<JobQueued> {
  const { jobId, reportId } = await enqueueJob(trx, {
    tenantId: who.tenantId, userId: who.userId, category, payload: { ...payload, timeZone: who.timeZone },
    report: { functionType: options.functionType ?? category, fileName: options.fileName },
    maxAttempts: options.maxAttempts,
  });
  return { id: jobId, reportId };
}

registerTestJob();
