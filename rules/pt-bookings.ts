import { coachWeekdayOf, addDaysToKey } from './coach-week.ts';
import { ukDateKey, ukWallClock } from './dates.ts';
import type { BookingDoc } from './documents.ts';
import { byStartAscending, byStartDescending } from './pass-listing.ts';

/**
 * Private sessions once paid (§3 "Booking/session", §4 "Bookings"; design/decisions.md 37-40):
 * when an accepted request must be paid by, which hour of the coach's week a session holds, when a
 * session counts as completed and which list it is on. UK wall clock throughout, pure, shared by the
 * server and the devices (which read their bookings offline).
 */

/** An accepted coach request holds its slot this long for the member to pay (decision 38). */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an accepted, unpaid coach request has lapsed: 24 hours after the acceptance, or once the
 * session has started, whichever comes first. A lapsed acceptance is released (slot and claim freed,
 * both copies removed) by whoever meets it next.
 */
export function isAcceptanceLapsed(
  request: { accepted: boolean; acceptedAt?: string; startTime: string },
  now: Date,
): boolean {
  if (!request.accepted) return false;
  if (ukWallClock(now) >= request.startTime) return true;
  const acceptedAt = Date.parse(request.acceptedAt ?? '');
  return Number.isFinite(acceptedAt) && now.getTime() - acceptedAt >= PAYMENT_WINDOW_MS;
}

/** Whether a session has started (UK wall clock): no checkout, accept or cancel after that. */
export const hasSessionStarted = (session: { startTime: string }, now: Date) => ukWallClock(now) >= session.startTime;

/** A session is completed once it has ended (UK wall clock); cancelled ones never are. */
export const isSessionCompleted = (booking: Pick<BookingDoc, 'endTime' | 'cancelled'>, now: Date) =>
  !booking.cancelled && ukWallClock(now) >= booking.endTime;

/** The hour of the coach's week a session starting at this UK wall clock holds (the slot claim's key). */
export function coachHourOf(startTime: string): { weekStart: string; weekday: number; time: number } {
  const day = startTime.slice(0, 10);
  const weekday = coachWeekdayOf(day);
  const [h, m, s] = startTime.slice(11, 19).split(':').map(Number);
  return { weekStart: addDaysToKey(day, -weekday), weekday, time: h * 3600 + m * 60 + s };
}

/** The lists a member's, coach's or gym's bookings fall into (§2 Bookings pages, §3 list fields). */
export interface SessionLists<T> {
  /** Not completed, today or later, soonest first (today's first: the pages split them by day). */
  upcoming: T[];
  /** Completed today, soonest first. */
  todaysCompleted: T[];
  /** Completed before today, newest first, capped. */
  archived: T[];
  /** Cancelled, newest session first, capped. */
  cancelled: T[];
}

export function sessionLists<T extends Pick<BookingDoc, 'startTime' | 'endTime' | 'cancelled'>>(
  bookings: readonly T[],
  now: Date,
  cap: number,
): SessionLists<T> {
  const today = ukDateKey(now);
  const lists: SessionLists<T> = { upcoming: [], todaysCompleted: [], archived: [], cancelled: [] };
  for (const booking of bookings) {
    if (booking.cancelled) lists.cancelled.push(booking);
    else if (!isSessionCompleted(booking, now)) lists.upcoming.push(booking);
    else if (booking.startTime.slice(0, 10) === today) lists.todaysCompleted.push(booking);
    else lists.archived.push(booking);
  }
  const soonest = byStartAscending((b: T) => b.startTime);
  const newest = byStartDescending((b: T) => b.startTime);
  return {
    upcoming: lists.upcoming.sort(soonest),
    todaysCompleted: lists.todaysCompleted.sort(soonest),
    archived: lists.archived.sort(newest).slice(0, cap),
    cancelled: lists.cancelled.sort(newest).slice(0, cap),
  };
}
