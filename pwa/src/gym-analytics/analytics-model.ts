/**
 * The gym's analytics (beyond §2): check-ins and day-pass sales per UK day over the last 28 days,
 * derived from the gym's local copy (its passes and the server's outcomes), so the page works
 * offline. Pure; the page and chart only show what this answers.
 *
 * - A check-in counts only once the server has decided it `counted` (design/sync.md "Writes and who
 *   decides"), which it lists on the pass (`countedCheckIns`, decision 197): duplicates and refusals
 *   never count. Its day is the UK day of its `checkedInAt`, as listed there. A check-in recorded on
 *   this device whose decision has not arrived is reported apart as pending, not guessed.
 * - A day pass is a sale on the UK day of its `createdAt` (when it was paid for), not of its visit;
 *   a cancelled pass was refunded and is not a sale.
 */
import { format, startOfDay, subDays } from 'date-fns';
import { ukDateKey, ukNow } from '@mastr/rules/dates.ts';
import { checkInDecisions, type OutcomeFields } from '@mastr/rules/check-in-decisions.ts';
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

/** A pass as far as its counted check-ins go: which record, and when it was checked in. */
interface CountedOnPass {
  countedCheckIns?: readonly { checkInId: string; at: string }[] | null;
}

/** What the analytics read: day passes sold, the passes of the window's days and this device's waiting check-ins. */
export interface ActivityDocs {
  dayPasses: readonly Pick<DayPassDoc, 'createdAt' | 'cancelled'>[];
  /** Check-ins recorded on this device since the window's start that wait in its journal. */
  checkIns: readonly Pick<CheckInDoc, '_id' | 'checkedInAt'>[];
  /** The passes of the window's days: every counted check-in is listed on its pass. */
  checkedInPasses: readonly CountedOnPass[];
  /** Outcome documents: the decisions on those waiting check-ins that did not count. */
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
  /** Check-ins in the window recorded on this device whose decision has not arrived: not counted yet. */
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
  const counted = new Set<string>();
  for (const pass of docs.checkedInPasses) {
    for (const { checkInId, at } of pass.countedCheckIns ?? []) {
      const day = byDay.get(ukDayOf(at));
      if (!day || counted.has(checkInId)) continue;
      counted.add(checkInId);
      day.checkIns += 1;
    }
  }
  const decided = checkInDecisions(docs.checkedInPasses, docs.outcomes);
  const pendingCheckIns = docs.checkIns.filter((c) => byDay.has(ukDayOf(c.checkedInAt)) && !decided.has(c._id)).length;
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
