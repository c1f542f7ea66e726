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
import { Component, lazy, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
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

class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error instanceof ChunkLoadError) return <ChunkFailure variant={this.props.variant} timedOut={error.timedOut} onRetry={this.props.onRetry} />;
    // Not a chunk failure: the boundaries above deal with it.
    if (error) throw error;
    return this.props.children;
  }
}

export interface LazyChunkOptions {
  variant?: 'page' | 'dialog';
  /** Default CHUNK_LOAD_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Shown while the chunk loads, by the chunk itself instead of the caller's <Suspense>: its
   * arrival is then a plain update, committed at once, where a Suspense boundary showing a
   * fallback is revealed no sooner than 300 ms after the last fallback appeared (React 19
   * throttles retries). The shell and the screens of a page opened directly use it: each
   * waited out that delay in turn (issue 10 section 4).
   */
  fallback?: ReactNode;
}

/** A lazy chunk's component, and `preload()` to fetch it before it renders. */
export type LazyChunk<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A component that loads `load()` on first render. Once loaded (rendered before, or fetched by
 * `preload()`), it renders at once without suspending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyChunk<M extends { default: ComponentType<any> }>(load: () => Promise<M>, options: LazyChunkOptions = {}): LazyChunk<ComponentProps<M['default']>> {
  type P = ComponentProps<M['default']>;
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  // One load at a time; a failed one is forgotten, so a retry imports again.
  const fetchModule = () => {
    pending ??= withTimeout(load, options.timeoutMs).then(
      (m) => (loaded = m),
      (e) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  const make = () => lazy(fetchModule);
  let Loaded = make();

  /** Waits for the chunk in an effect, showing `fallback` meanwhile (no Suspense). */
  function Awaited({ fallback, props }: { fallback: ReactNode; props: P }) {
    const [failure, setFailure] = useState<unknown>(null);
    const [, setArrived] = useState(false);
    useEffect(() => {
      // Also when the chunk arrived between the render (fallback) and this effect: the
      // settled promise re-renders with it (an early return here left the spinner for good).
      let live = true;
      fetchModule().then(
        () => live && setArrived(true),
        (e) => live && setFailure(e),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failure) throw failure;
    if (loaded) {
      const Component = loaded.default;
      return <Component {...props} />;
    }
    return <>{fallback}</>;
  }

  function Waiting(props: P) {
    return <Awaited fallback={options.fallback} props={props} />;
  }

  function Body(props: P) {
    // The element type chosen when this instance mounted stays for its life. Switching from
    // the lazy (or waiting) path to the loaded component at the next render would remount the
    // chunk and everything below it: a form opened while its chunk arrived lost what was typed
    // and came back above the question it had asked (a parent's re-render, e.g. the phone
    // breakpoint or a list's refresh, was enough).
    const [Type] = useState<ComponentType<P>>(() => (loaded ? loaded.default : options.fallback !== undefined ? Waiting : Loaded));
    return <Type {...props} />;
  }

  function Chunk(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = make();
      setAttempt((a) => a + 1);
    };
    return (
      <ChunkBoundary key={attempt} variant={options.variant ?? 'page'} onRetry={retry}>
        <Body {...props} />
      </ChunkBoundary>
    );
  }
  return Object.assign(Chunk, { preload: () => fetchModule() });
}
