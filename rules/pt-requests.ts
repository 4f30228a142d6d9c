import { addDaysToKey } from './coach-week.ts';
import { PT_REQUEST_LEAD_DAYS } from './constants.ts';
import { isCalendarDate } from './dates.ts';
import { gymWeekdayOf } from './timetable.ts';
import { END_OF_DAY, SECONDS_PER_HOUR } from './time-of-day.ts';

/**
 * Private training (PT) requests (§5): to a gym, on a date more than two days ahead of today (UK),
 * at one of the 19 hourly times 04:00-22:00, for one discipline and experience level. Coach-slot
 * requests (coach-slots.ts) are hour-long sessions too and share `privateSessionTimes`.
 */
export { HOURLY_SLOTS } from './time-of-day.ts';
export { EXPERIENCE_LEVELS, PT_REQUEST_DISCIPLINES } from './constants.ts';

/** Private sessions last one hour. */
const PRIVATE_SESSION_SECONDS = SECONDS_PER_HOUR;

/** The first date a PT request may name: today + 3 ('YYYY-MM-DD', UK dates). */
export function firstPtRequestDate(todayUk: string): string {
  return addDaysToKey(todayUk, PT_REQUEST_LEAD_DAYS + 1);
}

/** Dates on or before two days ahead of today are disabled; later ones are selectable. */
export function isPtRequestDateSelectable(dateKey: string, todayUk: string): boolean {
  return isCalendarDate(dateKey) && dateKey > addDaysToKey(todayUk, PT_REQUEST_LEAD_DAYS);
}

/**
 * The last date a PT request may name: the Sunday ending next gym week, the last day the request
 * picker offers (§2 "two weeks of dates"; design/decisions.md 27).
 */
export function lastPtRequestDate(todayUk: string): string {
  return addDaysToKey(todayUk, 14 - gymWeekdayOf(todayUk));
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm:ss' wall clock of a time of day (whole seconds from midnight, within the day) on a date. */
export function wallClockAt(dateKey: string, seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds >= END_OF_DAY)
    throw new RangeError(`Not a time of day: ${seconds}`);
  return `${dateKey}T${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;
}

/** Start and end (one hour later) of a private session starting at `startSeconds` on `dateKey`, UK wall clock. */
export function privateSessionTimes(dateKey: string, startSeconds: number): { startTime: string; endTime: string } {
  return {
    startTime: wallClockAt(dateKey, startSeconds),
    endTime: wallClockAt(dateKey, startSeconds + PRIVATE_SESSION_SECONDS),
  };
}
