import { useState } from 'react';
import { mastrPassCancellation } from '@mastr/rules/refunds.ts';
import { CANCEL_MESSAGES } from '../front-desk/cancel-day-pass.ts';
import { CancelConfirmDialog } from '../payments/cancel-confirm-dialog.tsx';
import type { MemberCancels } from '../payments/cancel-day-pass-control.tsx';
import { mastrCancelledText, mastrCancelPrompt, type CancelPrompt } from '../payments/member-cancel.ts';
import { memberCancelErrorText } from '../payments/payment-errors.ts';
import { cancelMemberMastrPass } from '../payments/payments-api.ts';
import type { MemberMastrPass } from './member-passes-model.ts';

/**
 * 'Cancel' on one of the member's Mastr class passes (decision 70), as on a day pass: the dialog
 * states the refund of cancelling now (rules/refunds.ts `mastrPassCancellation`), the server applies
 * the same rule, and the pass leaves the list at once (§5 "updates the list optimistically"). A
 * refusal stays in the dialog. Cancelling needs a connection: offline nothing changes.
 */
export function CancelMastrPassControl({
  pass,
  onCancelled,
}: {
  pass: MemberMastrPass;
  onCancelled: MemberCancels['cancelled'];
}) {
  const [prompt, setPrompt] = useState<CancelPrompt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const open = () => {
    setError('');
    setPrompt(mastrCancelPrompt(pass, mastrPassCancellation(pass.classStart, new Date())));
  };

  const confirm = async () => {
    if (!navigator.onLine) return setError(CANCEL_MESSAGES.offline);
    setSending(true);
    setError('');
    try {
      const answer = await cancelMemberMastrPass(pass.passId);
      const text = mastrCancelledText(answer?.message, mastrPassCancellation(pass.classStart, new Date()));
      setPrompt(null);
      onCancelled(pass, text);
    } catch (err) {
      setError(memberCancelErrorText(err));
    }
    setSending(false);
  };

  const named = pass.booked ? `${pass.booked.date} at ${pass.booked.time}` : 'not yet booked';
  return (
    <>
      <button type="button" className="button button--ghost pass-card__cancel" onClick={open} aria-haspopup="dialog">
        Cancel
        <span className="sr-only">
          {' '}
          Mastr Class Pass at {pass.gymName}, {named}
        </span>
      </button>
      {prompt && (
        <CancelConfirmDialog
          title="Cancel Mastr Pass"
          prompt={prompt}
          error={error}
          sending={sending}
          confirmLabel="Cancel Mastr Pass"
          keepLabel="Go Back"
          onConfirm={() => void confirm()}
          onClose={() => setPrompt(null)}
        />
      )}
    </>
  );
}
