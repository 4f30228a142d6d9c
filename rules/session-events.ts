import { DATE_FORMATS, formatWallClock } from './dates.ts';
import type { NotificationDoc, SessionEvent } from './documents.ts';

/**
 * The Notifications lines of private-session events (design/decisions.md 40): who did it is
 * `otherName` (the member for a coach or gym, the coach for a member), and the session's start when
 * the document carries it.
 */

const SESSION_EVENTS: readonly SessionEvent[] = [
  'session-requested',
  'session-accepted',
  'session-rejected',
  'coach-applied',
  'session-booked',
  'session-cancelled-by-coach',
  'session-cancelled-by-member',
  'session-cancelled-by-gym',
];

export const isSessionEvent = (event: string): event is SessionEvent => SESSION_EVENTS.some((e) => e === event);

export function sessionNotificationText(
  doc: Pick<NotificationDoc, 'otherName' | 'sessionStart'> & { event: SessionEvent },
): string {
  const name = doc.otherName;
  const when = doc.sessionStart
    ? ` for ${formatWallClock(doc.sessionStart, DATE_FORMATS.dayMonth)} at ${formatWallClock(doc.sessionStart, DATE_FORMATS.time)}`
    : '';
  switch (doc.event) {
    case 'session-requested':
      return `${name} has requested a PT session${when}.`;
    case 'session-accepted':
      return `${name} accepted your PT session request${when}. Complete the request to book it.`;
    case 'session-rejected':
      return `${name} rejected your PT session request${when}.`;
    case 'coach-applied':
      return `${name} applied for your PT session request${when}.`;
    case 'session-booked':
      return `${name} booked a PT session${when}.`;
    case 'session-cancelled-by-coach':
      return `${name} cancelled the PT session${when}.`;
    case 'session-cancelled-by-member':
      return `${name} cancelled the PT session${when}.`;
    case 'session-cancelled-by-gym':
      return `${name} cancelled the PT session${when}: the Gym has closed its account.`;
  }
}
