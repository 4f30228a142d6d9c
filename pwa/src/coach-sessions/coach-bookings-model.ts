/**
 * The coach's Bookings page (§2 coach "Bookings", §8 "Cancel booking"): its texts and the home's
 * count of today's sessions. The lists and how a session reads are the one booking view every
 * Bookings page uses (pwa/src/data/booking-view.ts). Pure.
 */
import {
  CANCEL_BOOKING_FAILED,
  NO_SESSIONS_COMPLETED_TODAY,
  NO_UPCOMING_SESSIONS,
  NO_UPCOMING_SESSIONS_TODAY,
} from '@mastr/rules/texts.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { bookingSections } from '../data/index.ts';

export const BOOKINGS_TEXTS = {
  title: 'Bookings',
  completedToday: 'Completed Today',
  today: "Today's Sessions",
  upcoming: 'Upcoming Sessions',
  loadingCompleted: "Loading Today's Completed Sessions...",
  loadingToday: "Loading Today's Upcoming Sessions...",
  loadingUpcoming: 'Loading Upcoming Sessions...',
  noneCompleted: NO_SESSIONS_COMPLETED_TODAY,
  noneToday: NO_UPCOMING_SESSIONS_TODAY,
  noneUpcoming: NO_UPCOMING_SESSIONS,
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

/**
 * The coach home's Today's Bookings: the sessions of today on the Bookings page (completed and still
 * to come), counted from the same device documents, so the pod and the page never disagree and both
 * read offline (design/sync.md "Coach bookings").
 */
export function todaysSessionCount(docs: readonly BookingDoc[], now: Date): number {
  const lists = bookingSections(docs, now);
  return lists.todaysCompleted.length + lists.today.length;
}

/** §8 "Cancel booking": 400, 401, anything else; a call that never reached the server says so. */
export function cancelErrorText(status: number): string {
  if (status === 0) return BOOKINGS_TEXTS.offline;
  if (status === 400) return "Missing ID's";
  if (status === 401) return 'Unauthorized';
  return CANCEL_BOOKING_FAILED;
}

/** The red line of §2: 'Error: Cancel Booking Failed'. */
export const errorLine = (text: string) => `Error: ${text}`;
