/**
 * The events the server wrote into this tenant's database (coach–gym relations, rules/memberships.ts;
 * private sessions, rules/session-events.ts), and how far this account has read them on this device.
 */
import type { RxCollection } from 'rxdb';
import { map, type Observable } from 'rxjs';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { watchDocs } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

/**
 * A local document (never replicated): the `at` of the newest event shown on the Notifications page.
 * Kept per device, as a phone's badge is; the server knows nothing of what was read.
 */
const SEEN_MARK = 'notifications-seen';

export interface NotificationData {
  /** Every notification on the device, in no particular order. */
  watch(): Observable<NotificationDoc[]>;
  /** The `at` of the newest notification seen on this device; null until the page was first opened. */
  watchSeenUpTo(): Observable<string | null>;
  /** Records that everything up to `at` was seen; an older `at` (another tab's late call) changes nothing. */
  markSeen(at: string): Promise<void>;
}

export function createNotificationData(collection: RxCollection<LocalDoc>): NotificationData {
  const db = collection.database;
  return {
    watch: () => watchDocs<NotificationDoc>(collection, 'notification'),
    watchSeenUpTo: () =>
      db.getLocal$<{ at: string }>(SEEN_MARK).pipe(map((mark) => (mark ? (mark.get('at') as string) : null))),
    async markSeen(at) {
      const mark = await db.getLocal<{ at: string }>(SEEN_MARK);
      if (mark && (mark.get('at') as string) >= at) return;
      await db.upsertLocal(SEEN_MARK, { at });
    },
  };
}
