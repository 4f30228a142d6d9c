/**
 * The gym's analytics (beyond §2): check-ins and day-pass sales per UK day over the last 28 days,
 * derived from the gym's local copy (its passes, check-in records and the server's outcomes), so the
 * page works offline. Pure; the page and chart only show what this answers.
 *
 * - A check-in counts only once the server has decided it `counted` (design/sync.md "Writes and who
 *   decides"): duplicates and refusals never count, and a record still waiting for its outcome is
 *   reported apart as pending, not guessed. Its day is the UK day of `checkedInAt`.
 * - A day pass is a sale on the UK day of its `createdAt` (when it was paid for), not of its visit;
 *   a cancelled pass was refunded and is not a sale.
 */
import { format, startOfDay, subDays } from 'date-fns';
import { ukDateKey, ukNow } from '@mastr/rules/dates.ts';
import { checkInDecisions, type OutcomeFields, type PassCounts } from '@mastr/rules/check-in-decisions.ts';
import type { CheckInDoc, DayPassDoc } from '@mastr/rules/documents.ts';

export const ANALYTICS_DAYS = 28;

export interface AnalyticsWindow {
  /** The UK dates (YYYY-MM-DD) shown, oldest first, ending today. */
  days: string[];
  /** The instant the first of them starts (ISO, Z): what the device's copy is read from. */
  since: string;
}

/** The 28 UK days ending with today, whatever the device's own time zone (DST-safe). */
export function analyticsWindow(now: Date): AnalyticsWindow {
  const today = ukNow(now);
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, i) =>
    format(subDays(today, ANALYTICS_DAYS - 1 - i), 'yyyy-MM-dd'),
  );
  const first = startOfDay(subDays(today, ANALYTICS_DAYS - 1));
  return { days, since: new Date(first.getTime()).toISOString() };
}

/** What the analytics read: day passes sold and check-ins (with their decisions) since the window's start. */
export interface ActivityDocs {
  dayPasses: readonly Pick<DayPassDoc, 'createdAt' | 'cancelled'>[];
  checkIns: readonly Pick<CheckInDoc, '_id' | 'checkedInAt'>[];
  /** The passes of those check-ins: a counted one is listed on its pass. */
  checkedInPasses: readonly PassCounts[];
  /** The outcome documents of those check-ins: the ones that did not count. */
  outcomes: readonly OutcomeFields[];
}

interface DayFigures {
  /** UK date, YYYY-MM-DD. */
  date: string;
  checkIns: number;
  dayPassSales: number;
}

export interface GymAnalytics {
  days: DayFigures[];
  totals: { checkIns: number; dayPassSales: number };
  /** Check-ins in the window recorded on a device whose outcome has not arrived: not counted yet. */
  pendingCheckIns: number;
}

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** UK date of a stored instant; a wall-clock string without an offset is a UK wall clock already. */
function ukDayOf(stamp: string): string {
  return HAS_OFFSET.test(stamp) ? ukDateKey(new Date(stamp)) : stamp.slice(0, 10);
}

export function gymAnalytics(docs: ActivityDocs, now: Date): GymAnalytics {
  const { days } = analyticsWindow(now);
  const byDay = new Map(days.map((date) => [date, { date, checkIns: 0, dayPassSales: 0 }]));
  const decided = checkInDecisions(docs.checkedInPasses, docs.outcomes);
  let pendingCheckIns = 0;
  for (const checkIn of docs.checkIns) {
    const day = byDay.get(ukDayOf(checkIn.checkedInAt));
    if (!day) continue;
    const outcome = decided.get(checkIn._id)?.outcome;
    if (outcome === 'counted') day.checkIns += 1;
    else if (outcome === undefined) pendingCheckIns += 1;
  }
  for (const pass of docs.dayPasses) {
    if (pass.cancelled || !pass.createdAt) continue;
    const day = byDay.get(ukDayOf(pass.createdAt));
    if (day) day.dayPassSales += 1;
  }
  const figures = [...byDay.values()];
  return {
    days: figures,
    totals: {
      checkIns: figures.reduce((sum, d) => sum + d.checkIns, 0),
      dayPassSales: figures.reduce((sum, d) => sum + d.dayPassSales, 0),
    },
    pendingCheckIns,
  };
}

/** 'Sat 21 Nov': a day's label on the chart's axis and in the table. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'EEE d MMM');
}

/** One sentence of the figures, for screen readers and as the chart's accessible name. */
export function analyticsSummary(analytics: GymAnalytics): string {
  const { checkIns, dayPassSales } = analytics.totals;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const busiest = analytics.days.reduce<DayFigures | null>(
    (best, day) => (day.checkIns > 0 && (!best || day.checkIns > best.checkIns) ? day : best),
    null,
  );
  const parts = [
    `In the last ${ANALYTICS_DAYS} days: ${plural(checkIns, 'check-in', 'check-ins')} and ${plural(dayPassSales, 'day pass', 'day passes')} sold.`,
  ];
  if (busiest)
    parts.push(`Busiest day: ${dayLabel(busiest.date)} with ${plural(busiest.checkIns, 'check-in', 'check-ins')}.`);
  return parts.join(' ');
}
