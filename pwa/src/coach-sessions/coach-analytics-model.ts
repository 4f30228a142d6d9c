/**
 * The coach's Analytics pod (issue 12): sessions per week and earnings over the last eight coach
 * weeks (Sunday to Saturday, UK), from the bookings on the device, so it draws offline. Pure.
 *
 * A session counts in the week it takes place, upcoming ones of this week included, unless it was
 * cancelled. Earnings are the coach's part of each payment (`coachReceivesPence`, split by the
 * server when the payment landed), kept also for a member's cancellation on the day, which §1
 * does not refund; a session without that figure is counted but adds no earnings.
 */
import { addDaysToKey, coachWeekStart } from '@mastr/rules/coach-week.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { formatWallClock } from '@mastr/rules/dates.ts';
import { formatPence } from '@mastr/rules/money.ts';

const ANALYTICS_WEEKS = 8;

export interface CoachWeekFigures {
  /** The week's Sunday (YYYY-MM-DD). */
  weekStart: string;
  /** e.g. '15 Nov'. */
  label: string;
  sessions: number;
  earningsPence: number;
}

const keptMoney = (b: BookingDoc) => !b.cancelled || b.refundOnCancel === false;

export function coachWeeklyFigures(bookings: readonly BookingDoc[], now: Date): CoachWeekFigures[] {
  const first = coachWeekStart(now, -(ANALYTICS_WEEKS - 1));
  const weeks: CoachWeekFigures[] = Array.from({ length: ANALYTICS_WEEKS }, (_, i) => {
    const weekStart = addDaysToKey(first, i * 7);
    return { weekStart, label: formatWallClock(`${weekStart}T00:00:00`, 'd MMM'), sessions: 0, earningsPence: 0 };
  });
  for (const booking of bookings) {
    const day = booking.startTime.slice(0, 10);
    const index = Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / (7 * 86_400_000));
    const week = weeks[index];
    if (!week || day < first) continue;
    if (!booking.cancelled) week.sessions += 1;
    if (keptMoney(booking)) week.earningsPence += booking.coachReceivesPence ?? 0;
  }
  return weeks;
}

/** One line for the pod and the chart's accessible name. */
export function coachAnalyticsSummary(weeks: readonly CoachWeekFigures[]): string {
  const sessions = weeks.reduce((n, w) => n + w.sessions, 0);
  const earnings = weeks.reduce((n, w) => n + w.earningsPence, 0);
  return `${sessions} ${sessions === 1 ? 'session' : 'sessions'} and ${formatPence(earnings)} earned in the last ${weeks.length} weeks`;
}
