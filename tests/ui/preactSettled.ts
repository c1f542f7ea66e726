/**
 * Waiting for the consumer page (Preact) to be at rest, as an event rather than a sleep.
 *
 * Preact draws a state change on a microtask and runs hook effects after the next frame
 * (requestAnimationFrame, or a 35 ms timer, then a task of their own). `trackPreactEffects()` (once per test file) routes
 * every scheduled effect flush through a promise kept here; `preactSettled()` then waits until
 * every flush scheduled so far has run (a flush that schedules another is waited for too) and
 * draws what is left (Preact's `act`). After it, a render or an effect the page was going to
 * do has happened: a test may assert that something is absent.
 */
import { options } from 'preact';
import { act } from 'preact/test-utils';

const pending = new Set<Promise<void>>();

export function trackPreactEffects(): void {
  options.requestAnimationFrame = (flush: () => void) => {
    // As Preact does by itself: the next frame, then a task of its own.
    const done = new Promise<void>((resolve) => {
      requestAnimationFrame(() => setTimeout(() => {
        try {
          flush();
        } finally {
          resolve();
        }
      }));
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
}

export async function preactSettled(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await act(async () => {});
    if (pending.size === 0) return;
    await Promise.all([...pending]);
  }
  throw new Error('Preact kept scheduling effects (50 rounds)');
}
