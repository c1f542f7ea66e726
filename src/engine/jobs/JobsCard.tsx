/** The floating progress card of the followed export jobs (ExportJobsHost renders it). */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ReportExportStatus } from '../../domain/enums';
import type { TrackedJob } from './store';

export function JobsCard({ jobs }: { jobs: readonly TrackedJob[] }) {
  const { t } = useTranslation();
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="export-jobs"
      elevation={6}
      sx={(theme) => ({
        position: 'fixed', right: { xs: 12, sm: 24 }, bottom: { xs: 12, sm: 24 }, zIndex: theme.zIndex.snackbar - 1,
        width: { xs: 'calc(100% - 24px)', sm: 300 }, p: 1.75, borderRadius: 2,
      })}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('screens.download.jobsTitle')}</Typography>
      {jobs.map((job) => {
        // The file's name once the job names it, else what was exported, else its kind.
        const name = job.fileName ?? job.label ?? (job.category !== null ? t(`enums.JobCategory.${job.category}`) : t('screens.download.jobLabel', { id: job.id }));
        return (
        <Box key={job.id} data-testid={`export-job-${job.id}`} sx={{ '& + &': { mt: 1.25 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={name} data-testid={`export-job-name-${job.id}`} sx={{ minWidth: 0 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid={`export-job-progress-${job.id}`}>{job.progress}%</Typography>
          </Box>
          <LinearProgress
            variant={job.status === ReportExportStatus.Preparing ? 'indeterminate' : 'determinate'}
            value={job.progress}
            aria-label={name}
            sx={{ mt: 0.5, borderRadius: 1 }}
          />
        </Box>
        );
      })}
    </Paper>
  );
}
