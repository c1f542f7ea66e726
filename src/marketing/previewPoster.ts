/**
 * Opens the consumer page in preview mode in a new window and posts the draft to it (SPEC.md 2
 * "Preview"): up to four times at 2 s intervals (the page may still be loading at the first
 * post), always to the back office's own origin (the page is served by the same server; a
 * window that navigated elsewhere receives nothing). It stops early when the window is closed.
 * The message may be a function: each post sends what it answers then (the preview's sample
 * product arrives after the window opens).
 */
import type { PreviewMessage } from '../domain/marketing/page';
import { PREVIEW_INTERVAL_MS, PREVIEW_POSTS, previewPath } from '../domain/marketing/preview';

export interface PreviewTarget {
  closed?: boolean;
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface PreviewDeps {
  open: (url: string, target: string) => PreviewTarget | null;
  origin: string;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

const browserDeps = (): PreviewDeps => ({
  open: (url, target) => window.open(url, target),
  origin: window.location.origin,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
});

/** The window name: one preview window per tenant, reused by the next preview. */
export const previewWindowName = (tenantCode: string) => `oioc-preview-${tenantCode}`;

/**
 * Opens the preview and schedules the posts; false when the browser refused the window (a
 * pop-up blocker).
 */
export function openPreview(tenantCode: string, message: PreviewMessage | (() => PreviewMessage), deps: PreviewDeps = browserDeps()): boolean {
  const url = `${deps.origin}${previewPath(tenantCode)}`;
  const target = deps.open(url, previewWindowName(tenantCode));
  if (!target) return false;
  const post = (n: number) => {
    if (target.closed) return;
    target.postMessage(typeof message === 'function' ? message() : message, deps.origin);
    if (n < PREVIEW_POSTS) deps.setTimeout(() => post(n + 1), PREVIEW_INTERVAL_MS);
  };
  deps.setTimeout(() => post(1), PREVIEW_INTERVAL_MS);
  return true;
}
