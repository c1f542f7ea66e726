/**
 * The light page's shared modal, with the full app's test hooks: `fail-modal` (a failed call)
 * or `alert-modal` (a notice), `app-modal-message`, `modal-confirm`; confirm only, and neither
 * Escape nor the backdrop closes it (a native <dialog> shown modally: focus stays inside).
 */
import { useEffect, useRef } from 'react';
import { ErrorIcon, InfoIcon } from './icons';

export interface Notice {
  tone: 'error' | 'default';
  title: string;
  message: string;
}

export function NoticeModal({ notice, confirmText, onClose }: { notice: Notice; confirmText: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="si-modal"
      data-testid={notice.tone === 'error' ? 'fail-modal' : 'alert-modal'}
      aria-labelledby="si-modal-title"
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id="si-modal-title" className={notice.tone === 'error' ? 'si-modal-title si-error' : 'si-modal-title'}>
        {notice.tone === 'error' ? <ErrorIcon /> : <InfoIcon />}
        <span>{notice.title}</span>
      </h2>
      <p className="si-modal-message" data-testid="app-modal-message">{notice.message}</p>
      <div className="si-modal-actions">
        <button type="button" className="si-button" data-testid="modal-confirm" autoFocus onClick={onClose}>
          {confirmText}
        </button>
      </div>
    </dialog>
  );
}
