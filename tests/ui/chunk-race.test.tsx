/**
 * A lazy chunk with its own fallback (src/engine/lazy/lazyChunk.tsx) whose module arrives
 * between the render that showed the fallback and the effect that waits for it: the screen must
 * still show (it once kept the spinner for good: the list stuck on a progress bar).
 */
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { lazyChunk } from '../../src/engine/lazy/lazyChunk';

it('renders the chunk that arrived after the fallback painted but before the effect ran', async () => {
  const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = flag.IS_REACT_ACT_ENVIRONMENT;
  flag.IS_REACT_ACT_ENVIRONMENT = false; // the real scheduler: passive effects in a later task
  try {
    let arrive!: (m: { default: () => React.ReactElement }) => void;
    const Page = lazyChunk(() => new Promise<{ default: () => React.ReactElement }>((r) => { arrive = r; }), {
      fallback: <Arrives />,
    });
    function Arrives() {
      // Right after the fallback's commit, before any passive effect.
      useLayoutEffect(() => arrive({ default: () => <p>the screen</p> }), []);
      return <span>loading</span>;
    }
    void Page.preload();
    const el = document.createElement('div');
    document.body.appendChild(el);
    const root = createRoot(el);
    root.render(<Page />);
    const deadline = Date.now() + 2000;
    while (!el.textContent?.includes('the screen') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(el.textContent).toBe('the screen');
    root.unmount();
    el.remove();
  } finally {
    flag.IS_REACT_ACT_ENVIRONMENT = before;
  }
});
