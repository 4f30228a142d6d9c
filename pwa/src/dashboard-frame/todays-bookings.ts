/**
 * Today's Bookings on the gym and coach homes (§2), from the booking lists of the /api/me answer.
 * PT bookings arrive with issue 12: until the answer carries a list, there is nothing to count and
 * the pod says so plainly rather than showing a made-up 0. Pure.
 */
import { ukDateKey } from '@mastr/rules/dates.ts';

/** A booking as §3 lists it: its start is a UK wall clock (a trailing Z is ignored, §9). */
interface Session {
  _id: string;
  startTime: string;
}

/** The §3 booking lists an answer may carry (absent: not part of the answer yet). */
export interface BookingLists {
  upcomingSessionsInformation?: readonly Session[];
  todaysCompletedSessionsInformation?: readonly Session[];
}

/**
 * How many sessions are booked for today (UK): the upcoming ones starting today and those completed
 * today, each once. null when the answer carries neither list.
 */
export function todaysBookingCount(profile: { _id: string } & BookingLists, now: Date): number | null {
  const { upcomingSessionsInformation: upcoming, todaysCompletedSessionsInformation: completed } = profile;
  if (!upcoming && !completed) return null;
  const today = ukDateKey(now);
  const ids = new Set<string>();
  for (const session of upcoming ?? []) if (session.startTime.slice(0, 10) === today) ids.add(session._id);
  for (const session of completed ?? []) ids.add(session._id);
  return ids.size;
}

/** What the pod says: 'No sessions booked today.' also while bookings are not part of the answer. */
export function todaysBookingsText(count: number | null): string {
  if (!count) return 'No sessions booked today.';
  return count === 1 ? '1 session booked today.' : `${count} sessions booked today.`;
}
