import { ukDateKey } from './dates.ts';

/**
 * Coach weeks (§4): Sunday (weekday 0) to Saturday (6), reckoned on UK dates. A coach keeps a
 * default week and may give any week its own document keyed by its Sunday (`availabilityDocId`
 * in doc-ids.ts); a week without one follows the default.
 *
 * Date keys are shifted with UTC arithmetic on purpose: a calendar date has no time of day, so
 * neither the device's zone nor the UK clock change can move it.
 */

function utcDate(dateKey: string): Date {
  const [y, m, d] = dateKey.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'YYYY-MM-DD' `days` after (or before, if negative) `dateKey`. */
export function addDaysToKey(dateKey: string, days: number): string {
  const date = utcDate(dateKey);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The coach weekday (0 Sunday .. 6 Saturday) of a date key. */
export function coachWeekdayOf(dateKey: string): number {
  return utcDate(dateKey).getUTCDay();
}

/** The Sunday starting the UK coach week that contains `now`, or the one `weeks` later. */
export function coachWeekStart(now: Date = new Date(), weeks = 0): string {
  const today = ukDateKey(now);
  return addDaysToKey(today, weeks * 7 - coachWeekdayOf(today));
}

/** The date of `weekday` in the week starting `weekStart`. */
export function coachWeekDate(weekStart: string, weekday: number): string {
  return addDaysToKey(weekStart, weekday);
}

/** Whether that day of that week lies before today in the UK (past days are read-only). */
export function isPastCoachDay(weekStart: string, weekday: number, now: Date = new Date()): boolean {
  return coachWeekDate(weekStart, weekday) < ukDateKey(now);
}
