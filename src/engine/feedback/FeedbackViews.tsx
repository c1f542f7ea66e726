/**
 * What FeedbackProvider shows: the shared modal of a notice (the Fail modal of a failed call,
 * or an alert) and the toast. Its own chunk, loaded with the first notice.
 */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { AppModal } from '../shell/AppModal';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface NoticeView {
  id: number;
  tone: 'error' | 'default';
  title: string;
  message: string;
}

export interface FeedbackViewsProps {
  notice: NoticeView | undefined;
  onCloseNotice: () => void;
  toast: { id: number; message: string; severity: ToastSeverity } | null;
  onCloseToast: () => void;
}

export default function FeedbackViews({ notice, onCloseNotice, toast, onCloseToast }: FeedbackViewsProps) {
  return (
    <>
      {notice && (
        <AppModal
          key={notice.id}
          open
          testId={notice.tone === 'error' ? 'fail-modal' : 'alert-modal'}
          tone={notice.tone}
          icon={notice.tone === 'error' ? <ErrorOutlineRounded color="error" /> : <InfoOutlined color="primary" />}
          title={notice.title}
          message={notice.message}
          hideCancel
          onConfirm={onCloseNotice}
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
