/**
 * What the gym home's pods (§2) show from the /api/me answer: registered coaches and pending coach
 * requests. A list missing from the answer is unknown (null), never shown as 0. Today's passes come
 * from the device's copy through the front desk's own rule (use-front-desk.ts), not from here. Pure.
 */
import { NO_COACHES_REGISTERED } from '@mastr/rules/texts.ts';

/** A registered coach or a coach asking to join, as /api/me/gyms lists them. */
interface CoachEntry {
  status?: boolean;
}

export interface GymHomeLists {
  coachesInformation?: readonly CoachEntry[];
  requestsInformation?: readonly CoachEntry[];
}

export interface CoachesFigure {
  registered: number;
  /** Of them, the Active ones (only those show on the public profile, §4). */
  active: number;
}

export function coachesFigure(gym: GymHomeLists): CoachesFigure | null {
  const coaches = gym.coachesInformation;
  if (!coaches) return null;
  return { registered: coaches.length, active: coaches.filter((c) => c.status === true).length };
}

/** Pending coach requests (§3 `requestsInformation`). */
export function requestsCount(gym: GymHomeLists): number | null {
  return gym.requestsInformation ? gym.requestsInformation.length : null;
}

/** §8's empty states where a count is 0. */
export function coachesText({ registered, active }: CoachesFigure): string {
  if (registered === 0) return NO_COACHES_REGISTERED;
  return `${active} Active`;
}

export function requestsText(count: number): string {
  if (count === 0) return 'No Coach requests.';
  return count === 1 ? '1 coach asks to join.' : `${count} coaches ask to join.`;
}
