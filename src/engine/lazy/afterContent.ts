/**
 * Work that should not compete with a screen's first content (prefetching chunks the user may
 * open later): queued until a screen says its content is shown (`contentShown`: a list's first
 * rows, the home page), then run when the browser is idle. A page whose screen never says so
 * runs the queue `FALLBACK_MS` after the first `afterContent` call, so nothing waits forever.
 */
const FALLBACK_MS = 5000;

let shown = false;
let fallback: ReturnType<typeof setTimeout> | null = null;
const queue: (() => void)[] = [];

function whenIdle(task: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
  if (idle) idle(task);
  else setTimeout(task, 0);
}

/** A screen's first content is in the page: the queued work runs (when the browser is idle). */
export function contentShown(): void {
  if (shown) return;
  shown = true;
  if (fallback) clearTimeout(fallback);
  for (const task of queue.splice(0)) whenIdle(task);
}

/** Runs `task` once the screen's first content is shown and the browser is idle. */
export function afterContent(task: () => void): void {
  if (shown) {
    whenIdle(task);
    return;
  }
  queue.push(task);
  fallback ??= setTimeout(contentShown, FALLBACK_MS);
}
