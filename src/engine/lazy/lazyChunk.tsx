/**
 * Lazy chunks with the load timeout of SPEC.md section 9: a chunk that has not arrived within
 * CHUNK_LOAD_TIMEOUT_MS (120 s), or whose import failed, shows a localized failure with a
 * retry (a fresh import) instead of a spinner forever. `variant: 'dialog'` shows it in the
 * shared modal (a lazy dialog), else in place (a page).
 *
 *   const CrudScreen = lazyChunk(() => import('./CrudScreen'));
 *   const CrudForm = lazyChunk(() => import('./CrudForm').then((m) => ({ default: m.CrudForm })), { variant: 'dialog' });
 *
 * The caller keeps its own <Suspense> fallback (spinner) around it.
 */
import { Component, lazy, useState, type ComponentProps, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { useTranslation } from 'react-i18next';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/limits';
import { AppModal } from '../shell/AppModal';

export class ChunkLoadError extends Error {
  constructor(readonly timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'chunk load timed out' : 'chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** `load()`, rejected with a ChunkLoadError when it fails or has not settled within `ms`. */
export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, e));
      },
    );
  });
}

function ChunkFailure({ variant, timedOut, onRetry }: { variant: 'page' | 'dialog'; timedOut: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  const message = t(timedOut ? 'common.chunkTimeout' : 'common.chunkFailed');
  if (variant === 'dialog') {
    if (closed) return null;
    return (
      <AppModal open testId="chunk-failure" tone="error" icon={<ErrorOutlineRounded color="error" />} title={t('common.fail')} message={message} confirmText={t('common.retry')} onConfirm={onRetry} onCancel={() => setClosed(true)} />
    );
  }
  return (
    <Alert severity="error" data-testid="chunk-failure" sx={{ my: 2 }} action={<Button color="inherit" size="small" onClick={onRetry} data-testid="chunk-retry">{t('common.retry')}</Button>}>
      {message}
    </Alert>
  );
}

interface BoundaryProps {
  variant: 'page' | 'dialog';
  onRetry: () => void;
  children: ReactNode;
}

class ChunkBoundary extends Component<BoundaryProps, { error: ChunkLoadError | null }> {
  state = { error: null as ChunkLoadError | null };
  static getDerivedStateFromError(error: unknown) {
    if (error instanceof ChunkLoadError) return { error };
    throw error;
  }
  componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (!(error instanceof ChunkLoadError)) throw error;
  }
  render() {
    const { error } = this.state;
    if (error) return <ChunkFailure variant={this.props.variant} timedOut={error.timedOut} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

export interface LazyChunkOptions {
  variant?: 'page' | 'dialog';
  /** Default CHUNK_LOAD_TIMEOUT_MS. */
  timeoutMs?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyChunk<M extends { default: ComponentType<any> }>(load: () => Promise<M>, options: LazyChunkOptions = {}): ComponentType<ComponentProps<M['default']>> {
  type P = ComponentProps<M['default']>;
  const make = () => lazy(() => withTimeout(load, options.timeoutMs));
  let Loaded = make();
  function Chunk(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = make();
      setAttempt((a) => a + 1);
    };
    return (
      <ChunkBoundary key={attempt} variant={options.variant ?? 'page'} onRetry={retry}>
        <Loaded {...props} />
      </ChunkBoundary>
    );
  }
  return Chunk;
}
