import { createHash } from 'node:crypto';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { MASTR_CLASS_WEEKS } from '@mastr/rules/constants.ts';
import { ukDateKey, ukWallClock } from '@mastr/rules/dates.ts';
import type { GymProfileDoc, MastrClassDoc } from '@mastr/rules/documents.ts';
import { wallClockAt } from '@mastr/rules/pt-requests.ts';
import { gymWeekdayOf } from '@mastr/rules/timetable.ts';
import { END_OF_DAY } from '@mastr/rules/time-of-day.ts';

/**
 * An occurrence's id is derived from the gym and its start, so every instance and every request
 * names the same class the same way (a checkout can name it back) without storing occurrences.
 */
export function mastrClassId(gymId: string, classDateAndTime: string): string {
  return createHash('sha256').update(`mastr-class:${gymId}:${classDateAndTime}`).digest('hex').slice(0, 24);
}

const isGymWeekday = (n: number) => Number.isInteger(n) && n >= 1 && n <= 7;
const isTimeOfDay = (n: number) => Number.isInteger(n) && n >= 0 && n < END_OF_DAY;

/**
 * The gym's next two Mastr classes (§3 "{product} availability entry"): 'Next Class' is the first
 * occurrence of the weekly default (gym weekday 1-7 at its time, UK wall clock) that has not
 * started yet, 'Following Class' the one a week later. Nothing while the gym's Mastr class is off.
 * The default's `cancelled` flag cancels the next class — the one on `nextClassDate` when the gym
 * named it — and the class after it runs.
 */
export function mastrClassAvailability(
  gymId: string,
  gym: Pick<GymProfileDoc, 'mastrClassActive' | 'mastrClassDefault'>,
  now: Date,
): MastrClassOption[] {
  const slot = gym.mastrClassDefault;
  if (!gym.mastrClassActive || !slot || !isGymWeekday(slot.weekday) || !isTimeOfDay(slot.time)) return [];
  const today = ukDateKey(now);
  let date = addDaysToKey(today, (slot.weekday - gymWeekdayOf(today) + 7) % 7);
  if (wallClockAt(date, slot.time) <= ukWallClock(now)) date = addDaysToKey(date, 7);
  const cancelledDate = slot.cancelled ? (slot.nextClassDate?.slice(0, 10) ?? date) : null;
  return MASTR_CLASS_WEEKS.map((week, i) => {
    const classDate = addDaysToKey(date, 7 * i);
    const classDateAndTime = wallClockAt(classDate, slot.time);
    return {
      _id: mastrClassId(gymId, classDateAndTime),
      week,
      classDateAndTime,
      cancelled: classDate === cancelledDate,
    };
  });
}

/**
 * The computed classes with what the gym's stored occurrences say (design/decisions.md 36): a
 * class whose `mastr-class:` document is cancelled is cancelled, whatever the default says.
 */
export function withStoredClasses<T extends MastrClassOption>(
  options: readonly T[],
  stored: (classDateAndTime: string) => Pick<MastrClassDoc, 'cancelled'> | undefined,
): T[] {
  return options.map((o) => (stored(o.classDateAndTime)?.cancelled ? { ...o, cancelled: true } : o));
}
