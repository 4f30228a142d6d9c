import type { ClassItem } from './documents.ts';
import { addDaysToKey } from './coach-week.ts';
import { INVITATION_ONLY } from './constants.ts';
import { ukDateKey, ukWallClock } from './dates.ts';
import { isMorning } from './time-of-day.ts';

/**
 * The gym timetable (§2 "Gym profile", §4, §5): gym weeks run Monday (weekday 1) to Sunday (7) on
 * UK dates, and only two are ever shown — the current week and the next. Date keys are
 * 'YYYY-MM-DD' strings, so comparing them as strings compares the days.
 */

export type WeekKind = 'currentWeek' | 'nextWeek';

/** One gym weekday as the public API sends it (Mon..Sun). */
export interface TimetableDay {
  weekday: number;
  currentWeekClasses: ClassItem[];
  nextWeekClasses: ClassItem[];
}

/** The gym weekday (1 Monday .. 7 Sunday) of a date key. */
export function gymWeekdayOf(dateKey: string): number {
  const [y, m, d] = dateKey.split('-').map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The Monday starting the UK gym week that contains `now`, or the one `weeks` later. */
export function gymWeekStart(now: Date = new Date(), weeks = 0): string {
  const today = ukDateKey(now);
  return addDaysToKey(today, weeks * 7 - (gymWeekdayOf(today) - 1));
}

/** The date of `weekday` (1..7) in the gym week starting on the Monday `weekStart`. */
export function gymWeekDate(weekStart: string, weekday: number): string {
  return addDaysToKey(weekStart, weekday - 1);
}

/** The seven dates, Monday to Sunday, of the gym week starting `weekStart`. */
export function gymWeekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDaysToKey(weekStart, i));
}

/**
 * In the current week, days before today are expired: shown greyed and not clickable. Today is
 * still open, and next week's days never expire (§2).
 */
export function isExpiredDay(weekKind: WeekKind, weekStart: string, weekday: number, today: string): boolean {
  return weekKind === 'currentWeek' && gymWeekDate(weekStart, weekday) < today;
}

/** That week's classes of a day. */
export function classesOfWeek(day: TimetableDay, weekKind: WeekKind): ClassItem[] {
  return weekKind === 'currentWeek' ? day.currentWeekClasses : day.nextWeekClasses;
}

/** Classes in start-time order (a copy; ties keep their stored order). */
export function sortByStart(classes: readonly ClassItem[]): ClassItem[] {
  return [...classes].sort((a, b) => a.startTime - b.startTime);
}

/** Morning (start before 12:00) and afternoon classes, each sorted by start (§4). */
export function splitAmPm(classes: readonly ClassItem[]): { am: ClassItem[]; pm: ClassItem[] } {
  const sorted = sortByStart(classes);
  return { am: sorted.filter((c) => isMorning(c.startTime)), pm: sorted.filter((c) => !isMorning(c.startTime)) };
}

/** Invitation-only classes are never bookable (§5). */
export function isBookableClass(item: ClassItem): boolean {
  return item.difficulty !== INVITATION_ONLY;
}

/** The classes a day pass of that kind covers on a day: kids or adult classes, invitation-only left out. */
export function dayPassClasses(classes: readonly ClassItem[], kids: boolean): ClassItem[] {
  return sortByStart(classes.filter((c) => c.kidsClass === kids && isBookableClass(c)));
}

/**
 * 'Also included' with the day pass bought from a class: the same day's other classes of the same
 * kind (kids or adult), invitation-only left out (§2).
 */
export function alsoIncluded(dayClasses: readonly ClassItem[], chosen: ClassItem): ClassItem[] {
  return dayPassClasses(dayClasses, chosen.kidsClass).filter((c) => c._id !== chosen._id);
}

/** Day-pass dates before today are disabled; today itself can still be booked (§5). */
export function isDayPassDateOpen(dateKey: string, today: string): boolean {
  return dateKey >= today;
}

/** Where a date lies in the two-week window starting `currentWeekStart`, or null outside it. */
export function locateInWindow(
  dateKey: string,
  currentWeekStart: string,
): { weekKind: WeekKind; weekday: number } | null {
  const nextWeekStart = addDaysToKey(currentWeekStart, 7);
  if (dateKey < currentWeekStart || dateKey >= addDaysToKey(nextWeekStart, 7)) return null;
  return { weekKind: dateKey < nextWeekStart ? 'currentWeek' : 'nextWeek', weekday: gymWeekdayOf(dateKey) };
}

/** The classes the timetable holds for a date of its two-week window ([] outside it). */
export function classesOnDate(days: readonly TimetableDay[], currentWeekStart: string, dateKey: string): ClassItem[] {
  const place = locateInWindow(dateKey, currentWeekStart);
  const day = place && days.find((d) => d.weekday === place.weekday);
  return day ? classesOfWeek(day, place.weekKind) : [];
}

export interface MastrClassSlot {
  _id: string;
  /** UK wall clock 'YYYY-MM-DDTHH:mm:ss' (a trailing Z from older data is ignored). */
  classDateAndTime: string;
  cancelled: boolean;
}

export type MastrOptionState = 'open' | 'cancelled' | 'selected' | 'past';

/**
 * A Mastr class option is disabled when cancelled, already the one selected, or started already
 * (UK wall clock) (§2). Cancelled wins, then past, so a stale selection never looks bookable.
 */
export function mastrOptionState(
  option: MastrClassSlot,
  selectedId: string | null,
  now: Date = new Date(),
): MastrOptionState {
  if (option.cancelled) return 'cancelled';
  if (option.classDateAndTime.replace(/Z$/, '') <= ukWallClock(now)) return 'past';
  if (option._id === selectedId) return 'selected';
  return 'open';
}
