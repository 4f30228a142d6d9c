/** How the dashboards show what GET /api/me/users|gyms|coaches answers (rules/api/me.ts). */
import { format } from 'date-fns';
import type { CoachMe, GymMe, MeProfiles, UserMe } from '@mastr/rules/api/me.ts';
import { DATE_FORMATS, ukDateKey, ukNow } from '@mastr/rules/dates.ts';
import type { Address } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';

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

/**
 * The line a page shows over a profile kept on the device (offline): 'Offline: showing your details
 * as of 14:05.' the same UK day, else with the date ('as of 14:05 on Friday 20th November').
 */
export function offlineNoteText(savedAt: string, now: Date = new Date()): string {
  const saved = new Date(savedAt);
  if (Number.isNaN(saved.getTime())) return 'Offline: showing the details last kept on this device.';
  const time = format(ukNow(saved), DATE_FORMATS.time);
  const when = ukDateKey(saved) === ukDateKey(now) ? time : `${time} on ${format(ukNow(saved), DATE_FORMATS.dayMonth)}`;
  return `Offline: showing your details as of ${when}.`;
}
