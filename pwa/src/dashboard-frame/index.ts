// The dashboard-frame folder's public surface: what other folders may import from it.
export { NotificationList, NotificationsPage } from './common-pages.tsx';
export { DashboardFrame } from './dashboard-frame.tsx';
export {
  COACH_NAV,
  GYM_DAY_PASS_TABS,
  GYM_NAV,
  USER_DAY_PASS_TABS,
  USER_NAV,
  USER_PRIVATE_SESSION_TABS,
} from './dashboard-navs.ts';
export { DashboardPage, DetailsList, Panel, Pod, PodGrid, StatusBadge, SubNav } from './dashboard-parts.tsx';
export { DashboardTopBar } from './dashboard-top-bar.tsx';
export { GoLiveChecklistPanel } from './go-live-checklist-panel.tsx';
export { coachChecklist, gymChecklist } from './go-live-checklist.ts';
export { PodCount, ProfilePod, TodaysBookings } from './home-pods.tsx';
export {
  MeProfileProvider,
  ProfileGate,
  useFreshMeProfile,
  useMeProfile,
  useMeProfileKind,
  useReloadMeProfile,
  useUpdateMeProfile,
} from './me-profile-context.tsx';
export { addressLines, displayNameOf, planLabel } from './me-profiles.ts';
export { newestFirst, notificationItem, type NotificationItem } from './notifications-model.ts';
export { NotificationsPod } from './notifications-pod.tsx';
export { SignedInTenantData } from './signed-in-tenant-data.tsx';
export { todaysBookingCount } from './todays-bookings.ts';
