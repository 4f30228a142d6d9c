import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNotificationData, type NotificationData } from './notification-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';

let local: LocalCollection;
let notifications: NotificationData;
beforeEach(async () => {
  local = await openLocalCollection();
  notifications = createNotificationData(local.collection);
});
afterEach(() => local.remove());

describe('notifications on the device', () => {
  it('lists only notification documents, in CouchDB shape', async () => {
    await local.collection.bulkInsert([
      { id: 'notification:n1', type: 'notification', event: 'session-accepted', otherName: 'Sam Reid', at: '2026-11-18T10:00:00.000Z' },
      { id: 'booking:b1', type: 'booking', bookingId: 'b1' },
    ]);
    expect(await answerOf(notifications.watch())).toEqual([
      { _id: 'notification:n1', type: 'notification', event: 'session-accepted', otherName: 'Sam Reid', at: '2026-11-18T10:00:00.000Z' },
    ]);
  });

  it('keeps how far they were seen, live, and never moves it back', async () => {
    expect(await answerOf(notifications.watchSeenUpTo())).toBeNull();
    const live = notifications.watchSeenUpTo();
    await notifications.markSeen('2026-11-18T10:00:00.000Z');
    expect(await answerWhere(live, (at) => at !== null)).toBe('2026-11-18T10:00:00.000Z');
    await notifications.markSeen('2026-11-17T09:00:00.000Z');
    expect(await answerOf(notifications.watchSeenUpTo())).toBe('2026-11-18T10:00:00.000Z');
    await notifications.markSeen('2026-11-19T08:00:00.000Z');
    expect(await answerOf(notifications.watchSeenUpTo())).toBe('2026-11-19T08:00:00.000Z');
  });
});
