/**
 * What the browser and the server agree on about export jobs (server/jobs, src/engine/jobs).
 *
 * An export call answers `JobQueued` (`{ id }`, plus the export report's id); the browser polls
 * `GET /v1/Job?ids=..&ids=..` every JOB_POLL_MS (src/domain/limits.ts) and downloads
 * `data.Url` once it is there. Job status values are ReportExportStatus: Preparing 1 (queued),
 * Processing 2, Completed 3, Error 4.
 */

/**
 * The file formats a list export (a declaration's `api.export`, e.g. POST Product/packaging/file)
 * may ask for, in the order the toolbar offers them. Code exports keep SPEC's txt and csv.
 */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx', 'txt'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

/** The answer of an export call (POST .../file, POST Job). */
export interface JobQueued {
  /** The job id to poll with GET Job?ids=. */
  id: number;
  /** The export report row the job fills (Report > download), when the job has one. */
  reportId: number | null;
}

/** One entry of GET Job?ids=.. (only the caller tenant's jobs; unknown ids are left out). */
export interface JobInfo {
  id: number;
  /** JobCategory. */
  category: number;
  /** ReportExportStatus: Preparing 1, Processing 2, Completed 3, Error 4. */
  status: number;
  /** 0-100; 100 only once Completed. */
  progress: number;
  /** Why it failed (status Error), else null. */
  message: string | null;
  /** `Url`: where the written file downloads from (with the session token), once Completed. */
  /** `fileName`: the export file's name (set by the job; null until it names the file). */
  data: { Url: string | null; reportId: number | null; fileName?: string | null };
}

/** GET Report/ReportSetting (SPEC 7, issue 23): the export settings, read-only (docs/decisions.md). */
export interface ReportSetting {
  /** The formats a list export offers, in the toolbar's order. */
  formats: ListExportFormat[];
  /** The format of an export that names none. */
  defaultFormat: ListExportFormat;
  /** The IANA zone the caller's exports write times and file names in. */
  timeZone: string;
  /** How often the browser polls GET Job for a queued export. */
  jobPollMs: number;
  /** GET Report/exportReportAmount's argument (the side menu's) and its most. */
  amountArgument: number;
  amountMax: number;
}

/** One row of GET Report/exportReport. */
export interface ExportReportItem {
  id: number;
  fileName: string | null;
  /** JobCategory. */
  functionType: number;
  /** ReportExportStatus. */
  status: number;
  progress: number;
  downloaded: boolean;
  /** Set once Completed: GET it with the session token. */
  url: string | null;
  message: string | null;
  createdAt: string;
  /** When the file and the report are removed (finished reports; EXPORT_RETENTION_DAYS after createdAt), else null. */
  expiresAt: string | null;
}

/** Where a finished export report's file is served (session and tenant checked). */
export function exportReportFileUrl(reportId: number): string {
  return `/v1/Report/exportReport/${reportId}/file`;
}

/** The answer of an export call as the browser may see it: `{ id }`, `{ jobId }` or a bare id. */
export function jobIdOf(answer: unknown): number | null {
  if (typeof answer === 'number' && Number.isInteger(answer)) return answer;
  if (typeof answer === 'string' && /^\d+$/.test(answer)) return Number(answer);
  if (answer && typeof answer === 'object') {
    const o = answer as Record<string, unknown>;
    for (const k of ['id', 'jobId', 'JobId', 'Id']) {
      const v = jobIdOf(o[k]);
      if (v !== null) return v;
    }
  }
  return null;
}

/** An export call's answer as `JobQueued`, or null when it carries no job id. */
export function jobQueuedOf(answer: unknown): JobQueued | null {
  const id = jobIdOf(answer);
  if (id === null) return null;
  const reportId = answer && typeof answer === 'object' ? (answer as { reportId?: unknown }).reportId : undefined;
  return { id, reportId: typeof reportId === 'number' && Number.isInteger(reportId) ? reportId : null };
}

/** Whether a call's answer is a queued job (`{ id, reportId }`, what every export answers). */
export function isJobQueued(answer: unknown): answer is JobQueued {
  return !!answer && typeof answer === 'object' && !Array.isArray(answer) && 'reportId' in answer
    && typeof (answer as { id?: unknown }).id === 'number';
}
