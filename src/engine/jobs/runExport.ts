/**
 * Starting an export from the browser (SPEC.md 7): the export call answers a job id; the job
 * is then followed by the ExportJobsHost (polled every 2 s without mask, a small progress
 * card, the noticeExport notice) and its file downloaded automatically, masked, when its url
 * arrives; the report is then marked downloaded.
 *
 *   const { runExport } = useExportJob();
 *   await runExport('POST Product/packaging/file', { ...filters, format: 'csv' });
 *   await runExport('POST Code/package/{id}/file', { format, columns }, { values: row });
 */
import { useMemo } from 'react';
import type { KeyedMutator, ScopedMutator } from 'swr';
import { jobQueuedOf, type JobQueued } from '../../domain/jobs';
import { request } from '../api/client';
import { resolveCall } from '../crud/apiCall';
import { jobsStore } from './store';

export interface RunExportOptions {
  /** Values of the call's {placeholders} (default: the body). */
  values?: Record<string, unknown>;
  /** JobCategory, for the progress card before the first poll. */
  category?: number;
  /** What is exported (e.g. 'Packaging materials.csv'): the card's name until the job names its file. */
  label?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Calls `apiCall` ('POST Product/packaging/file'; a GET sends `body` as query parameters)
 * and follows the job it answers. Rejects with the call's ApiError (already shown) or when the
 * answer has no job id.
 */
export async function runExport(apiCall: string, body?: unknown, options: RunExportOptions = {}): Promise<JobQueued> {
  const { method, path } = resolveCall(apiCall, options.values ?? (isRecord(body) ? body : {}));
  const answer = await request(method, path, method === 'GET' ? { query: isRecord(body) ? (body as Record<string, string>) : undefined } : { body });
  const queued = jobQueuedOf(answer);
  if (!queued) throw new Error(`${apiCall} answered no job id`);
  jobsStore.track(queued, options.category ?? null, options.label);
  return queued;
}

/** Follow a job some other call queued. */
export function trackJob(queued: JobQueued, category: number | null = null, label?: string): void {
  jobsStore.track(queued, category, label);
}

/** The hook form (stable functions). */
export function useExportJob() {
  return useMemo(() => ({ runExport, trackJob }), []);
}

/** The export report views to read again after a report changed: the side menu amount and the download list. */
export function revalidateExportReports(mutate: ScopedMutator | KeyedMutator<unknown>): Promise<unknown> {
  const pathOf = (key: unknown) => (Array.isArray(key) ? String(key[0]).split('?')[0] : '');
  return (mutate as ScopedMutator)((key) => ['Report/exportReportAmount', 'Report/exportReport'].includes(pathOf(key)));
}
