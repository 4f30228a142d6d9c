import type { MastrPassCancellation } from '@mastr/rules/api/booking.ts';
import { isId, passDocId } from '@mastr/rules/doc-ids.ts';
import type { MastrPassDoc } from '@mastr/rules/documents.ts';
import { mastrPassCancellation } from '@mastr/rules/refunds.ts';
import { updateMastrClass } from '../../couch/stores/mastr-classes-store.ts';
import { getPass, updatePass } from '../../couch/stores/passes-store.ts';
import type { Deps } from '../../deps.ts';
import { CANCEL_REFUSALS, tellPassCancelled } from '../passes/index.ts';
import { refundedPenceOf, refundPassInFull } from '../refunds/index.ts';

/**
 * A member cancels their own Mastr class pass (`POST /api/booking/user/cancel_mastr_pass/{id}`, not
 * in the spec; decision 70), as they cancel a day pass (payments/member-cancellation.ts,
 * decision 50): the gym's copy decides, marked cancelled under its revision, so of two taps, two
 * tabs, two instances exactly one call wins, and a gym cancelling the class at the same moment
 * either finds the pass cancelled (and leaves it be) or put it back to unassigned first (then this
 * cancels an unassigned pass). Then, each safe to repeat: the refund (`refund:{passId}`, one request
 * whoever sends it), the pass leaves its class's `assignedPasses`, the member's copy follows. Refund
 * rule: rules/refunds.ts `mastrPassCancellation` (the day-pass rule on the class's day; unassigned in
 * full; refused once the class has started). A pass checked in has been used.
 */

export const MASTR_CANCEL_MESSAGES = {
  alreadyCancelled: 'This Mastr pass is already cancelled.',
  used: 'This Mastr pass has been used.',
  expired: 'This Mastr pass has expired.',
  refunded: 'Mastr Pass Cancelled. Your payment will be refunded in full.',
  /** Cancelled in time, but nothing was paid for it (a pass from the demo data). */
  cancelled: 'Mastr Pass Cancelled.',
  notRefunded: 'Mastr Pass Cancelled. Same-day cancellations are not refunded automatically.',
} as const;

type MastrCancelOutcome =
  | { outcome: 'cancelled'; message: string; refundedPence: number }
  | { outcome: 'refused'; message: string; pass?: MastrPassCancellation };

export async function cancelOwnMastrPass(deps: Deps, memberId: string, passId: string): Promise<MastrCancelOutcome> {
  // The member's copy says the pass is theirs; the gym's copy is the authority on the rest.
  const mine = isId(passId)
    ? await getPass<MastrPassDoc>(deps.couch, 'member', memberId, passDocId('mastr-pass', passId))
    : null;
  if (mine?.type !== 'mastr-pass' || mine.memberId !== memberId)
    return { outcome: 'refused', message: CANCEL_REFUSALS.unknown };

  const now = deps.now();
  let refusal: string | null = null;
  let won = false;
  const decided = await updatePass<MastrPassDoc>(deps.couch, 'gym', mine.gymId, mine._id, (current) => {
    won = false;
    refusal = null;
    if (current?.type !== 'mastr-pass' || current.memberId !== memberId)
      return ((refusal = CANCEL_REFUSALS.unknown), null);
    if (current.cancelled) return null;
    if (current.checkedIn.checkedInState) return ((refusal = MASTR_CANCEL_MESSAGES.used), null);
    if (current.expired) return ((refusal = MASTR_CANCEL_MESSAGES.expired), null);
    const rule = mastrPassCancellation(current.dateAndTimeStart, now);
    if (rule.outcome === 'refused') return ((refusal = rule.message), null);
    won = true;
    return {
      ...current,
      cancelled: true,
      cancelledAt: now.toISOString(),
      cancelledBy: 'member',
      refundOnCancel: rule.outcome === 'full-refund',
    };
  });
  if (refusal || !decided?.cancelled) return { outcome: 'refused', message: refusal ?? CANCEL_REFUSALS.unknown };

  const refundedPence = await finishCancellation(deps, decided);
  if (!won)
    return {
      outcome: 'refused',
      message: MASTR_CANCEL_MESSAGES.alreadyCancelled,
      pass: {
        passId: decided.passId,
        cancelled: true,
        cancelledBy: 'member',
        cancelledAt: decided.cancelledAt ?? null,
        refundedPence,
      },
    };
  const message = !decided.refundOnCancel
    ? MASTR_CANCEL_MESSAGES.notRefunded
    : refundedPence > 0
      ? MASTR_CANCEL_MESSAGES.refunded
      : MASTR_CANCEL_MESSAGES.cancelled;
  return { outcome: 'cancelled', message, refundedPence };
}

/**
 * Everything after the decision, safe to run any number of times and at once: the refund, the seat
 * (the pass leaves the class it was booked into), the member's copy (the gym's class and cancelled
 * fields, so both copies agree), then the member's receipt (keyed by the pass: one mail, whichever
 * call gets there; decision 92). Resolves to what has been refunded of the pass.
 */
async function finishCancellation(deps: Deps, pass: MastrPassDoc): Promise<number> {
  if (pass.refundOnCancel) await refundPassInFull(deps, pass.passId, 'member-cancel');
  const refundedPence = await refundedPenceOf(deps, pass.passId);
  if (pass.dateAndTimeStart)
    await updateMastrClass(deps.couch, pass.gymId, pass.dateAndTimeStart, (occurrence) =>
      occurrence?.type === 'mastr-class' && occurrence.assignedPasses.includes(pass.passId)
        ? { ...occurrence, assignedPasses: occurrence.assignedPasses.filter((id) => id !== pass.passId) }
        : null,
    );
  await updatePass<MastrPassDoc>(deps.couch, 'member', pass.memberId, pass._id, (current) => {
    if (current?.type !== 'mastr-pass' || current.cancelled) return null;
    const { dateAndTimeStart, cancelledAt, cancelledBy, refundOnCancel } = pass;
    return { ...current, dateAndTimeStart, cancelled: true, cancelledAt, cancelledBy, refundOnCancel };
  });
  await tellPassCancelled(deps, pass, refundedPence);
  return refundedPence;
}
