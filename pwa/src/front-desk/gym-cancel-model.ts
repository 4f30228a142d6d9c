/**
 * What the gym is asked before cancelling a member's upcoming day pass, and told after
 * (issue 15, design/decisions.md 42). Pure: the pass's view in, texts out.
 */
import { NOTHING_TO_REFUND } from '@mastr/rules/texts.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { formatPence } from '@mastr/rules/money.ts';
import { gymCancellationRefundPence } from '@mastr/rules/refunds.ts';
import type { PassView } from './front-desk-model.ts';

export interface GymCancelPrompt {
  question: string;
  /** The refund that follows, stated before the gym confirms. */
  refund: string;
  /** Who is told, and how. */
  notice: string;
}

type CancelNaming = Pick<PassView, 'clientName' | 'passType' | 'start' | 'pricePence'>;

const dateOf = (view: CancelNaming) => (view.start ? formatWallClock(view.start, DATE_FORMATS.long) : 'its day');

export function gymCancelPrompt(view: CancelNaming): GymCancelPrompt {
  const refundPence = gymCancellationRefundPence(view.pricePence);
  return {
    question: `Cancel ${view.clientName}'s ${view.passType} Day Pass for ${dateOf(view)}?`,
    refund: refundPence
      ? `${view.clientName} gets a full refund of ${formatPence(refundPence)} to their card.`
      : NOTHING_TO_REFUND,
    notice: `${view.clientName} is emailed that the gym cancelled the pass. This cannot be undone.`,
  };
}

/** The line shown once the server cancelled the pass; `refundedPence` is what it actually refunded. */
export function gymCancelledText(view: CancelNaming, refundedPence: number): string {
  const done = `Cancelled ${view.clientName}'s ${view.passType} Day Pass for ${dateOf(view)}.`;
  const refund =
    refundedPence > 0
      ? `${formatPence(refundedPence)} refunded to their card.`
      : 'Nothing to refund (no payment was taken, or it was refunded already).';
  return `${done} ${refund} ${view.clientName} has been emailed.`;
}
