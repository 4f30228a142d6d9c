/**
 * The coach's Bookings page (§2 coach "Bookings", §8 "Cancel booking"): its three lists from the
 * device's `booking` documents, how a session reads, and the texts. Completed is worked out on the
 * UK wall clock by rules/pt-bookings.ts, as the server does. Pure.
 */
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { DATE_FORMATS, formatWallClock, ukDateKey } from '@mastr/rules/dates.ts';
import { sessionLists } from '@mastr/rules/pt-bookings.ts';

export const BOOKINGS_TEXTS = {
  title: 'Bookings',
  completedToday: 'Completed Today',
  today: "Today's Sessions",
  upcoming: 'Upcoming Sessions',
  loadingCompleted: "Loading Today's Completed Sessions...",
  loadingToday: "Loading Today's Upcoming Sessions...",
  loadingUpcoming: 'Loading Upcoming Sessions...',
  noneCompleted: 'You have not completed any Sessions Today',
  noneToday: 'You have no Upcoming Sessions Today',
  noneUpcoming: 'You have no Upcoming Sessions',
  cancelTitle: 'Cancel PT',
  cancelLabel: 'Cancel',
  /** Closes the Cancel PT modal without cancelling (its action is already called 'Cancel'). */
  keepLabel: 'Keep Session',
  cancelled: 'Session Cancelled',
  /** Offline: the lists are this device's copy; cancelling needs the server. */
  offline: 'You are offline. Cancelling a session needs a connection to the server; nothing was changed.',
} as const;

export const cancelQuestion = (client: string) => `Cancel PT with ${client}?`;

/** '1 Session', '3 Sessions'. */
export const sessionCount = (count: number) => `${count} ${count === 1 ? 'Session' : 'Sessions'}`;

export interface BookingRow {
  bookingId: string;
  clientName: string;
  discipline: string;
  gymName: string;
  experienceLevel: string;
  /** 'Monday 7th December 2026'. */
  day: string;
  /** '18:00'. */
  start: string;
  /** '18:00 - 19:00'. */
  time: string;
}

export interface CoachBookingLists {
  completedToday: BookingRow[];
  today: BookingRow[];
  /** After today; only these can be cancelled (§2). */
  upcoming: BookingRow[];
}

const rowOf = (doc: BookingDoc): BookingRow => ({
  bookingId: doc.bookingId,
  clientName: doc.clientName,
  discipline: doc.discipline,
  gymName: doc.gymName,
  experienceLevel: doc.experienceLevel,
  day: formatWallClock(doc.startTime, DATE_FORMATS.long),
  start: formatWallClock(doc.startTime, DATE_FORMATS.time),
  time: `${formatWallClock(doc.startTime, DATE_FORMATS.time)} - ${formatWallClock(doc.endTime, DATE_FORMATS.time)}`,
});

/**
 * Today's completed (ended), today's still to come (including one under way) and later sessions,
 * soonest first. Cancelled ones, and those cancelled on this device before replication says so, are
 * on none.
 */
export function coachBookingLists(
  docs: readonly BookingDoc[],
  cancelledHere: ReadonlySet<string>,
  now: Date,
): CoachBookingLists {
  const today = ukDateKey(now);
  const lists = sessionLists(
    docs.filter((doc) => !cancelledHere.has(doc.bookingId)),
    now,
    0,
  );
  const isToday = (doc: BookingDoc) => doc.startTime.slice(0, 10) === today;
  return {
    completedToday: lists.todaysCompleted.map(rowOf),
    today: lists.upcoming.filter(isToday).map(rowOf),
    upcoming: lists.upcoming.filter((doc) => !isToday(doc)).map(rowOf),
  };
}

/**
 * The coach home's Today's Bookings: the sessions of today on the Bookings page (completed and still
 * to come), counted from the same device documents, so the pod and the page never disagree and both
 * read offline (design/sync.md "Coach bookings").
 */
export function todaysSessionCount(docs: readonly BookingDoc[], now: Date): number {
  const lists = coachBookingLists(docs, new Set(), now);
  return lists.completedToday.length + lists.today.length;
}

/** §8 "Cancel booking": 400, 401, anything else; a call that never reached the server says so. */
export function cancelErrorText(status: number): string {
  if (status === 0) return BOOKINGS_TEXTS.offline;
  if (status === 400) return "Missing ID's";
  if (status === 401) return 'Unauthorized';
  return 'Cancel Booking Failed';
}

/** The red line of §2: 'Error: Cancel Booking Failed'. */
export const errorLine = (text: string) => `Error: ${text}`;
