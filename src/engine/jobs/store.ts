/**
 * The export jobs this browser tab follows (module state, like the loading mask's counter):
 * `runExport` adds one, the ExportJobsHost (mounted once in the shell) polls them, shows their
 * progress and downloads each file when its url arrives.
 */
import type { JobInfo, JobQueued } from '../../domain/jobs';

export interface TrackedJob {
  id: number;
  reportId: number | null;
  /** JobCategory, once known (from the call or the first poll). */
  category: number | null;
  /** What the browser exported (e.g. 'Packaging materials.csv'), until the job names its file. */
  label?: string;
  /** The file's name, once the job names it. */
  fileName?: string;
  status: number;
  progress: number;
  /** Polls that did not list the job (not ours any more): dropped after a few. */
  misses: number;
}

type Listener = () => void;

let jobs: readonly TrackedJob[] = [];
const listeners = new Set<Listener>();
/** Told when a job is queued (the host shows the noticeExport notice). */
const queuedListeners = new Set<(job: TrackedJob) => void>();

function set(next: readonly TrackedJob[]): void {
  jobs = next;
  for (const l of listeners) l();
}

export const jobsStore = {
  /** Follow a queued job (again: no-op). */
  track(queued: JobQueued, category: number | null = null, label?: string): void {
    if (jobs.some((j) => j.id === queued.id)) return;
    const job: TrackedJob = { id: queued.id, reportId: queued.reportId ?? null, category, status: 1, progress: 0, misses: 0, ...(label ? { label } : {}) };
    set([...jobs, job]);
    for (const l of queuedListeners) l(job);
  },
  /** A poll's answer for one job. */
  update(info: JobInfo): void {
    set(jobs.map((j) => (j.id === info.id
      ? { ...j, category: info.category, status: info.status, progress: info.progress, reportId: info.data?.reportId ?? j.reportId, misses: 0, ...(info.data?.fileName ? { fileName: info.data.fileName } : {}) }
      : j)));
  },
  missed(id: number): number {
    let misses = 0;
    set(jobs.map((j) => (j.id === id ? { ...j, misses: (misses = j.misses + 1) } : j)));
    return misses;
  },
  remove(id: number): void {
    if (jobs.some((j) => j.id === id)) set(jobs.filter((j) => j.id !== id));
  },
  clear(): void {
    if (jobs.length) set([]);
  },
  snapshot(): readonly TrackedJob[] {
    return jobs;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  onQueued(listener: (job: TrackedJob) => void): () => void {
    queuedListeners.add(listener);
    return () => queuedListeners.delete(listener);
  },
};
