/**
 * Job area (SPEC.md 7 "Job"): GET Job?ids=..&ids=.. and POST Job (the Test category).
 *
 * GET Job (any session, no menu): the caller tenant's jobs among `ids` (others and unknown ids
 * are left out, never an error), `[{ id, category, status, progress, message, data: { Url,
 * reportId } }]`, in the order asked. `data.Url` is set once the job is Completed and wrote a
 * file: the export report's file route (session and tenant checked). The SPA polls it every
 * 2 s without the loading mask.
 *
 * POST Job?rows=N&fail=1&delayMs=M&format=csv (any session): queues a Test (999) job with an
 * export report that writes N rows (at most 100,000), failing half-way with fail=1; answers
 * 201 `{ id, reportId }` like every export.
 */
import type { FastifyInstance } from 'fastify';
import { JobCategory, ReportExportStatus } from '../../../src/domain/enums';
import type { JobInfo, JobQueued } from '../../../src/domain/jobs';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { queueExport } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { TEST_JOB_MAX_DELAY_MS, TEST_JOB_MAX_ROWS, type TestJobPayload } from '../../jobs/test-job';
import { NO_BODY } from '../../resource/declared';
import { DB_INT_MAX } from '../../services/resource';

/** Most ids one GET Job answers. */
export const JOB_IDS_MAX = 100;

interface JobQuery { ids: number[] }
interface TestJobQuery { rows?: number; fail?: string; delayMs?: number; format?: 'csv' | 'txt' | 'xlsx' }

export default async function jobRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: JobQuery }>('/Job', {
    schema: {
      querystring: {
        type: 'object',
        required: ['ids'],
        properties: { ids: { type: 'array', minItems: 1, maxItems: JOB_IDS_MAX, items: { type: 'integer', minimum: 1, maximum: DB_INT_MAX } } },
      },
    },
  }, async (req): Promise<JobInfo[]> => {
    const who = caller(req);
    const ids = [...new Set(req.query.ids)];
    const rows = await deps.db.selectFrom('jobs as j')
      .leftJoin('export_reports as r', 'r.id', 'j.report_id')
      .select(['j.id', 'j.category', 'j.status', 'j.progress', 'j.message', 'j.result', 'j.report_id', 'r.file_url', 'r.file_name'])
      .where('j.tenant_id', '=', who.tenantId)
      .where('j.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const result = (r.result ?? {}) as { url?: unknown };
      const url = r.status === ReportExportStatus.Completed ? (r.file_url ?? (typeof result.url === 'string' ? result.url : null)) : null;
      return [{
        id: r.id, category: r.category, status: r.status, progress: r.progress,
        message: r.status === ReportExportStatus.Error ? r.message : null,
        data: { Url: url, reportId: r.report_id, fileName: r.file_name ?? null },
      }];
    });
  });

  app.post<{ Querystring: TestJobQuery }>('/Job', {
    config: { docs: { summary: 'Queue a test export job (its parameters in the querystring)', body: NO_BODY, status: 201 } },
    schema: {
      querystring: {
        type: 'object',
        properties: {
          rows: { type: 'integer', minimum: 0, maximum: TEST_JOB_MAX_ROWS },
          fail: { type: 'string', enum: ['0', '1', 'true', 'false'] },
          delayMs: { type: 'integer', minimum: 0, maximum: TEST_JOB_MAX_DELAY_MS },
          format: { type: 'string', enum: ['csv', 'txt', 'xlsx'] },
        },
      },
    },
  }, async (req, reply): Promise<JobQueued> => {
    const q = req.query;
    const payload: TestJobPayload = { rows: q.rows ?? 100, fail: q.fail === '1' || q.fail === 'true', delayMs: q.delayMs ?? 0, format: q.format ?? 'csv' };
    const queued = await deps.db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.Test, payload));
    reply.code(201);
    return queued;
  });
}
