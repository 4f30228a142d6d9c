import { SESSION_ALREADY_STARTED, SESSION_CANCELLED_REFUNDED } from '@mastr/rules/texts.ts';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { hasSessionStarted } from '@mastr/rules/pt-bookings.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import { getBooking, updateBooking } from '../../couch/stores/bookings-store.ts';
import { deleteSlotClaimWhile, getSlotClaim } from '../../couch/stores/slot-claims-store.ts';
import { refundSessionPayment } from '../refunds/index.ts';
import { sessionOfBooking, tellSession } from './session-notifications.ts';

/**
 * Cancelling a paid private session (§7 cancel_booking for coach and user; design/payments.md
 * "Refunds"). The coach's copy decides: it is marked cancelled under its revision, so of a coach
 * and a member cancelling at once exactly one cancellation counts, with its own refund rule. Then
 * the refund (the space share reversed in proportion), the member's and gym's copies, and the hour
 * given back (claim deleted, slot free). A repeated call by the same side finishes what a failed one
 * left undone, so a crash half-way is mended by calling again.
 * - coach: any session not started yet, refunded in full;
 * - member: §1 as for day passes (`memberCancellation`): in full up to the day before, no automatic
 *   refund on the day before 23:00, refused from then on, and refused once the session has started.
 */

export const BOOKING_CANCEL_MESSAGES = {
  unknown: 'This booking does not exist.',
  cancelled: 'This booking is already cancelled.',
  started: SESSION_ALREADY_STARTED,
  coachRefunded: 'Session Cancelled. The client will be refunded in full.',
  memberRefunded: SESSION_CANCELLED_REFUNDED,
  memberNotRefunded: 'Session Cancelled. Same-day cancellations are not refunded automatically.',
} as const;

export type BookingCancelOutcome =
  { outcome: 'cancelled'; message: string; refundedPence: number } | { outcome: 'refused'; message: string };

/** Who cancels: the coach or the member (§7), or a gym deleting its account (decision 31). */
type Side = 'coach' | 'member' | 'gym';
const refused = (message: string): BookingCancelOutcome => ({ outcome: 'refused', message });

/**
 * `accountDeleted`: the side's account is being deleted (decision 31): the session is cancelled with a
 * full refund whatever §1 would say, as a gym's cancellation of a pass is.
 */
export async function cancelBooking(
  deps: Deps,
  side: Side,
  profileId: string,
  bookingId: string,
  options: { accountDeleted?: boolean } = {},
) {
  const mine = isId(bookingId) ? await getBooking(deps.couch, side, profileId, bookingId) : null;
  const owner = { coach: mine?.coachId, member: mine?.userProfile_id, gym: mine?.gymId }[side];
  if (mine?.type !== 'booking' || owner !== profileId) return refused(BOOKING_CANCEL_MESSAGES.unknown);
  const now = deps.now();
  let refusal: string | null = null;
  let wasCancelled = false;
  const decided = await updateBooking(deps.couch, 'coach', mine.coachId, mine._id, (current) => {
    refusal = null;
    if (current?.type !== 'booking') return ((refusal = BOOKING_CANCEL_MESSAGES.unknown), null);
    wasCancelled = current.cancelled;
    if (current.cancelled) {
      // The same side asking again finishes its own cancellation; the other side's is final.
      if (current.cancelledBy !== side) refusal = BOOKING_CANCEL_MESSAGES.cancelled;
      return null;
    }
    if (hasSessionStarted(current, now)) return ((refusal = BOOKING_CANCEL_MESSAGES.started), null);
    let refundOnCancel = true;
    if (side === 'member' && !options.accountDeleted) {
      const rule = memberCancellation(current.startTime.slice(0, 10), now);
      if (rule.outcome === 'refused') return ((refusal = rule.message), null);
      refundOnCancel = rule.outcome === 'full-refund';
    }
    return { ...current, cancelled: true, cancelledAt: now.toISOString(), cancelledBy: side, refundOnCancel };
  });
  if (refusal) return refused(refusal);
  const booking = decided!;
  const refundedPence = booking.refundOnCancel
    ? await refundSessionPayment(
        deps,
        booking.paymentId,
        options.accountDeleted ? 'account-deleted' : side === 'member' ? 'member-cancel' : 'coach-cancel',
      )
    : 0;
  const copies: [TenantKind, string][] = [
    ['member', booking.userProfile_id],
    ['gym', booking.gymId],
  ];
  for (const [kind, id] of copies) {
    await updateBooking(deps.couch, kind, id, booking._id, (current) =>
      current && !current.cancelled
        ? {
            ...current,
            cancelled: true,
            cancelledAt: booking.cancelledAt,
            cancelledBy: booking.cancelledBy,
            refundOnCancel: booking.refundOnCancel,
          }
        : null,
    );
  }
  await releaseHour(deps, booking);
  // Told in the app by the call that cancelled (a repeat finishing it tells no one again); mailed
  // to every party, the one who cancelled included (their receipt, and the CANCEL of the entry the
  // booking mail put in their calendar), by that call and by a repeat finishing it: the key is the
  // booking's, so a repeat queues nothing new unless the first call stopped before its mail.
  const event = {
    coach: 'session-cancelled-by-coach',
    member: 'session-cancelled-by-member',
    gym: 'session-cancelled-by-gym',
  } as const;
  await tellSession(deps, {
    event: event[side],
    session: sessionOfBooking(booking),
    otherName: { coach: booking.coachFullName, member: booking.clientName, gym: booking.gymName }[side],
    notify: wasCancelled ? [] : (['coach', 'member', 'gym'] as const).filter((p) => p !== side),
    mail: ['member', 'coach', 'gym'],
    paymentId: booking.paymentId,
    refundDue: booking.refundOnCancel !== false,
  });
  const message =
    side === 'coach'
      ? BOOKING_CANCEL_MESSAGES.coachRefunded
      : booking.refundOnCancel
        ? BOOKING_CANCEL_MESSAGES.memberRefunded
        : BOOKING_CANCEL_MESSAGES.memberNotRefunded;
  return { outcome: 'cancelled', message, refundedPence } satisfies BookingCancelOutcome;
}

/** Gives the hour back: the claim (the only record that it is held) deleted while it still names this booking. */
async function releaseHour(deps: Deps, booking: BookingDoc): Promise<void> {
  const claim = await getSlotClaim(deps.couch, booking.coachId, booking.slotClaimId);
  if (claim?.booking?.bookingId !== booking.bookingId) return; // given back already
  await deleteSlotClaimWhile(
    deps.couch,
    booking.coachId,
    booking.slotClaimId,
    (current) => current.booking?.bookingId === booking.bookingId,
  );
}
