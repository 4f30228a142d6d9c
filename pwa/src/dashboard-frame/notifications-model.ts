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

export function notificationItems(docs: readonly NotificationDoc[]): NotificationItem[] {
  return [...docs]
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((doc) => {
      const wall = ukWallClock(new Date(doc.at));
      return {
        id: doc._id,
        text: notificationText(doc),
        when: `${formatWallClock(wall, DATE_FORMATS.dayMonth)}, ${formatWallClock(wall, DATE_FORMATS.time)}`,
      };
    });
}
