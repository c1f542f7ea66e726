/**
 * Mounted once in the shell: polls the followed export jobs (GET Job?ids=..&ids=.., no mask, no
 * Fail modal except a 401) with swr's refresh every JOB_POLL_MS while any job is followed, and
 * not at all when none is; shows a small floating progress card; when a job's url arrives,
 * downloads the file (masked) and marks the report downloaded. Every job that ends (done,
 * failed, or done without a file) has the lists it changed read again: the side menu's count
 * and the download list (revalidateExportReports). A failed job shows its message.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { ReportExportStatus } from '../../domain/enums';
import type { JobInfo } from '../../domain/jobs';
import { JOB_POLL_MS } from '../../domain/limits';
import { isApiError } from '../api/ApiError';
import { request } from '../api/client';
import { apiEnv } from '../api/env';
import { useFeedback } from '../feedback/FeedbackProvider';
import { downloadFile, markReportDownloaded } from './download';
import { revalidateExportReports } from './runExport';
import { JobsCard } from './JobsCard';
import { jobsStore, type TrackedJob } from './store';

/** Polls in a row that may miss a job before it is dropped (another tenant's, purged). */
const MAX_MISSES = 3;
/** The poll's own swr key: nothing else reads it (the jobs polled are the store's at each tick). */
const POLL_KEY = ['Job', 'followed export jobs'] as const;

export function ExportJobsHost() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { mutate } = useSWRConfig();
  const jobs = useSyncExternalStore(jobsStore.subscribe, jobsStore.snapshot, jobsStore.snapshot);
  const active = jobs.length > 0;

  useEffect(() => jobsStore.onQueued(() => feedback.toast(t('common.noticeExport'), 'info')), [feedback, t]);
  // The shell goes away on sign-out: the next user of this tab must not get these files.
  useEffect(() => () => jobsStore.clear(), []);

  /** A job ended: the lists it changed are read again (after its file was fetched, if any). */
  const ended = useCallback(() => void revalidateExportReports(mutate), [mutate]);

  const deliver = useCallback(
    async (job: TrackedJob, url: string) => {
      try {
        await downloadFile(url);
        if (job.reportId !== null) await markReportDownloaded(job.reportId);
      } catch {
        // Shown by the client (Fail modal); the file stays in Report > download.
      } finally {
        ended();
      }
    },
    [ended],
  );

  /**
   * One poll of the jobs followed now, and what the answers bring (a file, a failure). Never
   * rejects: swr would keep the error and stop refreshing; a failed poll is tried again at the
   * next tick.
   */
  const poll = useCallback(async (): Promise<JobInfo[] | null> => {
    const followed = jobsStore.snapshot();
    if (followed.length === 0) return null;
    let answer: JobInfo[] | null = null;
    try {
      answer = await request<JobInfo[]>('GET', 'Job', { query: { ids: followed.map((j) => j.id) }, silent: true, noMask: true });
    } catch (e) {
      if (isApiError(e) && e.status === 401) {
        apiEnv().onFailure(e);
        jobsStore.clear();
      }
      return null;
    }
    if (!Array.isArray(answer)) return null;
    for (const job of followed) {
      const info = answer.find((a) => a.id === job.id);
      if (!info) {
        if (jobsStore.missed(job.id) >= MAX_MISSES) jobsStore.remove(job.id);
        continue;
      }
      jobsStore.update(info);
      if (info.status === ReportExportStatus.Completed) {
        jobsStore.remove(job.id);
        if (info.data?.Url) await deliver({ ...job, reportId: info.data.reportId ?? job.reportId }, info.data.Url);
        else ended();
      } else if (info.status === ReportExportStatus.Error) {
        jobsStore.remove(job.id);
        ended();
        feedback.alert(t('screens.download.failed', { message: info.message ?? '' }), { title: t('screens.download.failedTitle') });
      }
    }
    return answer;
  }, [deliver, ended, feedback, t]);

  // The first poll JOB_POLL_MS after the first job is followed, the next JOB_POLL_MS after each
  // poll has done what it brought; the key goes (and the timer with it) when nothing is followed.
  // A hidden tab keeps polling: its file still arrives.
  useSWR(active ? POLL_KEY : null, poll, {
    refreshInterval: JOB_POLL_MS,
    refreshWhenHidden: true,
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: 0,
    shouldRetryOnError: false,
  });

  if (!active) return null;
  return <JobsCard jobs={jobs} />;
}
