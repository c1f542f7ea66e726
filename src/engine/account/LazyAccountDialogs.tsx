/**
 * The top-bar dialogs, loaded on first use (they bring the phone rules' metadata); the module
 * is prefetched when the browser is idle so the first dialog opens without a wait.
 */
import { Suspense, useEffect } from 'react';
import { lazyChunk } from '../lazy/lazyChunk';
import type { AccountDialogsProps } from './AccountDialogs';
import { loadAccountInputs } from './inputs';
import { HomeDialogMode } from './modes';

// The dialogs open with their inputs (the app's PasswordInput and PhoneInput, inputs.tsx).
const load = () => Promise.all([import('./AccountDialogs'), loadAccountInputs()]).then(([m]) => m);
const AccountDialogs = lazyChunk(() => load().then((m) => ({ default: m.AccountDialogs })), { variant: 'dialog' });

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
