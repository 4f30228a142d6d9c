/**
 * What the Bookings pages list (§2 user bookings and privatesessions, gym Bookings; §4 "Bookings"),
 * from the booking copies on the device: completed is worked out on the UK wall clock by
 * rules/pt-bookings.ts, so the lists are right offline too. The member's cancel states the refund of
 * §1 (rules/refunds.ts) before confirming, as the server applies it (decision 40).
 */
import {
  FULL_REFUND_TO_CARD,
  NO_SESSIONS_COMPLETED_TODAY,
  NO_UPCOMING_SESSIONS,
  NO_UPCOMING_SESSIONS_TODAY,
  SESSION_ALREADY_STARTED,
  SESSION_CANCELLED_REFUNDED,
} from '@mastr/rules/texts.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { hasSessionStarted, sessionLists } from '@mastr/rules/pt-bookings.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';
import { whenOf, type SessionWhen } from './session-requests-model.ts';

export const BOOKING_TEXTS = {
  noUpcoming: NO_UPCOMING_SESSIONS,
  noneToday: NO_UPCOMING_SESSIONS_TODAY,
  noneCompletedToday: NO_SESSIONS_COMPLETED_TODAY,
  started: SESSION_ALREADY_STARTED,
  offline: 'You are offline. Cancelling a session needs a connection; nothing was changed.',
} as const;

export interface SessionItem extends SessionWhen {
  id: string;
  /** What the cancel call names. */
  bookingId: string;
  clientName: string;
  coachFullName: string;
  gymName: string;
  discipline: string;
  experienceLevel: string;
  /** The session's UK start, which the refund rule reckons from. */
  startTime: string;
}

export interface BookingSections {
  todaysCompleted: SessionItem[];
  /** Today's, not yet ended, soonest first. */
  today: SessionItem[];
  /** After today, soonest first. */
  upcoming: SessionItem[];
}

const itemOf = (doc: BookingDoc): SessionItem => ({
  id: doc._id,
  bookingId: doc.bookingId,
  clientName: doc.clientName,
  coachFullName: doc.coachFullName,
  gymName: doc.gymName,
  discipline: doc.discipline,
  experienceLevel: doc.experienceLevel,
  startTime: doc.startTime,
  ...whenOf(doc),
});

/** Cancelled sessions, and those hidden after a cancel here (before sync brings the cancelled copy), are left out. */
export function bookingSections(
  docs: readonly BookingDoc[],
  now: Date,
  hidden: ReadonlySet<string> = new Set(),
): BookingSections {
  const lists = sessionLists(
    docs.filter((doc) => !hidden.has(doc.bookingId)),
    now,
    0,
  );
  const today = ukDateKey(now);
  return {
    todaysCompleted: lists.todaysCompleted.map(itemOf),
    today: lists.upcoming.filter((doc) => doc.startTime.slice(0, 10) === today).map(itemOf),
    upcoming: lists.upcoming.filter((doc) => doc.startTime.slice(0, 10) > today).map(itemOf),
  };
}

/** 'Session' for one, else 'Sessions' (§2). */
export const sessionCount = (n: number) => `${n} ${n === 1 ? 'Session' : 'Sessions'}`;

export interface SessionCancelPrompt {
  question: string;
  /** The refund that follows, stated before the member confirms. */
  outcome: string;
  canCancel: boolean;
}

/** The member's 'Cancel' of an upcoming session: the refund rule of §1 as day passes, refused once started. */
export function sessionCancelPrompt(session: SessionItem, now: Date): SessionCancelPrompt {
  const question = `Cancel your PT session with ${session.coachFullName} at ${session.gymName} on ${session.date} at ${session.time.slice(0, 5)}?`;
  if (hasSessionStarted(session, now)) return { question, outcome: BOOKING_TEXTS.started, canCancel: false };
  const rule = memberCancellation(session.startTime.slice(0, 10), now);
  if (rule.outcome === 'refused') return { question, outcome: rule.message, canCancel: false };
  const outcome =
    rule.outcome === 'full-refund'
      ? FULL_REFUND_TO_CARD
      : 'Your session is today, so no automatic refund is made: same-day cancellations are not refunded.';
  return { question, outcome, canCancel: true };
}

/** The line shown once cancelled: the server's own account (it knows what it refunded), else the rule's. */
export function sessionCancelledText(serverMessage: unknown, refundedPence: number | undefined): string {
  if (typeof serverMessage === 'string' && serverMessage.trim()) return serverMessage.trim();
  return refundedPence ? SESSION_CANCELLED_REFUNDED : 'Session Cancelled.';
}
