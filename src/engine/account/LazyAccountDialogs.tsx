/**
 * The top-bar dialogs, loaded on first use (they bring the phone rules' metadata); the module
 * is prefetched when the browser is idle so the first dialog opens without a wait.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { AccountDialogsProps } from './AccountDialogs';
import { HomeDialogMode } from './modes';

const load = () => import('./AccountDialogs');
const AccountDialogs = lazy(() => load().then((m) => ({ default: m.AccountDialogs })));

export function prefetchAccountDialogs(): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
  if (idle) idle(() => void load());
  else setTimeout(() => void load(), 1500);
}

export function LazyAccountDialogs(props: AccountDialogsProps) {
  useEffect(() => prefetchAccountDialogs(), []);
  if (props.mode === HomeDialogMode.None) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialogs {...props} />
    </Suspense>
  );
}
