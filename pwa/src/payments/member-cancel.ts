/**
 * What the member is told when cancelling their own day pass (or Mastr class pass), from the refund rule of §1
 * (rules/refunds.ts): asked with the outcome before confirming, told the outcome after.
 */
import { FULL_REFUND_TO_CARD } from '@mastr/rules/texts.ts';
import type { MemberCancellation } from '@mastr/rules/refunds.ts';

export interface CancelPrompt {
  question: string;
  /** The refund outcome, stated before the member confirms. */
  outcome: string;
  /** False once sales are final: the dialog offers no way to cancel. */
  canCancel: boolean;
}

interface PassNaming {
  passType: string;
  gymName: string;
  /** 'EEEE do LLLL yyyy'. */
  date: string;
}

const OUTCOME_TEXTS: Record<Exclude<MemberCancellation['outcome'], 'refused'>, { before: string; after: string }> = {
  'full-refund': {
    before: FULL_REFUND_TO_CARD,
    after: 'Day pass cancelled. A full refund is on its way to your card.',
  },
  'no-refund': {
    before:
      'Your pass is for today, so no automatic refund is made: a same-day cancellation may incur a late fee at the gym’s discretion.',
    after: 'Day pass cancelled. No automatic refund is made on the day of the session.',
  },
};

export function cancelPrompt(pass: PassNaming, cancellation: MemberCancellation): CancelPrompt {
  const question = `Cancel your ${pass.passType} Day Pass at ${pass.gymName} on ${pass.date}?`;
  if (cancellation.outcome === 'refused') return { question, outcome: cancellation.message, canCancel: false };
  return { question, outcome: OUTCOME_TEXTS[cancellation.outcome].before, canCancel: true };
}

/**
 * The line shown once the server has cancelled the pass: its own account of the outcome (it knows
 * whether anything was paid), else the rule's outcome at the moment of the answer.
 */
export function cancelledText(serverMessage: unknown, cancellation: MemberCancellation): string {
  if (typeof serverMessage === 'string' && serverMessage.trim()) return serverMessage.trim();
  return cancellation.outcome === 'refused' ? cancellation.message : OUTCOME_TEXTS[cancellation.outcome].after;
}

/** What a Mastr pass is called in its dialog: its gym and, once booked, its class. */
interface MastrPassNaming {
  gymName: string;
  booked: { date: string; time: string } | null;
}

const MASTR_OUTCOME_TEXTS: Record<
  Exclude<MemberCancellation['outcome'], 'refused'>,
  { before: string; after: string }
> = {
  'full-refund': {
    before: 'You will get your £1 back in full to your card.',
    after: 'Mastr pass cancelled. A full refund is on its way to your card.',
  },
  'no-refund': {
    before:
      'Your class is today, so no automatic refund is made: a same-day cancellation may incur a late fee at the gym’s discretion.',
    after: 'Mastr pass cancelled. No automatic refund is made on the day of the class.',
  },
};

/** The Mastr pass's cancel dialog (decision 70): the same rule as a day pass, on the class's day. */
export function mastrCancelPrompt(pass: MastrPassNaming, cancellation: MemberCancellation): CancelPrompt {
  const question = pass.booked
    ? `Cancel your Mastr Class Pass at ${pass.gymName} for ${pass.booked.date} at ${pass.booked.time}?`
    : `Cancel your Mastr Class Pass at ${pass.gymName}? It is not booked into a class yet.`;
  if (cancellation.outcome === 'refused') return { question, outcome: cancellation.message, canCancel: false };
  return { question, outcome: MASTR_OUTCOME_TEXTS[cancellation.outcome].before, canCancel: true };
}

/** The line once the server has cancelled the Mastr pass: its words, else the rule's outcome. */
export function mastrCancelledText(serverMessage: unknown, cancellation: MemberCancellation): string {
  if (typeof serverMessage === 'string' && serverMessage.trim()) return serverMessage.trim();
  return cancellation.outcome === 'refused' ? cancellation.message : MASTR_OUTCOME_TEXTS[cancellation.outcome].after;
}
