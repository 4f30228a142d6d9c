/**
 * What the dashboards read from GET /api/me/users|gyms|coaches (§3, §7): the profile fields of the
 * CouchDB documents with the bare profile id, plus the account's email and mobile.
 */
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Address, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';

interface Contact {
  _id: string;
  email?: string;
  mobile?: string;
}

export type GymMe = Contact &
  Pick<
    GymProfileDoc,
    | 'gymName'
    | 'address'
    | 'status'
    | 'subscribed'
    | 'mastrPlan'
    | 'bio'
    | 'adultDayPassPrice'
    | 'kidsDayPassPrice'
    | 'profileImage'
    | 'stripeAccountDetailsSubmittedStatus'
    | 'mastrClassActive'
  >;

export type CoachMe = Contact &
  Pick<
    CoachProfileDoc,
    | 'firstName'
    | 'lastName'
    | 'discipline'
    | 'sessionPreferenceType'
    | 'status'
    | 'profileImage'
    | 'price'
    | 'instagramUsername'
    | 'tiktokUsername'
    | 'youtubeUsername'
    | 'stripeAccountDetailsSubmittedStatus'
  >;

export type UserMe = Contact & Pick<UserProfileDoc, 'name' | 'profileImage'>;

export interface MeProfiles {
  user: UserMe;
  gym: GymMe;
  coach: CoachMe;
}

/** The name a dashboard's top bar shows. */
export function displayNameOf<K extends AccountKind>(kind: K, profile: MeProfiles[K]): string {
  switch (kind) {
    case 'gym':
      return (profile as GymMe).gymName;
    case 'coach': {
      const coach = profile as CoachMe;
      return [coach.firstName, coach.lastName].filter(Boolean).join(' ');
    }
    default:
      return (profile as UserMe).name;
  }
}

/** Gym and coach status (§3: a boolean shown Active or Inactive). */
export function statusLabel(active: boolean): 'Active' | 'Inactive' {
  return active ? 'Active' : 'Inactive';
}

export function planLabel(plan: string | null | undefined): string {
  return plan?.trim() ? plan : 'No plan selected';
}

/** The non-empty lines of an address, in postal order. */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  return [address.addressLineOne, address.addressLineTwo, address.addressTownOrCity, address.addressPostalCode]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean);
}
