import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionData, type SessionData } from './session-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';

let local: LocalCollection;
let sessions: SessionData;
beforeEach(async () => {
  local = await openLocalCollection();
  sessions = createSessionData(local.collection);
});
afterEach(() => local.remove());

describe('private sessions on the device', () => {
  it('lists bookings (cancelled too), coach requests and gym requests apart, in CouchDB shape', async () => {
    await local.collection.bulkInsert([
      { id: 'booking:b1', type: 'booking', bookingId: 'b1', cancelled: true },
      { id: 'coach-request:c1', type: 'coach-request', requestId: 'c1', accepted: true },
      { id: 'gym-request:g1', type: 'gym-request', requestId: 'g1', appliedCoaches: [] },
      { id: 'daypass:1', type: 'day-pass', passId: '1' },
    ]);
    expect(await answerOf(sessions.watchBookings())).toEqual([{ _id: 'booking:b1', type: 'booking', bookingId: 'b1', cancelled: true }]);
    expect(await answerOf(sessions.watchCoachRequests())).toEqual([{ _id: 'coach-request:c1', type: 'coach-request', requestId: 'c1', accepted: true }]);
    expect(await answerOf(sessions.watchGymRequests())).toEqual([{ _id: 'gym-request:g1', type: 'gym-request', requestId: 'g1', appliedCoaches: [] }]);

    const live = sessions.watchBookings();
    await local.collection.insert({ id: 'booking:b2', type: 'booking', bookingId: 'b2', cancelled: false });
    expect((await answerWhere(live, (docs) => docs.length === 2)).map((d) => d._id).sort()).toEqual(['booking:b1', 'booking:b2']);
  });
});
