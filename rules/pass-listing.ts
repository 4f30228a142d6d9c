import { ukDateKey } from './dates.ts';

/**
 * Which list a pass belongs on (§4): today's when its start falls within today (UK) and it is not
 * expired; upcoming when it starts after today's end. Past passes are on neither.
 */
export type PassDay = 'today' | 'upcoming' | 'past';

export function passDay(start: string | null, expired: boolean, now: Date = new Date()): PassDay | null {
  return passDayOn(start, expired, ukDateKey(now));
}

/**
 * `passDay` with today's UK date key ('YYYY-MM-DD') worked out once by the caller: what a list of
 * thousands of passes uses, since reckoning the UK day of an instant costs far more than the rest.
 */
export function passDayOn(start: string | null, expired: boolean, today: string): PassDay | null {
  if (!start) return null; // an unassigned Mastr pass has no day yet
  const startDay = start.slice(0, 10);
  if (startDay === today) return expired ? 'past' : 'today';
  return startDay > today ? 'upcoming' : 'past';
}

/**
 * Wall-clock strings ('YYYY-MM-DDTHH:mm:ss') sort by their characters, so a plain comparison orders
 * them; `localeCompare` would too, at many times the cost (a gym's lists sort thousands of passes).
 */
function compareStarts(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Newest first by start (wall-clock strings sort lexically). */
export function byStartDescending<T>(start: (item: T) => string | null): (a: T, b: T) => number {
  return (a, b) => compareStarts(start(b), start(a));
}

/** Sort helper for lists shown soonest first. */
export function byStartAscending<T>(start: (item: T) => string | null): (a: T, b: T) => number {
  return (a, b) => compareStarts(start(a), start(b));
}
