/** The sections of the three dashboards (§2), in menu order, with absolute paths. */
import type { NavItem } from '../shell/index.ts';

function section(base: string, entries: readonly (readonly [label: string, path: string])[]): NavItem[] {
  return entries.map(([label, path]) => ({ label, to: path ? `${base}/${path}` : base }));
}

export const GYM_NAV = section('/gymdashboard', [
  ['Home', ''],
  ['Day Passes', 'daypasses'],
  ['Visitors', 'visitors'],
  ['Schedule', 'schedule'],
  ['Management', 'management'],
  ['Bookings', 'bookings'],
  ['Analytics', 'analytics'],
  ['Account', 'account'],
  ['Stripe', 'stripe'],
  ['Notifications', 'notifications'],
  ['Settings', 'settings'],
]);

export const GYM_DAY_PASS_TABS = section('/gymdashboard/daypasses', [
  ['Home', ''],
  ['Today', 'today'],
  ['Upcoming', 'upcoming'],
  ['Mastr', 'mastr'],
]);

export const COACH_NAV = section('/coachdashboard', [
  ['Home', ''],
  ['Account', 'account'],
  ['Availability', 'availability'],
  ['Bookings', 'bookings'],
  ['PT Requests', 'sessionrequests'],
  ['Auction', 'auction'],
  ['Management', 'management'],
  ['Stripe', 'stripe'],
  ['Notifications', 'notifications'],
  ['Settings', 'settings'],
]);

/** The member dashboard's bottom navigation: four sections. */
export const USER_NAV = section('/userdashboard', [
  ['Account', 'account'],
  ['Day Passes', 'daypasses'],
  ['Private Sessions', 'privatesessions'],
  ['Bookings', 'bookings'],
]);

export const USER_DAY_PASS_TABS = section('/userdashboard/daypasses', [
  ['Day Passes', ''],
  ['Mastr Class', 'mastr'],
]);

export const USER_PRIVATE_SESSION_TABS = section('/userdashboard/privatesessions', [
  ['Bookings', ''],
  ['Coach Requests', 'coachrequests'],
  ['Gym Requests', 'gymrequests'],
]);
