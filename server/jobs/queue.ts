/**
 * The durable queue: the `jobs` table (migration 0005), every statement through Kysely so
 * that on PGlite it goes through the connection lock of db/pglite-dialect.ts.
 *
 * Claiming: `FOR UPDATE SKIP LOCKED` picks a due queued job (or a running one whose lease ran
 * out) that no other worker is claiming right now, and the same statement sets its lease: a
 * random `lock_token` (fencing: only the holder may renew, report progress or finish) and
 * `locked_until` from the database clock, so several processes agree on time. Each claim
 * counts an attempt; a lease that ran out after max_attempts claims ends the job in Error.
 * Job and report rows change together, in one statement each time.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ReportExportStatus } from '../../src/domain/enums';
import { exportReportFileUrl } from '../../src/domain/jobs';
import type { Db } from '../db/index';
import { json, type Database } from '../db/schema';
import { jobHandlerOf, type JobRecord } from './registry';

export const JobStatus = ReportExportStatus;

/** The message of a job whose worker died on its last attempt. */
export const LOST_MESSAGE = 'The job stopped before it finished (its worker ended) and was not retried again.';
export const DEFAULT_MAX_ATTEMPTS = 3;

export interface EnqueueJob {
  tenantId: number;
  /** Who asked (null for system jobs). */
  userId: number | null;
  /** JobCategory. */
  category: number;
  /** Anything JSON the handler needs (filters, ids, language, format...). */
  payload?: unknown;
  /**
   * Give the job an export report row (Report > download lists it; exportReportAmount counts
   * it once finished). functionType defaults to the category; fileName can be set later by
   * writeExport.
   */
  report?: { functionType?: number; fileName?: string } | boolean;
  /** Default: the handler's option, else 3. */
  maxAttempts?: number;
  /** Not before this many ms from now. */
  delayMs?: number;
}

const wakeListeners = new Set<() => void>();

/** Workers of this process listen to wake up soon after an enqueue (they poll anyway). */
export function onJobQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/**
 * Queues a job inside the caller's transaction (`trx`): it exists only if that transaction
 * commits. Answers the job id (what the export route answers) and the report id.
 */
