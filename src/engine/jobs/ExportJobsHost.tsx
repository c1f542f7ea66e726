/**
 * Mounted once in the shell: polls the followed export jobs (GET Job?ids=..&ids=.. every
 * JOB_POLL_MS, no mask, no Fail modal except a 401), shows a small floating progress card,
 * and when a job's url arrives downloads the file (masked) and marks the report downloaded,
 * then refreshes the side menu count and the download list. A failed job shows its message.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
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

export function ExportJobsHost() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { mutate } = useSWRConfig();
  const jobs = useSyncExternalStore(jobsStore.subscribe, jobsStore.snapshot, jobsStore.snapshot);
  const active = jobs.length > 0;

  useEffect(() => jobsStore.onQueued(() => feedback.toast(t('common.noticeExport'), 'info')), [feedback, t]);
  // The shell goes away on sign-out: the next user of this tab must not get these files.
  useEffect(() => () => jobsStore.clear(), []);

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const deliver = async (job: TrackedJob, url: string) => {
      try {
        await downloadFile(url);
        if (job.reportId !== null) await markReportDownloaded(job.reportId);
      } catch {
        // Shown by the client (Fail modal); the file stays in Report > download.
      } finally {
        void revalidateExportReports(mutate);
      }
    };

    const poll = async () => {
      const followed = jobsStore.snapshot();
      if (followed.length === 0) return;
      let answer: JobInfo[] | null = null;
      try {
        answer = await request<JobInfo[]>('GET', 'Job', { query: { ids: followed.map((j) => j.id) }, silent: true, noMask: true });
      } catch (e) {
        if (isApiError(e) && e.status === 401) {
          apiEnv().onFailure(e);
          jobsStore.clear();
          return;
        }
        // A network hiccup or a server error: try again at the next tick.
      }
      if (stopped) return;
      if (Array.isArray(answer)) {
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
            else void revalidateExportReports(mutate);
          } else if (info.status === ReportExportStatus.Error) {
            jobsStore.remove(job.id);
            void revalidateExportReports(mutate);
            feedback.alert(t('screens.download.failed', { message: info.message ?? '' }), { title: t('screens.download.failedTitle') });
          }
        }
      }
      if (!stopped && jobsStore.snapshot().length > 0) timer = setTimeout(() => void poll(), JOB_POLL_MS);
    };

    timer = setTimeout(() => void poll(), JOB_POLL_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [active, feedback, mutate, t]);

  if (!active) return null;
  return (
    <JobsCard jobs={jobs} />
  );
}
