/** The coach–gym relation events the server wrote into this tenant's database (rules/memberships.ts). */
import type { RxCollection } from 'rxdb';
import type { Observable } from 'rxjs';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { watchDocs } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface NotificationData {
  /** Every notification on the device, in no particular order. */
  watch(): Observable<NotificationDoc[]>;
}

export function createNotificationData(collection: RxCollection<LocalDoc>): NotificationData {
  return { watch: () => watchDocs<NotificationDoc>(collection, 'notification') };
}
