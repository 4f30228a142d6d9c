/**
 * Today's Bookings on the gym and coach homes (§2), from the booking lists of the /api/me answer
 * (every gym and coach answer carries them). Pure.
 */
import { ukDateKey } from '@mastr/rules/dates.ts';

/** A booking as §3 lists it: its start is a UK wall clock (a trailing Z is ignored, §9). */
interface Session {
  _id: string;
  startTime: string;
}

/** The §3 booking lists of a gym's or coach's answer. */
export interface BookingLists {
  upcomingSessionsInformation: readonly Session[];
  todaysCompletedSessionsInformation: readonly Session[];
}

/** How many sessions are booked for today (UK): the upcoming ones starting today and those completed today, each once. */
export function todaysBookingCount(profile: BookingLists, now: Date): number {
  const today = ukDateKey(now);
  const ids = new Set<string>();
  for (const session of profile.upcomingSessionsInformation)
    if (session.startTime.slice(0, 10) === today) ids.add(session._id);
  for (const session of profile.todaysCompletedSessionsInformation) ids.add(session._id);
  return ids.size;
}

export function todaysBookingsText(count: number): string {
  if (count === 0) return 'No sessions booked today.';
  return count === 1 ? '1 session booked today.' : `${count} sessions booked today.`;
}
