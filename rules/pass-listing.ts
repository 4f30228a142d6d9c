import { ukDateKey } from './dates.ts';

/**
 * Which list a pass belongs on (§4): today's when its start falls within today (UK) and it is not
 * expired; upcoming when it starts after today's end. Past passes are on neither.
 */
export type PassDay = 'today' | 'upcoming' | 'past';

export function passDay(start: string | null, expired: boolean, now: Date = new Date()): PassDay | null {
  if (!start) return null; // an unassigned Mastr pass has no day yet
  const startDay = start.slice(0, 10);
  const today = ukDateKey(now);
  if (startDay === today) return expired ? 'past' : 'today';
  return startDay > today ? 'upcoming' : 'past';
}

/** Newest first by start (wall-clock strings sort lexically). */
export function byStartDescending<T>(start: (item: T) => string | null): (a: T, b: T) => number {
  return (a, b) => (start(b) ?? '').localeCompare(start(a) ?? '');
}

/** Sort helper for lists shown soonest first. */
export function byStartAscending<T>(start: (item: T) => string | null): (a: T, b: T) => number {
  return (a, b) => (start(a) ?? '').localeCompare(start(b) ?? '');
}
