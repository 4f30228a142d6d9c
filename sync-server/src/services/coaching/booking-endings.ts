import type { BookingDoc } from '@mastr/rules/documents.ts';
import { hasSessionStarted } from '@mastr/rules/pt-bookings.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import { bookingsIn, updateBooking } from '../../couch/stores/bookings-store.ts';
import { notificationsIn, updateNotification } from '../../couch/stores/notifications-store.ts';
import { coachRequestsIn, gymRequestsIn } from '../../couch/stores/session-requests-store.ts';
import { cancelBooking } from './booking-cancellation.ts';

/**
 * What deleting an account does to its private sessions (design/decisions.md 31, 40), run before its
 * database goes. Every step is idempotent (a cancellation repeated by the same side finishes itself).
 * - member: sessions on a later UK day are cancelled and refunded in full, as their own cancellation
 *   would be; today's stands (§1, as today's day pass); the coach's and gym's copies stop naming them;
 * - coach: every session not started is cancelled and refunded in full; the member's and gym's copies
 *   say 'Deleted coach';
 * - gym: every session at it not started is cancelled and refunded in full.
 * Resolves to the pence refunded.
 */

const bookingsOf = (deps: Deps, kind: TenantKind, id: string) => bookingsIn(deps.couch, kind, id);

async function cancelEach(deps: Deps, side: TenantKind, id: string, which: (b: BookingDoc) => boolean) {
  let refunded = 0;
  for (const booking of await bookingsOf(deps, side, id)) {
    if (booking.cancelled && booking.cancelledBy !== side) continue;
    if (!which(booking)) continue;
    const outcome = await cancelBooking(deps, side, id, booking.bookingId, { accountDeleted: true });
    if (outcome.outcome === 'cancelled') refunded += outcome.refundedPence;
  }
  return refunded;
}

async function renameIn(deps: Deps, copies: [TenantKind, string, string][], change: (b: BookingDoc) => BookingDoc) {
  for (const [kind, owner, id] of copies) {
    await updateBooking(deps.couch, kind, owner, id, (current) => {
      if (!current) return null;
      const next = change(current);
      return next.clientName === current.clientName && next.coachFullName === current.coachFullName ? null : next;
    });
  }
}

export async function endMemberBookings(deps: Deps, memberId: string, deletedName: string): Promise<number> {
  const now = deps.now();
  const refunded = await cancelEach(
    deps,
    'member',
    memberId,
    (b) => !hasSessionStarted(b, now) && memberCancellation(b.startTime.slice(0, 10), now).outcome === 'full-refund',
  );
  const copies = (await bookingsOf(deps, 'member', memberId)).flatMap((b): [TenantKind, string, string][] => [
    ['coach', b.coachId, b._id],
    ['gym', b.gymId, b._id],
  ]);
  await renameIn(deps, copies, (b) => ({ ...b, clientName: deletedName }));
  return refunded;
}

export async function endCoachBookings(deps: Deps, coachId: string, deletedName: string): Promise<number> {
  const now = deps.now();
  const refunded = await cancelEach(deps, 'coach', coachId, (b) => !hasSessionStarted(b, now));
  const copies = (await bookingsOf(deps, 'coach', coachId)).flatMap((b): [TenantKind, string, string][] => [
    ['member', b.userProfile_id, b._id],
    ['gym', b.gymId, b._id],
  ]);
  await renameIn(deps, copies, (b) => ({ ...b, coachFullName: deletedName }));
  return refunded;
}

export async function endGymBookings(deps: Deps, gymId: string): Promise<number> {
  const now = deps.now();
  return cancelEach(deps, 'gym', gymId, (b) => !hasSessionStarted(b, now));
}

/** The session events a member's or a coach's own action caused: the ones naming them (`otherName`). */
const NAMING = {
  member: ['session-requested', 'session-booked', 'session-cancelled-by-member'],
  coach: ['session-accepted', 'session-rejected', 'coach-applied', 'session-cancelled-by-coach'],
} as const;

/**
 * The other parties of a member's or coach's private sessions (requests and bookings in its own
 * database): where notifications naming it were written. Read before its dealings end.
 */
export async function sessionParties(
  deps: Deps,
  kind: 'member' | 'coach',
  id: string,
): Promise<[TenantKind, string][]> {
  const docs: { coachId?: string; userProfile_id?: string; gymId?: string }[] = (
    await Promise.all([
      coachRequestsIn(deps.couch, kind, id),
      gymRequestsIn(deps.couch, kind, id),
      bookingsIn(deps.couch, kind, id),
    ])
  ).flat();
  const parties = new Map<string, [TenantKind, string]>();
  const add = (partyKind: TenantKind, partyId: string | undefined) => {
    if (partyId) parties.set(`${partyKind}:${partyId}`, [partyKind, partyId]);
  };
  for (const doc of docs) {
    add('gym', doc.gymId);
    if (kind === 'member') add('coach', doc.coachId);
    else add('member', doc.userProfile_id);
  }
  return [...parties.values()];
}

/** Notifications in those databases naming the deleted member or coach name them no more. */
export async function scrubSessionNotifications(
  deps: Deps,
  parties: readonly [TenantKind, string][],
  kind: 'member' | 'coach',
  id: string,
  deletedName: string,
): Promise<void> {
  const events: readonly string[] = NAMING[kind];
  for (const [partyKind, partyId] of parties) {
    for (const note of await notificationsIn(deps.couch, partyKind, partyId)) {
      const about = kind === 'member' ? note.memberId : note.coachId;
      if (about !== id || !events.includes(note.event) || note.otherName === deletedName) continue;
      await updateNotification(deps.couch, partyKind, partyId, note._id, (current) =>
        current ? { ...current, otherName: deletedName } : null,
      );
    }
  }
}
