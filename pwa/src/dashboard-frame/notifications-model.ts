/** The Notifications page's list (§2): the events kept on the device, newest first. */
import { DATE_FORMATS, formatWallClock, ukWallClock } from '@mastr/rules/dates.ts';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { notificationText } from '@mastr/rules/memberships.ts';

export const NO_ALERTS = 'No alerts.';

export interface NotificationItem {
  id: string;
  text: string;
  /** 'Wednesday 18th November, 10:00' in UK time. */
  when: string;
}

/** Newest first: `at` is an ISO instant, so it sorts as text. */
export const newestFirst = <T extends Pick<NotificationDoc, 'at'>>(docs: readonly T[]): T[] =>
  [...docs].sort((a, b) => b.at.localeCompare(a.at));

/** One event's line and its time in the UK. */
export function notificationItem(doc: NotificationDoc): NotificationItem {
  const wall = ukWallClock(new Date(doc.at));
  return {
    id: doc._id,
    text: notificationText(doc),
    when: `${formatWallClock(wall, DATE_FORMATS.dayMonth)}, ${formatWallClock(wall, DATE_FORMATS.time)}`,
  };
}

export const notificationItems = (docs: readonly NotificationDoc[]): NotificationItem[] =>
  newestFirst(docs).map(notificationItem);
