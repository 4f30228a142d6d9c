import type { DayPassCancellation } from '@mastr/rules/api/booking.ts';
import { passDocId } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { passDay } from '@mastr/rules/pass-listing.ts';
import type { Deps } from '../../deps.ts';
import { updatePass } from '../../couch/stores/passes-store.ts';
import { refundedPenceOf, refundPassInFull } from '../refunds/index.ts';
import { tellPassCancelled } from './pass-notifications.ts';

/**
 * One cancellation of a day pass, whoever asks and however many at once (design/payments.md
 * "Refunds", decisions.md 50). The gym's copy decides: it is marked cancelled under its revision
 * with who cancelled, when and whether a full refund is due, so of a member and a gym (or two taps,
 * two tabs, two instances) exactly one call wins. Then, in this order, the refund (key
 * `refund:{passId}`, the same request every time), the member's copy, and the member told once
 * (pass-notifications.ts: keyed by the pass, whichever call gets there). A call that finds the pass cancelled finishes
 * whatever the winner left undone (a crash after the decision) and answers the final state.
 */

export const CANCEL_REFUSALS = {
  unknown: "Missing ID's",
  cancelled: 'This day pass is already cancelled.',
  notUpcoming: "Only upcoming day passes can be cancelled; today's and past passes stay as they are.",
} as const;

type Side = 'member' | 'gym';

/** A side's rule, read against the pass as written: a refusal, or whether a full refund is due. */
type CancelRule = (pass: DayPassDoc, now: Date) => { refusal: string } | { refundOnCancel: boolean };

type DayPassCancelOutcome =
  | { outcome: 'cancelled'; pass: DayPassDoc; refundedPence: number }
  | { outcome: 'refused'; message: string }
  | { outcome: 'already-cancelled'; message: string; pass: DayPassCancellation };

/** The gym's rule (§4): upcoming passes only (after today, UK), always refunded in full. */
export const gymCancelRule: CancelRule = (pass, now) =>
  passDay(pass.dayDateStart, pass.expired, now) === 'upcoming'
    ? { refundOnCancel: true }
    : { refusal: CANCEL_REFUSALS.notUpcoming };

/**
 * `tellMember: false` for a cancellation made by deleting an account (decision 31): no mail then,
 * as before.
 */
export async function cancelDayPassAs(
  deps: Deps,
  side: Side,
  gymId: string,
  passId: string,
  rule: CancelRule,
  options: { tellMember?: boolean } = {},
): Promise<DayPassCancelOutcome> {
  const now = deps.now();
  let refusal: string | null = null;
  let won = false;
  const decided = await updatePass<DayPassDoc>(deps.couch, 'gym', gymId, passDocId('day-pass', passId), (current) => {
    won = false;
    refusal = null;
    if (current?.type !== 'day-pass') return ((refusal = CANCEL_REFUSALS.unknown), null);
    if (current.cancelled) return null;
    const decision = rule(current, now);
    if ('refusal' in decision) return ((refusal = decision.refusal), null);
    won = true;
    return {
      ...current,
      cancelled: true,
      cancelledAt: now.toISOString(),
      cancelledBy: side,
      refundOnCancel: decision.refundOnCancel,
    };
  });
  if (refusal || !decided) return { outcome: 'refused', message: refusal ?? CANCEL_REFUSALS.unknown };
  const refundedPence = await finishCancellation(deps, decided, options.tellMember ?? true);
  if (won) return { outcome: 'cancelled', pass: decided, refundedPence };
  return {
    outcome: 'already-cancelled',
    message: CANCEL_REFUSALS.cancelled,
    pass: {
      passId: decided.passId,
      cancelled: true,
      cancelledBy: decided.cancelledBy ?? null,
      cancelledAt: decided.cancelledAt ?? null,
      refundedPence,
    },
  };
}

/**
 * Everything after the decision, safe to run any number of times and at once: the refund (the same
 * Stripe request under the same key, so it is made once), then the member's copy, then the member
 * told (the mail, and for a gym's cancellation the notification; decisions 42, 50, 71) by every
 * finishing call under one key per pass, so a call stopped after marking the member's copy is made
 * good by the next. Resolves to what has been refunded of the pass.
 */
async function finishCancellation(deps: Deps, pass: DayPassDoc, tellMember: boolean): Promise<number> {
  if (pass.refundOnCancel)
    await refundPassInFull(deps, pass.passId, pass.cancelledBy === 'member' ? 'member-cancel' : 'gym-cancel');
  const refundedPence = await refundedPenceOf(deps, pass.passId);
  await updatePass<DayPassDoc>(deps.couch, 'member', pass.memberId, pass._id, (current) => {
    if (!current || current.cancelled) return null;
    const { cancelledAt, cancelledBy, refundOnCancel } = pass;
    return { ...current, cancelled: true, cancelledAt, cancelledBy, refundOnCancel };
  });
  if (tellMember) await tellPassCancelled(deps, pass, refundedPence);
  return refundedPence;
}