export async function enqueueJob(trx: Kysely<Database>, spec: EnqueueJob): Promise<{ jobId: number; reportId: number | null }> {
  let reportId: number | null = null;
  if (spec.report) {
    const r = spec.report === true ? {} : spec.report;
    const row = await trx.insertInto('export_reports').values({
      tenant_id: spec.tenantId, user_id: spec.userId, function_type: r.functionType ?? spec.category,
      progress: 0, status: ReportExportStatus.Preparing, file_name: r.fileName ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    reportId = row.id;
  }
  const maxAttempts = spec.maxAttempts ?? jobHandlerOf(spec.category)?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const job = await trx.insertInto('jobs').values({
    tenant_id: spec.tenantId, user_id: spec.userId, category: spec.category,
    payload: json(spec.payload ?? {}), max_attempts: Math.max(1, Math.floor(maxAttempts)), report_id: reportId,
    ...(spec.delayMs ? { run_after: sql<Date>`now() + ${Math.ceil(spec.delayMs)}::integer * interval '1 millisecond'` as unknown as Date } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  // After the caller's commit, most likely; a worker that looks too early polls again.
  const timer = setTimeout(() => { for (const l of wakeListeners) l(); }, 50);
  timer.unref?.();
  return { jobId: job.id, reportId };
}

interface ClaimedRow {
  id: number;
  tenant_id: number;
  user_id: number | null;
  category: number;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  report_id: number | null;
  created_at: Date;
}

export interface Claim {
  job: JobRecord;
  /** The fencing token of this claim. */
  token: string;
}

const ms = (n: number) => sql`${Math.max(1, Math.ceil(n))}::integer * interval '1 millisecond'`;

/**
 * Takes one due job (queued and due, or running with its lease run out and attempts left),
 * leases it for `leaseMs` and counts the attempt; null when there is none. Its report turns
 * Processing.
 */
export async function claimJob(db: Db, { leaseMs }: { leaseMs: number }): Promise<Claim | null> {
  const token = crypto.randomBytes(12).toString('hex');
  const { rows } = await sql<ClaimedRow>`
    with next as (
      select id from jobs
      where (status = ${JobStatus.Preparing} and run_after <= now())
         or (status = ${JobStatus.Processing} and locked_until < now() and attempts < max_attempts)
      order by id
      limit 1
      for update skip locked
    ), claimed as (
      -- A new attempt starts from 0 (a job taken again after its worker died showed the dead attempt's progress).
      update jobs j set status = ${JobStatus.Processing}, progress = 0, attempts = j.attempts + 1, lock_token = ${token},
        locked_until = now() + ${ms(leaseMs)}, started_at = coalesce(j.started_at, now()), updated_at = now()
      from next where j.id = next.id
      returning j.id, j.tenant_id, j.user_id, j.category, j.payload, j.attempts, j.max_attempts, j.report_id, j.created_at
    ), report as (
      update export_reports r set status = ${ReportExportStatus.Processing}, progress = 0, message = null, updated_at = now()
      from claimed where r.id = claimed.report_id
      returning r.id
    )
    select * from claimed`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    token,
    job: {
      id: row.id, tenantId: row.tenant_id, userId: row.user_id, category: row.category,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      attempts: Number(row.attempts), maxAttempts: Number(row.max_attempts), reportId: row.report_id,
      createdAt: row.created_at,
    },
  };
}

const countOf = (rows: { n: unknown }[]) => Number(rows[0]?.n ?? 0);

/** Extends the lease; false when this claim no longer holds the job. */
export async function renewLease(db: Db, claim: Claim, leaseMs: number): Promise<boolean> {
  const res = await db.updateTable('jobs')
    .set({ locked_until: sql<Date>`now() + ${ms(leaseMs)}` as unknown as Date, updated_at: sql<Date>`now()` as unknown as Date })
    .where('id', '=', claim.job.id).where('lock_token', '=', claim.token).where('status', '=', JobStatus.Processing)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Stores progress (0-99) on the job and its report; false when this claim no longer holds the job. */
export async function storeProgress(db: Db, claim: Claim, progress: number): Promise<boolean> {
  const p = Math.max(0, Math.min(99, Math.floor(progress)));
  const { rows } = await sql<{ n: unknown }>`
    with j as (
      update jobs set progress = greatest(progress, ${p}::integer), updated_at = now()
      where id = ${claim.job.id} and lock_token = ${claim.token} and status = ${JobStatus.Processing}
      returning report_id
    ), r as (
      update export_reports set progress = greatest(progress, ${p}::integer), updated_at = now()
      where id in (select report_id from j)
      returning id
    )
    select count(*) as n from j`.execute(db);
  return countOf(rows) > 0;
}

export interface Completion {
  url: string | null;
  file: { key: string; name: string } | null;
  data?: Record<string, unknown>;
}

/** Completed, progress 100, the file on the report; false when this claim no longer holds the job. */
export async function completeJob(db: Db, claim: Claim, done: Completion): Promise<boolean> {
  const { job } = claim;
  const url = done.url ?? (done.file && job.reportId !== null ? exportReportFileUrl(job.reportId) : null);
  const result = json({ ...(done.data ?? {}), url });
  const { rows } = await sql<{ n: unknown }>`
    with j as (
      update jobs set status = ${JobStatus.Completed}, progress = 100, result = ${result}::jsonb, message = null,
        lock_token = null, locked_until = null, finished_at = now(), updated_at = now()
      where id = ${job.id} and lock_token = ${claim.token} and status = ${JobStatus.Processing}
      returning report_id
    ), r as (
      update export_reports set status = ${ReportExportStatus.Completed}, progress = 100, message = null,
        file_key = ${done.file?.key ?? null}, file_name = coalesce(${done.file?.name ?? null}, file_name),
        file_url = ${url}, updated_at = now()
      where id in (select report_id from j)
      returning id
    )
    select count(*) as n from j`.execute(db);
  return countOf(rows) > 0;
}

/** Ends the job in Error with `message` (shown to the user). */
export async function failJob(db: Db, claim: Claim, message: string): Promise<boolean> {
  const { rows } = await sql<{ n: unknown }>`
    with j as (
      update jobs set status = ${JobStatus.Error}, message = ${message}, lock_token = null, locked_until = null,
        finished_at = now(), updated_at = now()
      where id = ${claim.job.id} and lock_token = ${claim.token} and status = ${JobStatus.Processing}
      returning report_id
    ), r as (
      update export_reports set status = ${ReportExportStatus.Error}, message = ${message}, updated_at = now()
      where id in (select report_id from j)
      returning id
    )
    select count(*) as n from j`.execute(db);
  return countOf(rows) > 0;
}

/**
 * Puts the job back in the queue, due in `delayMs`: after a retryable error (the attempt
 * counts) or when the worker stops (`refund`: the attempt does not count). Progress restarts.
 */
export async function requeueJob(db: Db, claim: Claim, { delayMs, message = null, refund = false }: { delayMs: number; message?: string | null; refund?: boolean }): Promise<boolean> {
  const { rows } = await sql<{ n: unknown }>`
    with j as (
      update jobs set status = ${JobStatus.Preparing}, progress = 0, message = ${message}, lock_token = null, locked_until = null,
        attempts = case when ${refund} then greatest(attempts - 1, 0) else attempts end,
        run_after = now() + ${ms(delayMs)}, updated_at = now()
      where id = ${claim.job.id} and lock_token = ${claim.token} and status = ${JobStatus.Processing}
      returning report_id
    ), r as (
      update export_reports set status = ${ReportExportStatus.Preparing}, progress = 0, updated_at = now()
      where id in (select report_id from j)
      returning id
    )
    select count(*) as n from j`.execute(db);
  return countOf(rows) > 0;
}

/** A job the sweep ended in Error (its worker died on its last attempt). */
export interface LostJob {
  id: number;
  tenantId: number;
  category: number;
  payload: unknown;
}

/**
 * Jobs whose lease ran out on their last attempt (the worker died or hung each time) end in
 * Error: nothing stays Processing forever. Answers how many; `onLost` gets them (the worker
 * runs each handler's `onLost` cleanup).
 */
export async function sweepLostJobs(db: Db, onLost?: (jobs: LostJob[]) => Promise<void>): Promise<number> {
  const { rows } = await sql<{ id: number; tenant_id: number; category: number; payload: unknown }>`
    with dead as (
      select id from jobs
      where status = ${JobStatus.Processing} and locked_until < now() and attempts >= max_attempts
      for update skip locked
    ), j as (
      update jobs set status = ${JobStatus.Error}, message = ${LOST_MESSAGE}, lock_token = null, locked_until = null,
        finished_at = now(), updated_at = now()
      from dead where jobs.id = dead.id
      returning jobs.id, jobs.tenant_id, jobs.category, jobs.payload, jobs.report_id
    ), r as (
      update export_reports set status = ${ReportExportStatus.Error}, message = ${LOST_MESSAGE}, updated_at = now()
      where id in (select report_id from j)
      returning id
    )
    select id, tenant_id, category, payload from j`.execute(db);
  if (rows.length && onLost) {
    await onLost(rows.map((r) => ({
      id: r.id, tenantId: r.tenant_id, category: r.category,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    })));
  }
  return rows.length;
}
