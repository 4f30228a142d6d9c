// What other folders use from data/, the device's copy of the account: the provider and the hooks
// pages read it through, the views they build on it, the kept profile and the wipe a logout runs.
// shell/ loads me-profile-cache.ts lazily by its own file (decision 187); benches and the server's
// tests import the stores' files directly.
export { availabilityNotices, useAvailabilityNotices } from './availability-notices.ts';
export { bookingSections, type BookingView } from './booking-view.ts';
export type { FrontDeskData, FrontDeskWindow } from './front-desk-data.ts';
export { loadMeProfile, saveMeProfile } from './me-profile-cache.ts';
export { SyncStatusBar } from './sync-status-bar.tsx';
export { TenantDataProvider, useOptionalSyncStatus, useSyncStatus, useTenantStore } from './tenant-data-provider.tsx';
export type { TenantStore } from './tenant-store.ts';
export {
  useAvailabilityRefusals,
  useAvailabilityWeeks,
  useBookings,
  useCoachRequests,
  useDayPasses,
  useFrontDeskDocs,
  useGymActivity,
  useGymRequests,
  useMastrPasses,
  useNotifications,
  useNotificationsSeenUpTo,
  useScheduleRefusals,
  useScheduleWeeks,
  useSlotClaims,
} from './use-tenant-queries.ts';
export { wipeLocalData } from './wipe-local-data.ts';
