import { claimedSlot, claimsByHour } from '@mastr/rules/coach-slots.ts';
import 'fake-indexeddb/auto';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { AvailabilityWeekDoc, CheckInDoc, CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { lastPtRequestDate } from '@mastr/rules/pt-requests.ts';
import { DB } from '../../../sync-server/src/couch/databases.ts';
import { mintAccessToken } from '../../../sync-server/src/test-support/access-fixtures.ts';
import { givenCoach, givenDefaultAvailability, givenMembership } from '../../../sync-server/src/test-support/directory-fixtures.ts';
import { LEGACY_OUTBOX_SCHEMA as OUTBOX_SCHEMA } from './legacy-outbox.ts';
import { TENANT_DOCS_SCHEMA, type LocalDoc } from './tenant-docs.ts';
import { openTenantStore, type OpenedTenantStore } from './tenant-store.ts';
import { startNetworkCable, type NetworkCable } from './test-support/network-cable.ts';
import { eventually, latestStatus, localDecisions, localDocs, startSyncKit, type SyncKit } from './test-support/sync-test-kit.ts';

/** The fields schema versions 1 and 2 added: a device last opened by the first app version has none of them. */
const LATER_FIELDS = [
  'requestId', 'startTime', 'endTime', 'userProfile_id', 'coachFullName', 'coachPrice', 'experienceLevel', 'accepted', 'bookingDayId',
  'bookingTimeObject_id', 'slotClaimId', 'requestedDiscipline', 'sessionPrice', 'appliedCoaches', 'weekday', 'time',
  'checkInId', 'event', 'otherName', 'at',
];

// One kit for the file: the in-memory CouchDB stores of an earlier stack in the same process
// interfere with database creation in a later one (express-pouchdb keeps its own list of databases).
let kit: SyncKit;
const extras: { store: OpenedTenantStore; cable: NetworkCable }[] = [];
beforeAll(async () => {
  kit = await startSyncKit();
  // The kit's gym becomes public, so members may send it requests.
  const profiles = kit.stack.couch.use<Record<string, unknown>>(DB.profiles);
  await profiles.insert({ ...(await profiles.get(`gym:${kit.gymId}`)), status: true, subscribed: true });
});
afterAll(async () => {
  for (const { store, cable } of extras.splice(0)) {
    await store.remove();
    await cable.close();
  }
  await kit.stop();
});

/** A coach's phone, syncing the coach's database as the availability page does. */
async function openCoachDevice(coachId: string) {
  const cable = await startNetworkCable(kit.stack.server.info.uri);
  const token = await mintAccessToken(kit.stack, 'coach', coachId);
  const store = await openTenantStore({
    kind: 'coach', tenantId: coachId, getAccessToken: () => token, refresh: async () => token, baseUrl: cable.url,
    databaseName: `test-coach-${coachId}`, storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }) as never, retryMs: 100, log: () => {},
  });
  extras.push({ store, cable });
  return store;
}

const asMember = () => ({ authorization: `Bearer ${kit.memberToken()}` });

