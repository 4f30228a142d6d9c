import { useState } from 'react';
import { statusOf } from '../api/http.ts';
import { Modal } from '../gyms/modal.tsx';
import { memberCancelErrorText } from '../payments/payment-errors.ts';
import {
  BOOKING_TEXTS,
  sessionCancelledText,
  sessionCancelPrompt,
  type SessionCancelPrompt,
  type SessionItem,
} from './bookings-model.ts';
import { cancelMemberBooking } from './sessions-api.ts';
import '../payments/payments.css';

/**
 * 'Cancel' on one of the member's sessions: a dialog states the refund that follows cancelling now
 * (§1's rule, rules/refunds.ts) and cancels through the server, which applies the same rule. Needs a
 * connection: offline nothing changes.
 */
export function CancelSessionControl({
  session,
  onCancelled,
}: {
  session: SessionItem;
  onCancelled(session: SessionItem, text: string): void;
}) {
  const [prompt, setPrompt] = useState<SessionCancelPrompt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const open = () => {
    setError('');
    setPrompt(sessionCancelPrompt(session, new Date()));
  };
  const close = () => setPrompt(null);

  const confirm = async () => {
    if (!navigator.onLine) return setError(BOOKING_TEXTS.offline);
    setSending(true);
    setError('');
    try {
      const answer = await cancelMemberBooking(session.bookingId);
      setPrompt(null);
      onCancelled(session, sessionCancelledText(answer?.message, answer?.refundedPence));
    } catch (err) {
      setError(statusOf(err) === 0 ? BOOKING_TEXTS.offline : memberCancelErrorText(err));
    }
    setSending(false);
  };

  return (
    <>
      <button type="button" className="button button--ghost" onClick={open} aria-haspopup="dialog">
        Cancel
        <span className="sr-only">
          {' '}
          session with {session.coachFullName} on {session.date}
        </span>
      </button>
      {prompt && (
        <Modal title="Cancel Session" onClose={close} busy={sending}>
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
                onClick={() => void confirm()}
                disabled={sending}
                aria-busy={sending}
              >
                Cancel Session
              </button>
            )}
            <button type="button" className="button" onClick={close} disabled={sending}>
              {prompt.canCancel ? 'Keep Session' : 'Close'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
