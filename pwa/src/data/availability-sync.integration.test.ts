import 'fake-indexeddb/auto';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachWeekStart } from '@mastr/rules/coach-week.ts';
import { availabilityDocId, slotClaimId } from '@mastr/rules/doc-ids.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../../../sync-server/src/couch/databases.ts';
import { mintAccessToken } from '../../../sync-server/src/test-support/access-fixtures.ts';
import { givenCoach, givenDefaultAvailability } from '../../../sync-server/src/test-support/directory-fixtures.ts';
import { availabilityNotices } from './availability-notices.ts';
import { LEGACY_OUTBOX_SCHEMA } from './legacy-outbox.ts';
import { TENANT_DOCS_MIGRATIONS, TENANT_DOCS_SCHEMA, toLocalDoc } from './tenant-docs.ts';
import { openTenantStore, type OpenedTenantStore } from './tenant-store.ts';
import { startNetworkCable, type NetworkCable } from './test-support/network-cable.ts';
import { eventually, latestStatus, startSyncKit, type SyncKit } from './test-support/sync-test-kit.ts';

// One kit for the file (see private-session-request-docs.integration.test.ts).
let kit: SyncKit;
const opened: { store: OpenedTenantStore; cable: NetworkCable }[] = [];
beforeAll(async () => {
  kit = await startSyncKit();
});
afterAll(async () => {
  for (const { store, cable } of opened.splice(0)) {
    await store.remove();
    await cable.close();
  }
  await kit.stop();
});

const H = 3600;

/** A coach's phone on its own cable; the same `databaseName` again is the same phone after a reload. */
async function openCoachPhone(coachId: string, databaseName: string, { offline = false, requests = [] as string[] } = {}) {
  const cable = await startNetworkCable(kit.stack.server.info.uri, (path) => (requests.push(path), path));
  if (offline) await cable.cut();
  const token = await mintAccessToken(kit.stack, 'coach', coachId);
  const store = await openTenantStore({
    kind: 'coach', tenantId: coachId, getAccessToken: () => token, refresh: async () => token, baseUrl: cable.url, databaseName,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }) as never, retryMs: 100, log: () => {},
  });
  opened.push({ store, cable });
  return { store, cable };
}

const coachDb = (coachId: string) => kit.stack.couch.use<AvailabilityWeekDoc & { _rev: string }>(tenantDbName('coach', coachId));
const hoursOn = (week: AvailabilityWeekDoc | undefined, weekday: number) =>
  (week?.days.find((d) => d.weekday === weekday)?.times ?? []).map((t) => t.time / H);
const shown = async (store: OpenedTenantStore, id: string) => (await store.availability.weeks()).find((w) => w._id === id);

/** A week edited as the page edits it: the day's hours replaced, a newer `updatedAt`. */
const withHours = (week: AvailabilityWeekDoc, weekday: number, hours: number[]): AvailabilityWeekDoc => ({
  ...week,
  updatedAt: new Date(Date.parse(week.updatedAt) + 60_000).toISOString(),
  days: week.days.map((d) => (d.weekday === weekday ? { ...d, times: hours.map((h) => ({ _id: `t${h}`, time: h * H })) } : d)),
});

