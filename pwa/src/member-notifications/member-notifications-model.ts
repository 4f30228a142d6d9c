/**
 * The member's Notifications (design/decisions.md 45): the private-session events the server wrote
 * into the member's database (decision 40) and the gym's cancellations of their passes (decision 71), newest first, each with a link to the list where the
 * member acts on it, and how many arrived since the page was last opened on this device (the bell).
 */
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import {
  USER_DAY_PASS_TABS,
  USER_PRIVATE_SESSION_TABS,
  newestFirst,
  notificationItem,
  type NotificationItem,
} from '../dashboard-frame/index.ts';

export const MEMBER_NOTIFICATIONS_PATH = '/userdashboard/notifications';

export interface NotificationLink {
  to: string;
  label: string;
}

const tab = (tabs: readonly { label: string; to: string }[], label: string): NotificationLink => {
  const found = tabs.find((item) => item.label === label);
  if (!found) throw new Error(`No tab '${label}'`);
  return { to: found.to, label };
};
const COACH_REQUESTS = tab(USER_PRIVATE_SESSION_TABS, 'Coach Requests');
const GYM_REQUESTS = tab(USER_PRIVATE_SESSION_TABS, 'Gym Requests');
const SESSIONS = { to: tab(USER_PRIVATE_SESSION_TABS, 'Bookings').to, label: 'Private Sessions' };
/** The gym's cancellations of a pass (decision 71) lead to the member's passes, where the pass was. */
const DAY_PASSES = tab(USER_DAY_PASS_TABS, 'Day Passes');
const MASTR_PASSES = { to: tab(USER_DAY_PASS_TABS, 'Mastr Class').to, label: 'Mastr Class Passes' };

/**
 * Where the member goes next: an accepted request is completed (paid) under Coach Requests, a
 * rejected one is gone from there; a coach's apply is chosen under Gym Requests; a cancelled or
 * booked session is (or was) on the Bookings tab; a pass the gym cancelled (or whose class it
 * cancelled) is on the member's Day Passes or Mastr Class tab.
 */
export function notificationLink(event: NotificationDoc['event']): NotificationLink {
  switch (event) {
    case 'session-accepted':
    case 'session-rejected':
      return COACH_REQUESTS;
    case 'coach-applied':
      return GYM_REQUESTS;
    case 'day-pass-cancelled-by-gym':
      return DAY_PASSES;
    case 'mastr-class-cancelled-by-gym':
      return MASTR_PASSES;
    default:
      return SESSIONS;
  }
}

export interface MemberNotificationItem extends NotificationItem {
  link: NotificationLink;
}

export const memberNotificationItems = (docs: readonly NotificationDoc[]): MemberNotificationItem[] =>
  newestFirst(docs).map((doc) => ({ ...notificationItem(doc), link: notificationLink(doc.event) }));

/** The `at` the page marks as seen once shown: the newest event's, or null with none. */
export const newestAt = (docs: readonly NotificationDoc[]): string | null => newestFirst(docs)[0]?.at ?? null;

/** Events newer than the last one seen on this device (all of them before the page was first opened). */
export const unseenCount = (docs: readonly NotificationDoc[], seenUpTo: string | null): number =>
  docs.filter((doc) => seenUpTo === null || doc.at > seenUpTo).length;

/** What the bell says: its accessible name, and the badge (none when nothing is new; '9+' past nine). */
export function bellOf(unseen: number): { label: string; badge: string | null } {
  if (unseen === 0) return { label: 'Notifications', badge: null };
  return { label: `Notifications, ${unseen} new`, badge: unseen > 9 ? '9+' : String(unseen) };
}
