import { isId, passDocId } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import type { Deps } from '../../deps.ts';
import { CANCEL_REFUSALS, markDayPassCancelled } from '../passes/passes-service.ts';
import { getDoc, tenantDb } from '../../couch/tenant-docs.ts';
import { refundPassInFull } from './refund-service.ts';

/**
 * A member cancels their own day pass (`POST /api/booking/user/cancel_day_pass/{id}`, not in the
 * spec; design/payments.md "Refunds"): a full refund up to the day before, no automatic refund on
 * the day before 23:00, refused from then on. A pass already checked in has been used.
 */

export const MEMBER_CANCEL_MESSAGES = {
  used: 'This day pass has been used.',
  refunded: 'Day Pass Cancelled. Your payment will be refunded in full.',
  /** Cancelled in time, but nothing was paid for it (a pass from the demo data). */
  cancelled: 'Day Pass Cancelled.',
  notRefunded: 'Day Pass Cancelled. Same-day cancellations are not refunded automatically.',
} as const;

export type MemberCancelOutcome =
  { outcome: 'cancelled'; message: string; refundedPence: number } | { outcome: 'refused'; message: string };

export async function cancelOwnDayPass(deps: Deps, memberId: string, passId: string): Promise<MemberCancelOutcome> {
  // The gym's copy is the authority on check-ins; the member's says the pass is theirs.
  const mine = isId(passId)
    ? await getDoc(tenantDb<DayPassDoc>(deps.couch, 'member', memberId), passDocId('day-pass', passId))
    : null;
  const pass = mine && (await getDoc(tenantDb<DayPassDoc>(deps.couch, 'gym', mine.gymId), mine._id));
  if (!mine || !pass || pass.memberId !== memberId) return { outcome: 'refused', message: CANCEL_REFUSALS.unknown };
  if (pass.cancelled) return { outcome: 'refused', message: CANCEL_REFUSALS.cancelled };
  if (pass.checkIns.all_check_ins.length > 0) return { outcome: 'refused', message: MEMBER_CANCEL_MESSAGES.used };
  const rule = memberCancellation(pass.dayDateStart.slice(0, 10), deps.now());
  if (rule.outcome === 'refused') return { outcome: 'refused', message: rule.message };
  // Refund first: if marking fails, a retry finds the same refund (idempotency key) and finishes.
  const refundedPence = rule.outcome === 'full-refund' ? await refundPassInFull(deps, pass.passId, 'member-cancel') : 0;
  await markDayPassCancelled(deps, pass);
  const message =
    rule.outcome === 'no-refund'
      ? MEMBER_CANCEL_MESSAGES.notRefunded
      : refundedPence > 0
        ? MEMBER_CANCEL_MESSAGES.refunded
        : MEMBER_CANCEL_MESSAGES.cancelled;
  return { outcome: 'cancelled', message, refundedPence };
}
