import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

/** A yes/no confirmation for one relation change; the page keeps at most one open. */
export function ConfirmModal({
  title,
  confirmLabel,
  dismissLabel = 'Go Back',
  busy,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  /**
   * The button that closes without acting. Never 'Cancel': several of these dialogs confirm a
   * cancellation ('Cancel Request'), and one word must not mean both "do it" and "don't" (issue 24).
   */
  dismissLabel?: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose} busy={busy}>
      <p>{children}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onConfirm} disabled={busy}>
          {busy ? 'Please Wait' : confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {dismissLabel}
        </button>
      </div>
    </Modal>
  );
}
