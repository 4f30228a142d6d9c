import type { DayPassCancellation } from '@mastr/rules/api/booking.ts';
import { isId, passDocId } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import type { Deps } from '../../deps.ts';
import { CANCEL_REFUSALS, cancelDayPassAs } from '../passes/index.ts';
import { getPass } from '../../couch/stores/passes-store.ts';

/**
 * A member cancels their own day pass (`POST /api/booking/user/cancel_day_pass/{id}`, not in the
 * spec; design/payments.md "Refunds"): a full refund up to the day before, no automatic refund on
 * the day before 23:00, refused from then on. A pass already checked in has been used. One
 * cancellation wins however many arrive at once, the gym's included (passes/day-pass-cancellation.ts).
 */

export const MEMBER_CANCEL_MESSAGES = {
  used: 'This day pass has been used.',
  refunded: 'Day Pass Cancelled. Your payment will be refunded in full.',
  /** Cancelled in time, but nothing was paid for it (a pass from the demo data). */
  cancelled: 'Day Pass Cancelled.',
  notRefunded: 'Day Pass Cancelled. Same-day cancellations are not refunded automatically.',
} as const;

type MemberCancelOutcome =
  | { outcome: 'cancelled'; message: string; refundedPence: number }
  | { outcome: 'refused'; message: string; pass?: DayPassCancellation };

/** `tellMember: false` when the member is deleting their account (decision 31): no mail. */
export async function cancelOwnDayPass(
  deps: Deps,
  memberId: string,
  passId: string,
  options: { tellMember?: boolean } = {},
): Promise<MemberCancelOutcome> {
  // The gym's copy is the authority on check-ins; the member's says the pass is theirs.
  const mine = isId(passId)
    ? await getPass<DayPassDoc>(deps.couch, 'member', memberId, passDocId('day-pass', passId))
    : null;
  if (!mine || mine.memberId !== memberId) return { outcome: 'refused', message: CANCEL_REFUSALS.unknown };
  const result = await cancelDayPassAs(
    deps,
    'member',
    mine.gymId,
    passId,
    (pass, now) => {
      if (pass.memberId !== memberId) return { refusal: CANCEL_REFUSALS.unknown };
      if (pass.checkIns.all_check_ins.length > 0) return { refusal: MEMBER_CANCEL_MESSAGES.used };
      const rule = memberCancellation(pass.dayDateStart.slice(0, 10), now);
      return rule.outcome === 'refused'
        ? { refusal: rule.message }
        : { refundOnCancel: rule.outcome === 'full-refund' };
    },
    options,
  );
  if (result.outcome !== 'cancelled') return { ...result, outcome: 'refused' };
  const { refundedPence } = result;
  const message = !result.pass.refundOnCancel
    ? MEMBER_CANCEL_MESSAGES.notRefunded
    : refundedPence > 0
      ? MEMBER_CANCEL_MESSAGES.refunded
      : MEMBER_CANCEL_MESSAGES.cancelled;
  return { outcome: 'cancelled', message, refundedPence };
}
