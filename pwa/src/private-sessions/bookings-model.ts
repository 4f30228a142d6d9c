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
import type { BookingView } from '../data/index.ts';
import { hasSessionStarted } from '@mastr/rules/pt-bookings.ts';
import { memberCancellation } from '@mastr/rules/refunds.ts';

export const BOOKING_TEXTS = {
  noUpcoming: NO_UPCOMING_SESSIONS,
  noneToday: NO_UPCOMING_SESSIONS_TODAY,
  noneCompletedToday: NO_SESSIONS_COMPLETED_TODAY,
  started: SESSION_ALREADY_STARTED,
  offline: 'You are offline. Cancelling a session needs a connection; nothing was changed.',
} as const;

/** 'Session' for one, else 'Sessions' (§2). */
export const sessionCount = (n: number) => `${n} ${n === 1 ? 'Session' : 'Sessions'}`;

export interface SessionCancelPrompt {
  question: string;
  /** The refund that follows, stated before the member confirms. */
  outcome: string;
  canCancel: boolean;
}

/** The member's 'Cancel' of an upcoming session: the refund rule of §1 as day passes, refused once started. */
export function sessionCancelPrompt(session: BookingView, now: Date): SessionCancelPrompt {
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
