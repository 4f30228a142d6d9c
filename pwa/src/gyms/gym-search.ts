import { matchesGymSearch } from '@mastr/rules/listing.ts';
import type { GymListItem } from '@mastr/rules/api/directory.ts';

/**
 * The gyms a search shows (§5 "Gym search"). Surrounding spaces are ignored so a stray space
 * after a word does not empty the list; an empty query shows every gym, in the server's order.
 */
export function filterGyms(gyms: readonly GymListItem[], query: string): readonly GymListItem[] {
  const needle = query.trim();
  return needle ? gyms.filter((gym) => matchesGymSearch(gym, needle)) : gyms;
}
