import { MAX_CARD_AVATARS } from './constants.ts';
import type { Address } from './documents.ts';

/**
 * Public listing rules (§4 "Listing", §5 search). The server applies the visibility rules before
 * anything leaves it; the PWA filters the fetched lists with the search rules on every keystroke,
 * so these stay allocation-light (one lower-casing per field, no regexes).
 */

/** A gym is public only while it is active and subscribed. */
export function isPublicGym(gym: { status: boolean; subscribed: boolean }): boolean {
  return gym.status === true && gym.subscribed === true;
}

/** What a member's pass tells about whether it is still to be used at a gym. */
export interface HeldPass {
  gymId: string;
  cancelled?: boolean;
  expired: boolean;
  /** A day pass's day 'YYYY-MM-DDT00:00:00'. */
  dayDateStart?: string;
  /** A Mastr pass's class start (UK wall clock), null while not yet booked into a class. */
  dateAndTimeStart?: string | null;
}

/**
 * Whether a member holds a pass at the gym still to be used on or after `today` ('YYYY-MM-DD', UK):
 * an uncancelled day pass for today or later, or a Mastr pass not expired whose class is today or
 * later or not chosen yet. Such a member still reaches the gym's page after it is unlisted (issue
 * 24: a gym ending its plan made the page 'Page Not Found' to people holding passes there).
 */
export function holdsPassAt(passes: readonly HeldPass[], gymId: string, today: string): boolean {
  return passes.some((pass) => {
    if (pass.gymId !== gymId || pass.cancelled || pass.expired) return false;
    const day = pass.dayDateStart ?? pass.dateAndTimeStart;
    return day === null || day === undefined || day.slice(0, 10) >= today;
  });
}

/** A coach is public only while active. */
export function isPublicCoach(coach: { status: boolean }): boolean {
  return coach.status === true;
}

/** The avatars a card shows: active ones only, at most nine, in the order given. */
export function cardAvatars<T extends { status: boolean }>(items: readonly T[]): T[] {
  const shown: T[] = [];
  for (const item of items) {
    if (shown.length === MAX_CARD_AVATARS) break;
    if (item.status === true) shown.push(item);
  }
  return shown;
}

const contains = (field: string | null | undefined, needle: string) => (field ?? '').toLowerCase().includes(needle);

/** Case-insensitive substring of the name or any address line, town or postcode; '' matches every gym. */
export function matchesGymSearch(
  gym: { gymName: string; address: Partial<Address> | null | undefined },
  query: string,
): boolean {
  const needle = query.toLowerCase();
  const address = gym.address ?? {};
  return (
    contains(gym.gymName, needle) ||
    contains(address.addressLineOne, needle) ||
    contains(address.addressLineTwo, needle) ||
    contains(address.addressTownOrCity, needle) ||
    contains(address.addressPostalCode, needle)
  );
}

/**
 * Case-insensitive substring of the first or the last name, or of the discipline (issue 15: members
 * look for a boxing coach as often as for a name); '' matches every coach.
 */
export function matchesCoachSearch(
  coach: { firstName: string; lastName: string; discipline?: string },
  query: string,
): boolean {
  const needle = query.toLowerCase();
  if (coach.discipline && contains(coach.discipline, needle)) return true;
  return contains(coach.firstName, needle) || contains(coach.lastName, needle);
}
