/**
 * Nothing grows forever (issue 25): a scheduled clean-up (croner, RETENTION_SCHEDULE, hourly
 * by default) that removes
 *
 * - finished export reports (Completed or Error) asked for more than EXPORT_RETENTION_DAYS
 *   ago, with their files (the report list shows each file's `expiresAt`: created + the days);
 * - finished job rows (Completed or Error) that ended more than JOB_RETENTION_DAYS ago;
 * - ended sessions (past their absolute end, or idle past SESSION_IDLE_MINUTES) and ended
 *   member sessions;
 * - one-time codes expired more than OTP_RETENTION_HOURS ago (kept a while: the hourly send
 *   limit counts the last hour's codes);
 * - the scan log's months: the coming ones created, those older than SCAN_LOG_RETENTION_MONTHS
 *   dropped (0, the default: kept), in a transaction of its own (ops/scanLogPartitions.ts).
 *
 * Once across all nodes: every node schedules it, and a run first takes a transaction-scoped
 * PostgreSQL advisory lock (pg_try_advisory_xact_lock, PGlite too); a node that does not get
 * it skips that run, and a run after another finds nothing left. Rows go in one transaction;
 * the files after it commits (a file whose deletion fails is logged; its row is gone, so no
 * one can reach it).
 */
import { Cron } from 'croner';
import { sql } from 'kysely';
import { ReportExportStatus } from '../../src/domain/enums';
import type { Db } from '../db/index';
import { maintainScanLogMonths, type ScanLogMonths } from './scanLogPartitions';
import type { FileStore } from '../storage/index';
import type { Settings } from '../settings';

/** The advisory lock key of the clean-up (any fixed number no other lock of the app uses). */
const RETENTION_LOCK = 25_250_001;

const FINISHED = [ReportExportStatus.Completed, ReportExportStatus.Error];

export type RetentionSettings = Pick<Settings, 'exportRetentionDays' | 'jobRetentionDays' | 'otpRetentionHours' | 'sessionIdleMinutes'> & Partial<Pick<Settings, 'scanLogRetentionMonths'>>;

export interface RetentionResult {
  /** False when another node held the lock (nothing done here). */
  ran: boolean;
  exportReports: number;
  exportFiles: number;
  jobs: number;
  sessions: number;
  memberSessions: number;
  otps: number;
  /** The scan log's months created and dropped (null: another node held their lock). */
  scanLogMonths: ScanLogMonths | null;
}

interface Logger { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void }

const DAY = 86_400_000;

/** When a finished export's file is removed (the report list's expiresAt). */
export function exportExpiresAt(createdAt: Date | string, days: number): Date {
  return new Date(new Date(createdAt).getTime() + days * DAY);
}

export async function runRetention(db: Db, store: FileStore, settings: RetentionSettings, log?: Logger, now = new Date()): Promise<RetentionResult> {
  const none: RetentionResult = { ran: false, exportReports: 0, exportFiles: 0, jobs: 0, sessions: 0, memberSessions: 0, otps: 0, scanLogMonths: null };
  const outcome = await db.transaction().execute(async (trx) => {
    const lock = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${sql.raw(String(RETENTION_LOCK))}) as got`.execute(trx);
    if (!lock.rows[0]?.got) return null;
    const reports = await trx.deleteFrom('export_reports')
      .where('status', 'in', FINISHED).where('created_at', '<', new Date(now.getTime() - settings.exportRetentionDays * DAY))
      .returning(['id', 'file_key']).execute();
    const jobs = await trx.deleteFrom('jobs')
      .where('status', 'in', FINISHED).where('finished_at', '<', new Date(now.getTime() - settings.jobRetentionDays * DAY))
      .executeTakeFirst();
    const sessions = await trx.deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', new Date(now.getTime() - settings.sessionIdleMinutes * 60_000))]))
      .executeTakeFirst();
    const memberSessions = await trx.deleteFrom('member_sessions').where('expires_at', '<', now).executeTakeFirst();
    const otps = await trx.deleteFrom('member_otps').where('expires_at', '<', new Date(now.getTime() - settings.otpRetentionHours * 3_600_000)).executeTakeFirst();
    return {
      keys: reports.map((r) => r.file_key).filter((k): k is string => !!k),
      result: {
        ran: true, exportReports: reports.length, exportFiles: 0, jobs: Number(jobs.numDeletedRows),
        sessions: Number(sessions.numDeletedRows), memberSessions: Number(memberSessions.numDeletedRows), otps: Number(otps.numDeletedRows), scanLogMonths: null as ScanLogMonths | null,
      },
    };
  });
  if (!outcome) return none;
  try {
    outcome.result.scanLogMonths = await maintainScanLogMonths(db, settings.scanLogRetentionMonths ?? 0, now);
  } catch (err) {
    log?.warn({ err }, 'retention: the scan log months were left for the next run');
  }
  for (const key of outcome.keys) {
    try {
      await store.delete(key);
      outcome.result.exportFiles++;
    } catch (err) {
      log?.warn({ err, key }, 'retention: could not delete an expired export file');
    }
  }
  return outcome.result;
}

export interface RetentionSchedule { stop(): void }

/** Runs the clean-up on RETENTION_SCHEDULE in this process (every node does; the lock makes it once). */
export function scheduleRetention(db: Db, store: FileStore, settings: RetentionSettings & Pick<Settings, 'retentionSchedule'>, log: Logger): RetentionSchedule {
  const job = new Cron(settings.retentionSchedule, { protect: true, catch: (err) => log.error({ err }, 'retention run failed') }, async () => {
    const r = await runRetention(db, store, settings, log);
    if (r.ran) log.info({ ...r }, 'retention run');
  });
  return { stop: () => job.stop() };
}
