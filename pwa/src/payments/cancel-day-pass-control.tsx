import { useCallback, useState } from 'react';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import { CANCEL_MESSAGES } from '../front-desk/index.ts';
import { successMessage, type Message } from '../forms/index.ts';
import type { MemberDayPass } from '../member-passes/index.ts';
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
 * The member's 'Cancel' button and its dialog, whatever the pass (decision 128): the dialog states
 * the refund of cancelling now (`promptNow`, from rules/refunds.ts), `send` cancels through the
 * server (which applies the same rule and refunds) and answers the line to show, and the pass
 * leaves the list at once. A refusal stays in the dialog. Cancelling needs a connection: offline
 * nothing changes.
 */
export function MemberPassCancel({
  pass,
  srText,
  title,
  keepLabel,
  promptNow,
  send,
  onCancelled,
}: {
  pass: { id: string };
  /** What the button cancels, for screen readers ("Adult Day Pass on …"). */
  srText: string;
  /** The dialog's title and its confirm button ("Cancel Day Pass"). */
  title: string;
  keepLabel: string;
  promptNow: () => CancelPrompt;
  send: () => Promise<string>;
  onCancelled: MemberCancels['cancelled'];
}) {
  const [prompt, setPrompt] = useState<CancelPrompt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const open = () => {
    setError('');
    setPrompt(promptNow());
  };

  const confirm = async () => {
    if (!navigator.onLine) return setError(CANCEL_MESSAGES.offline);
    setSending(true);
    setError('');
    try {
      const text = await send();
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
        <span className="sr-only"> {srText}</span>
      </button>
      {prompt && (
        <CancelConfirmDialog
          title={title}
          prompt={prompt}
          error={error}
          sending={sending}
          confirmLabel={title}
          keepLabel={keepLabel}
          onConfirm={() => void confirm()}
          onClose={() => setPrompt(null)}
        />
      )}
    </>
  );
}

/** 'Cancel' on one of the member's day passes. */
export function CancelDayPassControl({
  pass,
  onCancelled,
}: {
  pass: MemberDayPass;
  onCancelled: MemberCancels['cancelled'];
}) {
  return (
    <MemberPassCancel
      pass={pass}
      srText={`${pass.passType} Day Pass on ${pass.date}`}
      title="Cancel Day Pass"
      keepLabel="Keep Pass"
      promptNow={() => cancelPrompt(pass, memberCancellation(pass.day, new Date()))}
      send={async () => {
        const answer = await cancelMemberDayPass(pass.passId);
        // Without the server's words: the rule it just applied, at (almost) the same moment.
        return cancelledText(answer?.message, memberCancellation(pass.day, new Date()));
      }}
      onCancelled={onCancelled}
    />
  );
}
