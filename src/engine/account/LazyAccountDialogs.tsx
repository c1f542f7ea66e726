/**
 * The top-bar dialogs, loaded on first use (their declared forms bring the form engine and the
 * phone rules' metadata); the module is prefetched once the screen's content is shown and the
 * browser is idle (not before a list's first rows), so the first dialog opens without a wait.
 */
import { Suspense, useEffect } from 'react';
import { afterContent } from '../lazy/afterContent';
import { lazyChunk } from '../lazy/lazyChunk';
import type { AccountDialogsProps } from './AccountDialogs';
import { loadAccountForms } from './forms';
import { HomeDialogMode } from './modes';

// The dialogs open with their forms and the widgets those name (forms.ts).
const load = () => Promise.all([import('./AccountDialogs'), loadAccountForms()]).then(([m]) => m);
const AccountDialogs = lazyChunk(() => load().then((m) => ({ default: m.AccountDialogs })), { variant: 'dialog' });

export function prefetchAccountDialogs(): void {
  afterContent(() => void load().catch(() => {}));
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
