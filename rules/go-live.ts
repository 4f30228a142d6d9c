/**
 * When a gym or coach becomes Active by itself (design/decisions.md "Going live"). Pure: the server
 * applies it after every account edit, every payments event and (for a gym) every schedule write; the
 * dashboards show what is missing as a checklist. A gym also needs the Basic plan to be listed
 * (listing.ts `isPublicGym`).
 */
import { COACH_DISCIPLINES, SESSION_PREFERENCES } from './constants.ts';
import type { Address, ScheduleWeekDoc } from './documents.ts';
import { MIN_CHARGE_PENCE } from './money.ts';
import { isBookableClass } from './timetable.ts';

/** A step still to do; `page` is the dashboard sub-route where it is done. */
export interface GoLiveStep {
  key: string;
  label: string;
  page: 'account' | 'stripe' | 'schedule';
}

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';
/** A price that card checkout can take (a 20p price would list a gym that can sell nothing). */
const sellable = (pence: number) => Number.isInteger(pence) && pence >= MIN_CHARGE_PENCE;

export interface GymGoLiveFacts {
  gymName: string;
  address: Address;
  adultDayPassPrice: number;
  kidsDayPassPrice: number;
  /** Its payments account can take charges (Stripe `charges_enabled`). */
  chargesEnabled: boolean;
  /** Its default weekly schedule (`schedule:default`), null while it has none. */
  defaultSchedule: Pick<ScheduleWeekDoc, 'days'> | null;
}

/**
 * Whether the default schedule holds a class members can book. Only the default counts: it feeds
 * every week the gym has not edited, while an edited current or next week is over within a fortnight
 * and nothing would take the gym off again when it ends. Invitation-only classes never take a booking
 * (§5), so a week of them alone still shows members no Book button.
 */
function hasBookableDefaultClass(defaultSchedule: Pick<ScheduleWeekDoc, 'days'> | null): boolean {
  return defaultSchedule?.days.some((day) => day.classes.some(isBookableClass)) ?? false;
}

/**
 * What a gym still lacks to be Active: name, address (line one, town, postcode), both prices, a class
 * members can book in its default schedule, payments.
 */
export function gymMissingSteps(gym: GymGoLiveFacts): GoLiveStep[] {
  const steps: GoLiveStep[] = [];
  if (!filled(gym.gymName)) steps.push({ key: 'gymName', label: 'Add your gym name', page: 'account' });
  const { address } = gym;
  if (!filled(address.addressLineOne) || !filled(address.addressTownOrCity) || !filled(address.addressPostalCode))
    steps.push({ key: 'address', label: 'Add your address', page: 'account' });
  if (!sellable(gym.adultDayPassPrice))
    steps.push({ key: 'adultDayPass', label: 'Set your adult day pass price', page: 'account' });
  if (!sellable(gym.kidsDayPassPrice))
    steps.push({ key: 'kidsDayPass', label: 'Set your kids day pass price', page: 'account' });
  if (!hasBookableDefaultClass(gym.defaultSchedule))
    steps.push({ key: 'timetable', label: 'Add a class members can book to your Default Schedule', page: 'schedule' });
  if (!gym.chargesEnabled) steps.push({ key: 'payments', label: 'Set up payments with Stripe', page: 'stripe' });
  return steps;
}

export interface CoachGoLiveFacts {
  firstName: string;
  lastName: string;
  discipline: string;
  sessionPreferenceType: string;
  price: number;
  /** Its payments details are submitted (Stripe `details_submitted`). */
  detailsSubmitted: boolean;
}

/** What a coach still lacks to be Active: names, a §9 discipline and session preference, a price, payments details. */
export function coachMissingSteps(coach: CoachGoLiveFacts): GoLiveStep[] {
  const steps: GoLiveStep[] = [];
  if (!filled(coach.firstName) || !filled(coach.lastName))
    steps.push({ key: 'name', label: 'Add your first and last name', page: 'account' });
  if (!(COACH_DISCIPLINES as readonly string[]).includes(coach.discipline))
    steps.push({ key: 'discipline', label: 'Choose your discipline', page: 'account' });
  if (!(SESSION_PREFERENCES as readonly string[]).includes(coach.sessionPreferenceType))
    steps.push({ key: 'sessionPreferenceType', label: 'Choose your session preference', page: 'account' });
  if (!sellable(coach.price)) steps.push({ key: 'price', label: 'Set your hourly price', page: 'account' });
  if (!coach.detailsSubmitted)
    steps.push({ key: 'payments', label: 'Submit your payments details with Stripe', page: 'stripe' });
  return steps;
}
