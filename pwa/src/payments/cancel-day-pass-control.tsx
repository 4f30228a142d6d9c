import { useCallback, useState } from 'react';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import { CANCEL_MESSAGES } from '../front-desk/cancel-day-pass.ts';
import { successMessage, type Message } from '../forms/form-message.tsx';
import type { MemberDayPass } from '../member-passes/member-passes-model.ts';
import { cancelledText, cancelPrompt, type CancelPrompt } from './member-cancel.ts';
import { CancelConfirmDialog } from './cancel-confirm-dialog.tsx';
import { memberCancelErrorText } from './payment-errors.ts';
import { cancelMemberDayPass } from './payments-api.ts';
import './payments.css';

export interface MemberCancels {
  /** Passes cancelled here: they leave the list at once, before sync brings the cancelled copy (§4). */
  hidden: ReadonlySet<string>;
  /** The outcome of the last cancellation, for the page's status line. */
  message: Message | null;
  cancelled(pass: { id: string }, text: string): void;
}

export function useMemberCancels(): MemberCancels {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<Message | null>(null);
  const cancelled = useCallback((pass: { id: string }, text: string) => {
    setHidden((ids) => new Set(ids).add(pass.id));
    setMessage(successMessage(text));
  }, []);
  return { hidden, message, cancelled };
}

/**
 * 'Cancel' on one of the member's day passes: a dialog states the refund outcome of cancelling now
 * (rules/refunds.ts) and cancels through the server, which applies the same rule and refunds.
 * Cancelling needs a connection: offline nothing changes.
 */
export function CancelDayPassControl({
  pass,
  onCancelled,
}: {
  pass: MemberDayPass;
  onCancelled: MemberCancels['cancelled'];
}) {
  const [prompt, setPrompt] = useState<CancelPrompt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const open = () => {
    setError('');
    setPrompt(cancelPrompt(pass, memberCancellation(pass.day, new Date())));
  };
  const close = () => setPrompt(null);

  const confirm = async () => {
    if (!navigator.onLine) return setError(CANCEL_MESSAGES.offline);
    setSending(true);
    setError('');
    try {
      const answer = await cancelMemberDayPass(pass.passId);
      // Without the server's words: the rule it just applied, at (almost) the same moment.
      const text = cancelledText(answer?.message, memberCancellation(pass.day, new Date()));
      setPrompt(null);
      onCancelled(pass, text);
    } catch (err) {
      setError(memberCancelErrorText(err));
    }
    setSending(false);
  };

  return (
    <>
      <button type="button" className="button button--ghost pass-card__cancel" onClick={open} aria-haspopup="dialog">
        Cancel
        <span className="sr-only">
          {' '}
          {pass.passType} Day Pass on {pass.date}
        </span>
      </button>
      {prompt && (
        <CancelConfirmDialog
          title="Cancel Day Pass"
          prompt={prompt}
          error={error}
          sending={sending}
          confirmLabel="Cancel Day Pass"
          keepLabel="Keep Pass"
          onConfirm={() => void confirm()}
          onClose={close}
        />
      )}
    </>
  );
}