describe("a coach's availability through the device outbox", () => {
  it('an offline edit survives a reload, counts as waiting, and is delivered when the server is back', async () => {
    const coachId = await givenCoach(kit.stack);
    await givenDefaultAvailability(kit.stack, coachId, { 1: [10 * H, 12 * H] });
    const name = `coach-phone-${coachId}`;
    const first = await openCoachPhone(coachId, name);
    const pulled = await eventually(() => shown(first.store, 'availability:default'), (w) => w !== undefined);

    await first.cable.cut();
    await first.store.availability.saveWeek(withHours(pulled!, 1, [10, 12, 18]));
    expect(hoursOn(await shown(first.store, 'availability:default'), 1)).toEqual([10, 12, 18]);
    await eventually(() => latestStatus(first.store), (s) => s.pending === 1);
    await first.store.stop();

    // The reload: the same phone, still offline.
    const again = await openCoachPhone(coachId, name, { offline: true });
    expect(hoursOn(await shown(again.store, 'availability:default'), 1)).toEqual([10, 12, 18]);
    await eventually(() => latestStatus(again.store), (s) => s.pending === 1);
    expect(hoursOn(await coachDb(coachId).get('availability:default'), 1)).toEqual([10, 12]);

    await again.cable.restore();
    await eventually(async () => hoursOn(await coachDb(coachId).get('availability:default'), 1), (h) => h.join() === '10,12,18');
    await eventually(() => latestStatus(again.store), (s) => s.pending === 0);
    expect(hoursOn(await shown(again.store, 'availability:default'), 1)).toEqual([10, 12, 18]);
    expect(latestStatus(again.store).error).toBeNull();
  });

  it('merges with a request made while the coach was offline: the requested hour is kept and the coach told', async () => {
    const coachId = await givenCoach(kit.stack);
    await givenDefaultAvailability(kit.stack, coachId, {});
    const sunday = coachWeekStart(kit.stack.clock.now, 1);
    const id = availabilityDocId(sunday);
    const { store, cable } = await openCoachPhone(coachId, `coach-phone-${coachId}`);
    const week = await eventually(() => shown(store, 'availability:default'), (w) => w !== undefined);
    await coachDb(coachId).insert({ ...withHours({ ...week!, weekStart: sunday }, 1, [12, 17]), _id: id } as never);
    const held = await eventually(() => shown(store, id), (w) => hoursOn(w, 1).length === 2);

    await cable.cut();
    await store.availability.saveWeek(withHours(held!, 1, [9]));
    // Meanwhile a client requests Monday 12:00 (the claim is what holds it).
    const claim: SlotClaimDoc = {
      _id: slotClaimId(sunday, 1, 12 * H), type: 'slot-claim', requestId: 'r1', weekStart: sunday, weekday: 1, time: 12 * H,
      createdAt: new Date().toISOString(),
    };
    await kit.stack.couch.use<SlotClaimDoc>(tenantDbName('coach', coachId)).insert(claim);
    availabilityNotices.clear();

    await cable.restore();
    await eventually(async () => hoursOn(await coachDb(coachId).get(id), 1), (h) => h.join() === '9,12');
    await eventually(() => latestStatus(store), (s) => s.pending === 0);
    await eventually(async () => hoursOn(await shown(store, id), 1), (h) => h.join() === '9,12');
    expect(availabilityNotices.get()).toEqual([expect.objectContaining({ weekStart: sunday, weekday: 1, time: 12 * H, reason: 'requested' })]);
  });

  it('a first edit of a week the phone pulled is one post: the pull kept its server revision', async () => {
    const coachId = await givenCoach(kit.stack);
    await givenDefaultAvailability(kit.stack, coachId, { 3: [7 * H] });
    const requests: string[] = [];
    const { store } = await openCoachPhone(coachId, `coach-phone-rev-${coachId}`, { requests });
    const pulled = await eventually(() => shown(store, 'availability:default'), (w) => w !== undefined);
    await eventually(() => latestStatus(store), (s) => s.firstSync.done);
    requests.length = 0;

    await store.availability.saveWeek(withHours(pulled!, 3, [7, 19]));
    await eventually(async () => hoursOn(await coachDb(coachId).get('availability:default'), 3), (h) => h.join() === '7,19');
    await eventually(() => latestStatus(store), (s) => s.pending === 0);
    const writes = requests.filter((path) => /\/_(bulk|all)_docs/.test(path));
    expect(writes).toEqual([expect.stringMatching(/\/_bulk_docs$/)]);

    // A second edit before the pull brings the first back starts from the revision the post answered.
    requests.length = 0;
    const shownNow = (await shown(store, 'availability:default'))!;
    await store.availability.saveWeek(withHours(shownNow, 3, [7, 19, 20]));
    await eventually(async () => hoursOn(await coachDb(coachId).get('availability:default'), 3), (h) => h.join() === '7,19,20');
    expect(requests.filter((path) => /\/_(bulk|all)_docs/.test(path))).toEqual([expect.stringMatching(/\/_bulk_docs$/)]);
  });

  it('a phone last opened by the previous version moves its unsent availability write into the journal and delivers it', async () => {
    const coachId = await givenCoach(kit.stack);
    await givenDefaultAvailability(kit.stack, coachId, { 2: [8 * H] });
    const stored = await coachDb(coachId).get('availability:default');
    const name = `coach-phone-previous-${coachId}`;
    const previous = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie() }), multiInstance: true, localDocuments: true });
    const { docs, outbox } = await previous.addCollections({
      docs: { schema: TENANT_DOCS_SCHEMA, migrationStrategies: TENANT_DOCS_MIGRATIONS },
      outbox: { schema: LEGACY_OUTBOX_SCHEMA },
    });
    // What the previous version left: its edit written locally and recorded as not yet pushed.
    const { _rev, ...edited } = withHours(stored, 2, [8, 20]);
    const local = toLocalDoc(edited);
    await docs.insert(local);
    await outbox.insert({ id: local.id, doc: local, writtenAt: edited.updatedAt });
    await previous.close();

    const { store, cable } = await openCoachPhone(coachId, name, { offline: true });
    expect(store.collection.database.collections).not.toHaveProperty('outbox');
    expect(hoursOn(await shown(store, 'availability:default'), 2)).toEqual([8, 20]);
    await eventually(() => latestStatus(store), (s) => s.pending === 1);
    await cable.restore();
    await eventually(async () => hoursOn(await coachDb(coachId).get('availability:default'), 2), (h) => h.join() === '8,20');
    await eventually(() => latestStatus(store), (s) => s.pending === 0);
  });
});
