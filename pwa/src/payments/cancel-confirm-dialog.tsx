import { Modal } from '../ui/index.ts';
import './payments.css';

/** What a cancel dialog states: the question, the refund that follows, and whether it may go ahead. */
export interface CancelConfirmPrompt {
  question: string;
  outcome: string;
  canCancel: boolean;
}

/**
 * The member's confirm-and-report dialog for cancelling something paid (a day pass, a private
 * session): the question and the refund outcome, the server's refusal inside the dialog, and a
 * danger button only when cancelling is still allowed. Busy while the call is out (the dialog can
 * neither be closed nor sent twice).
 */
export function CancelConfirmDialog({
  title,
  prompt,
  error,
  sending,
  confirmLabel,
  keepLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  prompt: CancelConfirmPrompt;
  error: string;
  sending: boolean;
  confirmLabel: string;
  keepLabel: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal title={title} onClose={onClose} busy={sending}>
      <p className="cancel-pass__question">{prompt.question}</p>
      <p className="cancel-pass__outcome">{prompt.outcome}</p>
      {error && (
        <p className="payments-error" role="alert">
          {error}
        </p>
      )}
      <div className="cancel-pass__actions">
        {prompt.canCancel && (
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={sending}
            aria-busy={sending}
          >
            {confirmLabel}
          </button>
        )}
        <button type="button" className="button" onClick={onClose} disabled={sending}>
          {prompt.canCancel ? keepLabel : 'Close'}
        </button>
      </div>
    </Modal>
  );
}
