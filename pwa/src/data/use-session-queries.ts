/** The device's private sessions as React state (see use-tenant-queries.ts): readable offline. */
import type { BookingDoc, CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import type { TenantStore } from './tenant-store.ts';
import { useLive } from './use-tenant-queries.ts';

const NONE: never[] = [];
const bookings = (store: TenantStore) => store.sessions.watchBookings();
const coachRequests = (store: TenantStore) => store.sessions.watchCoachRequests();
const gymRequests = (store: TenantStore) => store.sessions.watchGymRequests();

/** Every booking on the device (cancelled and past ones too). */
export function useBookings(): { docs: BookingDoc[]; ready: boolean } {
  const { value, ready } = useLive(bookings, NONE);
  return { docs: value, ready };
}

/** The coach requests on the device. */
export function useCoachRequests(): { docs: CoachRequestDoc[]; ready: boolean } {
  const { value, ready } = useLive(coachRequests, NONE);
  return { docs: value, ready };
}

/** The gym PT requests on the device. */
export function useGymRequests(): { docs: GymRequestDoc[]; ready: boolean } {
  const { value, ready } = useLive(gymRequests, NONE);
  return { docs: value, ready };
}
