/**
 * SPEC.md section 9: a lazy chunk that has not loaded within 120 s shows a localized failure
 * with a retry (a fresh import), not a spinner forever.
 */
import { Suspense, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
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

  it('keeps what was typed in a chunk that arrived while it showed, when its parent renders again', async () => {
    function Form({ label }: { label: string }) {
      const [text, setText] = useState('');
      return <input aria-label={label} value={text} onChange={(e) => setText(e.target.value)} />;
    }
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    const Chunk = lazyChunk(async () => { await arrived; return { default: Form }; });
    const page = (label: string) => (
      <Suspense fallback={<span>loading</span>}>
        <Chunk label={label} />
      </Suspense>
    );
    const { rerender } = render(page('Name'));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive());
    const input = await screen.findByLabelText('Name');
    fireEvent.change(input, { target: { value: 'typed' } });
    // The parent renders again (new props): the same input, still holding what was typed.
    rerender(page('Full name'));
    expect(screen.getByLabelText('Full name')).toBe(input);
    expect(input).toHaveValue('typed');
  });

  it('keeps its state the same way when it waited with its own fallback', async () => {
    function Counter() {
      const [n, setN] = useState(0);
      return <button type="button" onClick={() => setN(n + 1)}>clicked {n}</button>;
    }
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    const Chunk = lazyChunk(async () => { await arrived; return { default: Counter }; }, { fallback: <span>waiting</span> });
    const { rerender } = render(<div title="a"><Chunk /></div>);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => arrive());
    fireEvent.click(await screen.findByText('clicked 0'));
    rerender(<div title="b"><Chunk /></div>);
    expect(screen.getByRole('button')).toHaveTextContent('clicked 1');
  });
});
