/**
 * Every side effect the user sees after a call: the Fail modal (one at a time, queued,
 * duplicates dropped), plain alerts through the shared modal, and success toasts. It also
 * receives the API client's failures: a 401 of a signed-in call ends the session first.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { ApiError } from '../api/ApiError';
import { setApiEnv } from '../api/env';
import { sessionStore } from '../session/store';
import { AppModal } from '../shell/AppModal';
import { formatFailure, isSessionTimeout } from './formatFailure';

interface ErrorNotice {
  id: number;
  kind: 'error';
  error: ApiError;
}
interface AlertNotice {
  id: number;
  kind: 'alert';
  title?: string;
  message: string;
  onClose?: () => void;
}
interface ConfirmNotice {
  id: number;
  kind: 'confirm';
  title: string;
  message: string;
  tone: 'warning' | 'default';
  resolve: (yes: boolean) => void;
}
type Notice = ErrorNotice | AlertNotice | ConfirmNotice;

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Feedback {
  /** The Fail modal for a failed call (normally shown by the client itself). */
  showError(error: ApiError): void;
  /** A message in the shared modal with only a confirm button. */
  alert(message: string, options?: { title?: string; onClose?: () => void }): void;
  /** A short notice at the bottom (successAdd, successEdit, ...). */
  toast(message: string, severity?: ToastSeverity): void;
  /** A yes/no question in the shared modal (confirm and cancel); resolves true when confirmed. */
  confirm(options: { title: string; message: string; tone?: 'warning' | 'default' }): Promise<boolean>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const ctx = useContext(FeedbackContext);
  if (!ctx) throw new Error('useFeedback outside FeedbackProvider');
  return ctx;
}

/** The feedback of the app, or null outside FeedbackProvider (a bare test render). */
export function useOptionalFeedback(): Feedback | null {
  return useContext(FeedbackContext);
}

function errorKey(e: ApiError): string {
  return `${e.status}/${e.code ?? ''}/${isSessionTimeout(e) ? 'timeout' : ''}/${JSON.stringify(e.data ?? null)}`;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { cache } = useSWRConfig();
  const [queue, setQueue] = useState<Notice[]>([]);
  const [toast, setToast] = useState<{ id: number; message: string; severity: ToastSeverity } | null>(null);
  const seq = useRef(0);

  const showError = useCallback((error: ApiError) => {
    setQueue((q) => {
      const key = errorKey(error);
      if (q.some((n) => n.kind === 'error' && errorKey(n.error) === key)) return q;
      return [...q, { id: ++seq.current, kind: 'error', error }];
    });
  }, []);

  const feedback = useMemo<Feedback>(
    () => ({
      showError,
      alert: (message, options) =>
        setQueue((q) => [...q, { id: ++seq.current, kind: 'alert', message, title: options?.title, onClose: options?.onClose }]),
      toast: (message, severity = 'success') => setToast({ id: ++seq.current, message, severity }),
      confirm: ({ title, message, tone = 'default' }) =>
        new Promise<boolean>((resolve) => setQueue((q) => [...q, { id: ++seq.current, kind: 'confirm', title, message, tone, resolve }])),
    }),
    [showError],
  );

  useEffect(
    () =>
      setApiEnv({
        onFailure: (error) => {
          if (isSessionTimeout(error) && sessionStore.get()) {
            sessionStore.clear();
            // Forget everything read under the ended session.
            for (const key of [...cache.keys()]) cache.delete(key);
          }
          showError(error);
        },
      }),
    [cache, showError],
  );

  const current = queue[0];
  const close = (yes: boolean) => {
    if (current?.kind === 'alert') current.onClose?.();
    if (current?.kind === 'confirm') current.resolve(yes);
    setQueue((q) => q.slice(1));
  };

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {current?.kind === 'confirm' && (
        <AppModal
          key={current.id}
          open
          testId="confirm-modal"
          tone={current.tone}
          icon={current.tone === 'warning' ? <WarningAmberRounded color="warning" /> : <HelpOutlineRounded color="primary" />}
          title={current.title}
          message={current.message}
          onCancel={() => close(false)}
          onConfirm={() => close(true)}
        />
      )}
      {current && current.kind !== 'confirm' && (
        <AppModal
          key={current.id}
          open
          testId={current.kind === 'error' ? 'fail-modal' : 'alert-modal'}
          tone={current.kind === 'error' ? 'error' : 'default'}
          icon={current.kind === 'error' ? <ErrorOutlineRounded color="error" /> : <InfoOutlined color="primary" />}
          title={current.kind === 'error' ? t('common.fail') : (current.title ?? t('common.notice'))}
          message={current.kind === 'error' ? formatFailure(t, (k) => i18n.exists(k), current.error) : current.message}
          hideCancel
          onConfirm={() => close(true)}
        />
      )}
      <Snackbar
        key={toast?.id}
        open={toast !== null}
        autoHideDuration={3000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity={toast?.severity ?? 'success'} variant="filled" onClose={() => setToast(null)} data-testid="toast" sx={{ minWidth: 260 }}>
          {toast?.message}
        </Alert>
      </Snackbar>
    </FeedbackContext.Provider>
  );
}
