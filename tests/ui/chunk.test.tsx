/**
 * SPEC.md section 9: a lazy chunk that has not loaded within 120 s shows a localized failure
 * with a retry (a fresh import), not a spinner forever.
 */
import { Suspense } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/domain/limits';
import { ChunkLoadError, lazyChunk, withTimeout } from '../../src/engine/lazy/lazyChunk';
import { withProviders } from './harness';

const never = () => new Promise<never>(() => {});

describe('chunk load timeout', () => {
  it('gives up on a chunk after 120 s, not before', async () => {
    vi.useFakeTimers();
    try {
      let failure: unknown = null;
      void withTimeout(never).catch((e) => (failure = e));
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      expect(failure).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(failure).toBeInstanceOf(ChunkLoadError);
      expect((failure as ChunkLoadError).timedOut).toBe(true);
      expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the localized failure with a retry that imports again', async () => {
    let answer: () => Promise<{ default: () => React.ReactElement }> = never;
    const Page = lazyChunk(() => answer(), { timeoutMs: 50 });
    withProviders(
      <Suspense fallback={<span>loading</span>}>
        <Page />
      </Suspense>,
      'zh_TW',
    );
    expect(await screen.findByTestId('chunk-failure')).toHaveTextContent('此部分頁面在 2 分鐘內未能載入');
    answer = async () => ({ default: () => <p>loaded page</p> });
    await act(async () => fireEvent.click(screen.getByTestId('chunk-retry')));
    expect(await screen.findByText('loaded page')).toBeInTheDocument();
    expect(screen.queryByTestId('chunk-failure')).toBeNull();
  });

  it('a failed import shows the same failure in English', async () => {
    const Page = lazyChunk<{ default: () => React.ReactElement }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    withProviders(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
      'en',
    );
    expect(await screen.findByTestId('chunk-failure')).toHaveTextContent('could not be loaded');
    expect(screen.getByTestId('chunk-retry')).toHaveTextContent('Retry');
  });
});