describe('private session requests on devices', () => {
  it("a PT request to a gym reaches the gym's tablet and the member's phone", async () => {
    const tablet = await kit.openDevice('gym');
    const phone = await kit.openDevice('member');
    // The last day the picker offers: more than two days ahead and within next gym week, whatever today is.
    const date = lastPtRequestDate(ukDateKey(kit.stack.clock.now));
    const res = await kit.stack.server.inject({
      method: 'POST', url: '/api/booking/handlePrivateSessionGymRequest', headers: asMember(),
      payload: { gym_id: kit.gymId, selectedDate: date, selectedTime: 64800, selectedDiscipline: 'Judo', selectedExperienceLevel: 'Advanced' },
    });
    expect(res.statusCode).toBe(201);
    for (const { store } of [tablet, phone]) {
      const [request] = await eventually(() => localDocs<GymRequestDoc>(store, 'gym-request'), (docs) => docs.length === 1);
      expect(request).toMatchObject({
        startTime: `${date}T18:00:00`, endTime: `${date}T19:00:00`, requestedDiscipline: 'Judo', experienceLevel: 'Advanced',
        sessionPrice: 2000, accepted: false, appliedCoaches: [], userProfile_id: kit.memberId, clientName: 'Alex', gymId: kit.gymId,
      });
      expect(latestStatus(store).error).toBeNull();
    }
  });

  it("a coach slot request reaches the coach's phone (request, claim, locked slot) and the member's phone, and the accept the member's Notifications", async () => {
    const coachId = await givenCoach(kit.stack, { price: 5000 });
    await givenMembership(kit.stack, kit.gymId, coachId);
    await givenDefaultAvailability(kit.stack, coachId, { 0: [64800], 1: [64800], 2: [64800], 3: [64800], 4: [64800], 5: [64800], 6: [64800] });
    const coachPhone = await openCoachDevice(coachId);
    const phone = await kit.openDevice('member');
    await eventually(() => localDocs<AvailabilityWeekDoc>(coachPhone, 'availability-week'), (docs) => docs.length === 1);

    const detail = JSON.parse((await kit.stack.server.inject({ method: 'GET', url: `/api/coaches/${coachId}` })).payload);
    const day = detail.availability[1];
    const res = await kit.stack.server.inject({
      method: 'POST', url: '/api/booking/handlePrivateSessionCoachRequest', headers: asMember(),
      payload: {
        userEmail: 'alex@example.com', coach_id: coachId, user_id: kit.memberId, gym_id: kit.gymId, coachPrice: 5000, selectedExperience: 'Beginner',
        bookingTimeObject: day.nextWeekTimes[0], bookingDayId: day._id, bookingDate: detail.nextWeekStart.replace(/\d{2}$/, (d: string) => String(Number(d) + 1).padStart(2, '0')),
        currentOrNextWeek: 'nextWeek',
      },
    });
    expect(res.statusCode).toBe(201);

    const [request] = await eventually(() => localDocs<CoachRequestDoc>(coachPhone, 'coach-request'), (docs) => docs.length === 1);
    expect(request).toMatchObject({ coachId, coachPrice: 5000, accepted: false, clientName: 'Alex', experienceLevel: 'Beginner' });
    // What the PT Requests page reads: the store's typed query, live.
    const watched = await firstValueFrom(coachPhone.sessions.watchCoachRequests().pipe(filter((docs) => docs.length === 1)));
    expect(watched[0]).toMatchObject({ requestId: request.requestId, type: 'coach-request', accepted: false });
    const [claim] = await eventually(() => localDocs<SlotClaimDoc>(coachPhone, 'slot-claim'), (docs) => docs.length === 1);
    expect(claim).toMatchObject({ requestId: request.requestId, weekday: 1, time: 64800 });
    // The claim alone locks the hour on the coach's phone (decision 120): the week it falls in reads requested.
    expect(claimedSlot(1, 64800, claimsByHour([claim], detail.nextWeekStart))).toEqual({ booked: false, requested: true });
    const [mine] = await eventually(() => localDocs<CoachRequestDoc>(phone.store, 'coach-request'), (docs) => docs.length === 1);
    expect(mine.requestId).toBe(request.requestId);

    // The coach accepts: the member's phone keeps the notification whole (the schema declares its
    // session fields) and its Notifications page reads it through the store.
    const accepted = await kit.stack.server.inject({
      method: 'POST', url: `/api/me/coaches/sessionrequests/accept/${request.requestId}`,
      headers: { authorization: `Bearer ${await mintAccessToken(kit.stack, 'coach', coachId)}` },
    });
    expect(accepted.statusCode).toBe(200);
    const [told] = await firstValueFrom(phone.store.notifications.watch().pipe(filter((docs) => docs.length === 1)));
    expect(told).toMatchObject({
      type: 'notification', event: 'session-accepted', coachId, memberId: kit.memberId, gymId: kit.gymId, sessionStart: request.startTime,
    });
    for (const store of [coachPhone, phone.store]) expect(latestStatus(store).error).toBeNull();
  });

  it('a device last opened by the previous app version keeps its waiting check-in and still syncs it', async () => {
    const pass = await kit.sellDayPass();
    const name = 'tablet-from-the-previous-version';
    const previous = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }), multiInstance: true, localDocuments: true });
    const properties = Object.fromEntries(Object.entries(TENANT_DOCS_SCHEMA.properties).filter(([field]) => !LATER_FIELDS.includes(field)));
    const { docs, outbox } = await previous.addCollections({
      docs: { schema: { ...TENANT_DOCS_SCHEMA, version: 0, properties } },
      outbox: { schema: OUTBOX_SCHEMA },
    });
    const checkIn: LocalDoc = {
      id: `checkin:${pass.passId}:previous`, type: 'check-in', passId: pass.passId, passKind: 'day-pass', gymId: kit.gymId,
      // The device's id, as the app records it: its database's storage token.
      checkedInAt: new Date().toISOString(), method: 'tap', deviceId: await previous.storageToken,
    };
    await outbox.insert({ id: checkIn.id, doc: checkIn, writtenAt: checkIn.checkedInAt as string });
    await docs.insert(checkIn);
    await previous.close();

    const { store, cable } = await kit.openDevice('gym', { databaseName: name, offline: true });
    expect((await localDocs<CheckInDoc>(store, 'check-in')).map((d) => d._id)).toEqual([checkIn.id]);
    await eventually(() => latestStatus(store), (s) => s.pending === 1);
    await cable.restore();
    await eventually(() => localDecisions(store), (decided) => decided.get(checkIn.id)?.outcome === 'counted');
    await eventually(() => latestStatus(store), (s) => s.pending === 0);
  });
});
