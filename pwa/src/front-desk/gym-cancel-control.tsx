import { useState } from 'react';
import { Modal } from '../ui/index.ts';
import type { PassView } from './front-desk-model.ts';
import { gymCancelPrompt } from './gym-cancel-model.ts';
import '../payments/payments.css';

/**
 * The dialog a gym confirms a cancellation in (issue 15): who, which pass and day, the refund that
 * follows and that the member is told. While the server answers, the dialog stays open and busy;
 * a refusal is shown in it, a success closes it (the page states the result).
 */
export function GymCancelDialog({
  view,
  onConfirm,
  onClose,
}: {
  view: PassView;
  /** Resolves null once cancelled, else the text to show in the dialog. */
  onConfirm(view: PassView): Promise<string | null>;
  onClose(): void;
}) {
  const prompt = gymCancelPrompt(view);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setSending(true);
    setError(null);
    const failure = await onConfirm(view);
    if (failure === null) return; // The page closes the dialog.
    setError(failure);
    setSending(false);
  }

  return (
    <Modal title="Cancel Day Pass" onClose={onClose} busy={sending}>
      <p className="cancel-pass__question">{prompt.question}</p>
      <p className="cancel-pass__outcome">{prompt.refund}</p>
      <p>{prompt.notice}</p>
      {error && (
        <p className="payments-error" role="alert">
          {error}
        </p>
      )}
      <div className="cancel-pass__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={sending}
          aria-busy={sending}
        >
          Cancel Day Pass
        </button>
        <button type="button" className="button" onClick={onClose} disabled={sending}>
          Keep Pass
        </button>
      </div>
    </Modal>
  );
}
