import { DATE_FORMATS, formatWallClock } from './dates.ts';
import type { NotificationDoc, PassEvent } from './documents.ts';
import { formatPence } from './money.ts';

/**
 * The Notifications lines of a gym's cancellations told to the member holding the pass (design/
 * decisions.md 71): the gym (`otherName`), the day (a day pass's `sessionStart` is its day, a Mastr
 * class's its start) and what becomes of the money.
 */

const PASS_EVENTS: readonly PassEvent[] = ['day-pass-cancelled-by-gym', 'mastr-class-cancelled-by-gym'];

export const isPassEvent = (event: string): event is PassEvent => PASS_EVENTS.some((e) => e === event);

export function passNotificationText(
  doc: Pick<NotificationDoc, 'otherName' | 'sessionStart' | 'refundedPence'> & { event: PassEvent },
): string {
  const gym = doc.otherName;
  const start = doc.sessionStart;
  if (doc.event === 'day-pass-cancelled-by-gym') {
    const day = start ? ` for ${formatWallClock(start, DATE_FORMATS.long)}` : '';
    const refunded = doc.refundedPence ?? 0;
    const money =
      refunded > 0
        ? `You have been refunded ${formatPence(refunded)} in full to your card.`
        : 'No payment was taken for it, so there is nothing to refund.';
    return `${gym} cancelled your day pass${day}. ${money}`;
  }
  const when = start
    ? ` on ${formatWallClock(start, DATE_FORMATS.long)} at ${formatWallClock(start, DATE_FORMATS.time)}`
    : '';
  return `${gym} cancelled the Mastr Class${when}. Your pass is kept: book it into another class, or cancel it for a full refund.`;
}
