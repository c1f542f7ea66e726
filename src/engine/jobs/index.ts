/** Export jobs in the browser: see runExport.ts and ExportJobsHost.tsx. */
export { runExport, trackJob, useExportJob, revalidateExportReports, type RunExportOptions } from './runExport';
export { ExportJobsHost } from './ExportJobsHost';
export { downloadFile, fileNameOf, markReportDownloaded, saveBlob } from './download';
export { jobsStore, type TrackedJob } from './store';
