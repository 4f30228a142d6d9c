/**
 * The store's typed queries as React state: what pages read, live, from the device's copy.
 * `ready` once the local copy has answered (it does so offline too).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type {
  AvailabilityWeekDoc,
  BookingDoc,
  CoachRequestDoc,
  GymRequestDoc,
  DayPassDoc,
  MastrPassDoc,
  NotificationDoc,
  ScheduleWeekDoc,
  SlotClaimDoc,
} from '@mastr/rules/documents.ts';
import type { FrontDeskDocs, FrontDeskWindow } from './front-desk-data.ts';
import type { GymActivityDocs, GymActivityWindow } from './gym-activity-data.ts';
import type { WeekRefusal } from './week-edit-journal.ts';
import { useTenantStore } from './tenant-data-provider.tsx';
import type { TenantStore } from './tenant-store.ts';

interface Live<T> {
  value: T;
  ready: boolean;
}

/** `watch` must be stable (module-level or memoised): a new one reopens the query. */
function useLive<T>(watch: (store: TenantStore) => Observable<T>, initial: T): Live<T> {
  const store = useTenantStore();
  const [state, setState] = useState<{ value: T; source: unknown }>({ value: initial, source: null });
  useEffect(() => {
    if (!store) return;
    const sub = watch(store).subscribe((value) => setState({ value, source: store }));
    return () => sub.unsubscribe();
  }, [store, watch]);
  // Answers from a previous store (another account) are never shown.
  return state.source === store && store ? { value: state.value, ready: true } : { value: initial, ready: false };
}

const NONE: never[] = [];
const dayPasses = (store: TenantStore) => store.passes.watchDayPasses();
const mastrPasses = (store: TenantStore) => store.passes.watchMastrPasses();
const availabilityWeeks = (store: TenantStore) => store.availability.watchWeeks();
const slotClaims = (store: TenantStore) => store.availability.watchClaims();
const notifications = (store: TenantStore) => store.notifications.watch();
const scheduleWeeks = (store: TenantStore) => store.schedule.watchWeeks();
const coachRequests = (store: TenantStore) => store.sessions.watchCoachRequests();
const bookings = (store: TenantStore) => store.sessions.watchBookings();

const asDocs = <T>({ value, ready }: Live<T[]>) => ({ docs: value, ready });

/** Every day pass on the device (a member's own, or all a gym has sold). */
export const useDayPasses = (): { docs: DayPassDoc[]; ready: boolean } => asDocs(useLive(dayPasses, NONE));

/** Every Mastr class pass on the device. */
export const useMastrPasses = (): { docs: MastrPassDoc[]; ready: boolean } => asDocs(useLive(mastrPasses, NONE));

/** The coach's availability weeks. */
export const useAvailabilityWeeks = (): { docs: AvailabilityWeekDoc[]; ready: boolean } => asDocs(useLive(availabilityWeeks, NONE));

/** The coach's slot claims (the server's: requests waiting and paid sessions). */
export const useSlotClaims = (): { docs: SlotClaimDoc[]; ready: boolean } => asDocs(useLive(slotClaims, NONE));

/** The events the server told this account (coach–gym relations, private sessions), on the device. */
export const useNotifications = (): { docs: NotificationDoc[]; ready: boolean } => asDocs(useLive(notifications, NONE));

const notificationsSeen = (store: TenantStore) => store.notifications.watchSeenUpTo();
/** The `at` of the newest notification seen on this device; null when none was, or before the device answered. */
export const useNotificationsSeenUpTo = (): { seenUpTo: string | null; ready: boolean } => {
  const { value, ready } = useLive(notificationsSeen, null);
  return { seenUpTo: value, ready };
};

/** The gym's schedule weeks, with this device's edits waiting to sync. */
export const useScheduleWeeks = (): { docs: ScheduleWeekDoc[]; ready: boolean } => asDocs(useLive(scheduleWeeks, NONE));

/** The coach slot requests on the device. */
export const useCoachRequests = (): { docs: CoachRequestDoc[]; ready: boolean } => asDocs(useLive(coachRequests, NONE));

/** The private-session bookings on the device, cancelled ones too. */
export const useBookings = (): { docs: BookingDoc[]; ready: boolean } => asDocs(useLive(bookings, NONE));

const gymRequests = (store: TenantStore) => store.sessions.watchGymRequests();
/** The PT requests to gyms on the device (a member's own, or those made to a gym). */
export const useGymRequests = (): { docs: GymRequestDoc[]; ready: boolean } => asDocs(useLive(gymRequests, NONE));

const scheduleRefusals = (store: TenantStore) => store.schedule.refusals$;
/** Schedule weeks the server refused, until the gym dismisses the notice. */
export const useScheduleRefusals = (): WeekRefusal[] => useLive(scheduleRefusals, NONE).value;
const availabilityRefusals = (store: TenantStore) => store.availability.refusals$;
/** Availability weeks whose edits the server refused (dropped from the device), until dismissed. */
export const useAvailabilityRefusals = (): WeekRefusal[] => useLive(availabilityRefusals, NONE).value;

/** The front desk's documents for the window; null until the device has answered. */
export function useFrontDeskDocs({ fromDate, since }: FrontDeskWindow): FrontDeskDocs | null {
  // Reopened when the window moves (a new UK day), not at every render's new window object.
  const watch = useCallback((store: TenantStore) => store.frontDesk.watch({ fromDate, since }), [fromDate, since]);
  return useLive<FrontDeskDocs | null>(watch, null).value;
}

/** The gym's day passes sold and check-ins (with outcomes) since the window's start; null until the device has answered. */
export function useGymActivity({ since }: GymActivityWindow): GymActivityDocs | null {
  const watch = useCallback((store: TenantStore) => store.gymActivity.watch({ since }), [since]);
  return useLive<GymActivityDocs | null>(watch, null).value;
}
