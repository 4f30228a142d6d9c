import { useState } from 'react';
import { statusOf } from '../api/index.ts';
import { CancelConfirmDialog, memberCancelErrorText } from '../payments/index.ts';
import {
  BOOKING_TEXTS,
  sessionCancelledText,
  sessionCancelPrompt,
  type SessionCancelPrompt,
} from './bookings-model.ts';
import type { BookingView } from '../data/index.ts';
import { cancelMemberBooking } from './sessions-api.ts';

/**
 * 'Cancel' on one of the member's sessions: a dialog states the refund that follows cancelling now
 * (§1's rule, rules/refunds.ts) and cancels through the server, which applies the same rule. Needs a
 * connection: offline nothing changes.
 */
export function CancelSessionControl({
  session,
  onCancelled,
}: {
  session: BookingView;
  onCancelled(session: BookingView, text: string): void;
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
        <CancelConfirmDialog
          title="Cancel Session"
          prompt={prompt}
          error={error}
          sending={sending}
          confirmLabel="Cancel Session"
          keepLabel="Keep Session"
          onConfirm={() => void confirm()}
          onClose={close}
        />
      )}
    </>
  );
}
