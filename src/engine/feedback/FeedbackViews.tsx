/**
 * What FeedbackProvider shows: the shared modal of a notice (the Fail modal of a failed call,
 * or an alert) and the toast. Its own chunk, loaded with the first notice.
 */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { AppModal } from '../shell/AppModal';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface NoticeView {
  id: number;
  tone: 'error' | 'warning' | 'default';
  /** A yes/no question (confirm and cancel) rather than a notice (confirm only). */
  question?: boolean;
  title: string;
  message: string;
}

export interface FeedbackViewsProps {
  notice: NoticeView | undefined;
  /** true: confirmed; false: cancelled (questions only). */
  onCloseNotice: (yes: boolean) => void;
  toast: { id: number; message: string; severity: ToastSeverity } | null;
  onCloseToast: () => void;
}

function noticeIcon(notice: NoticeView) {
  if (notice.tone === 'error') return <ErrorOutlineRounded color="error" />;
  if (notice.question) return notice.tone === 'warning' ? <WarningAmberRounded color="warning" /> : <HelpOutlineRounded color="primary" />;
  return <InfoOutlined color="primary" />;
}

export default function FeedbackViews({ notice, onCloseNotice, toast, onCloseToast }: FeedbackViewsProps) {
  return (
    <>
      {notice && (
        <AppModal
          key={notice.id}
          open
          testId={notice.question ? 'confirm-modal' : notice.tone === 'error' ? 'fail-modal' : 'alert-modal'}
          tone={notice.tone}
          icon={noticeIcon(notice)}
          title={notice.title}
          message={notice.message}
          hideCancel={!notice.question}
          onCancel={notice.question ? () => onCloseNotice(false) : undefined}
          onConfirm={() => onCloseNotice(true)}
        />
      )}
      <Snackbar
        key={toast?.id}
        open={toast !== null}
        autoHideDuration={3000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') onCloseToast();
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity={toast?.severity ?? 'success'} variant="filled" onClose={onCloseToast} data-testid="toast" sx={{ minWidth: 260 }}>
          {toast?.message}
        </Alert>
      </Snackbar>
    </>
  );
}
