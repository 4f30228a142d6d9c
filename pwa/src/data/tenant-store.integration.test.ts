import 'fake-indexeddb/auto';
import { addDays } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckInDecision } from '@mastr/rules/check-in-decisions.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import { emptyDefaultSchedule } from '@mastr/rules/schedule.ts';
import type { AvailabilityWeekDoc, CheckInDoc, CheckInOutcomeDoc, DayPassDoc, SigningKeysDoc } from '@mastr/rules/documents.ts';
import { recordCheckIn, frontDeskLists, frontDeskWindow, newCheckIn } from '../front-desk/index.ts';
import { firstValueFrom } from 'rxjs';
import { openDeviceJournal } from './outbox/device-journal.ts';
import { tenantDatabaseName } from './open-stores.ts';
import { eventually, latestStatus, localDecisions, localDocs, startSyncKit, type SyncKit } from './test-support/sync-test-kit.ts';
import { toLocalDoc } from './tenant-docs.ts';
import type { TenantStore } from './tenant-store.ts';
import { wipeLocalData } from './wipe-local-data.ts';

let kit: SyncKit;
beforeEach(async () => {
  kit = await startSyncKit();
});
afterEach(async () => {
  await kit.stop();
});

/** The front desk's documents on this device, as the page reads them (collection and journal). */
const frontDeskDocsOn = (store: TenantStore) => firstValueFrom(store.frontDesk.watch(frontDeskWindow(new Date())));

/** The front desk's lists from this device's copy, as the page shows them. */
async function listsOn(store: TenantStore) {
  const { passes, checkIns, outcomes } = await frontDeskDocsOn(store);
  return frontDeskLists(passes, checkIns, outcomes, new Date());
}

/** The outcome of each check-in by its id, as a copy (device or server) holds them. */
const outcomesOf = (decisions: Map<string, CheckInDecision>) => Object.fromEntries([...decisions].map(([id, d]) => [id, d.outcome]));

/** Checks a pass in the way the front desk does: the list view of this device, then a local write. */
async function checkInOn(store: TenantStore, passId: string) {
  const lists = await listsOn(store);
  const view = lists.today.find((v) => v.passId === passId);
  if (!view) throw new Error(`Pass ${passId} is not on today's list of this device`);
  return recordCheckIn(store, view, 'tap');
}

const viewOn = async (store: TenantStore, passId: string) => (await listsOn(store)).today.find((v) => v.passId === passId)!;

describe('tenant store replication through the sync gateway', () => {
  it('pulls the passes the server sold before and after the device opened, and the signing keys', async () => {
    const before = await kit.sellDayPass();
    const { store } = await kit.openDevice();
    await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.some((d) => d._id === before._id));
    const after = await kit.sellDayPass();
    const passes = await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.some((d) => d._id === after._id));
    expect(passes.find((d) => d._id === after._id)).toMatchObject({ passId: after.passId, idCode: after.idCode, entryToken: after.entryToken });
    const [keys] = await eventually(() => localDocs<SigningKeysDoc>(store, 'signing-keys'), (docs) => docs.length === 1);
    expect(keys.keys.length).toBeGreaterThan(0);
    const status = await eventually(() => latestStatus(store), (s) => s.firstSync.done);
    expect(status).toMatchObject({ online: true, pending: 0, error: null });
    expect(status.lastSyncedAt).not.toBeNull();
  });

  // A loaded machine (CI beside other work) can take several times the usual ~4 s: the bounds are generous.
  it('a first sync of thousands of documents reports progress per pulled batch, ends done, and live changes follow', { timeout: 90_000 }, async () => {
    const docs = Array.from({ length: 2_500 }, (_, n) => ({ _id: `daypass:bulk-${String(n).padStart(5, '0')}`, type: 'day-pass', passId: `bulk-${n}` }));
    await kit.gymDb().bulk({ docs });
    const { store } = await kit.openDevice();
    const progress: number[] = [];
    store.status$.subscribe((s) => progress.push(s.firstSync.docsReceived));
    const done = await eventually(() => latestStatus(store), (s) => s.firstSync.done, 75_000);
    const stored = await store.collection.count().exec();
    expect(stored).toBeGreaterThan(docs.length);
    expect(done.firstSync.docsReceived).toBe(stored);
    // The pull takes 1,000 documents a time: a few updates, not one per document.
    expect(new Set(progress).size).toBeLessThanOrEqual(Math.ceil(stored / 1_000) + 1);

    const later = await kit.sellDayPass();
    await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (found) => found.some((d) => d._id === later._id));
  });

  it("pushes a check-in recorded on the device and pulls back the server's outcome", async () => {
    const pass = await kit.sellDayPass();
    const { store } = await kit.openDevice();
    await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.length === 1);

    expect(await checkInOn(store, pass.passId)).toEqual({ tone: 'success', text: 'Checked In.' });
    const [checkIn] = await eventually(() => kit.serverDocs<CheckInDoc>('checkin:'), (docs) => docs.length === 1);
    expect(checkIn).toMatchObject({ passId: pass.passId, gymId: kit.gymId, deviceId: store.deviceId, method: 'tap' });
    await eventually(() => localDecisions(store), (decisions) => decisions.get(checkIn._id)?.outcome === 'counted');
    // The record stays on the server (audit); a gym's devices do not pull records back (decision 198).
    expect(await localDocs(store, 'check-in')).toEqual([]);

    const onServer = await kit.serverDoc<DayPassDoc>(pass._id);
    expect(onServer.checkIns.latest_check_in).toBe(checkIn.checkedInAt);
    // Counted on the pass, the one home of that fact (decision 197): no outcome document of its own.
    expect(onServer.countedCheckIns).toEqual([{ checkInId: checkIn._id, at: checkIn.checkedInAt }]);
    expect(await localDocs(store, 'check-in-outcome')).toEqual([]);
    expect(await kit.serverDocs('checkin-outcome:')).toEqual([]);
    await eventually(() => viewOn(store, pass.passId), (v) => !v.checkInPending && v.checkedInAt === checkIn.checkedInAt && !v.canCheckIn);
    await eventually(() => latestStatus(store), (s) => s.pending === 0);
  });

  it("the front desk's queries read today's and upcoming passes and today's check-ins and outcomes, not the gym's history", async () => {
    const now = new Date();
    const today = await kit.sellDayPass();
    const tomorrow = await kit.sellDayPass(ukDateKey(addDays(now, 1)));
    const classToday = await kit.sellMastrPass(`${ukDateKey(now)}T18:00:00`);
    const { _rev, ...sold } = await kit.serverDoc<DayPassDoc>(today._id);
    const yesterday = { ...sold, _id: `daypass:${'9'.repeat(24)}`, passId: '9'.repeat(24), dayDateStart: `${ukDateKey(addDays(now, -1))}T00:00:00` };
    await kit.gymDb().insert(yesterday);
    const oldRecord: CheckInDoc = {
      _id: `checkin:${yesterday.passId}:old`, type: 'check-in', passId: yesterday.passId, passKind: 'day-pass', gymId: kit.gymId,
      checkedInAt: addDays(now, -1).toISOString(), method: 'tap', deviceId: 'other-tablet',
    };
    const oldOutcome: CheckInOutcomeDoc = {
      _id: checkInOutcomeId(oldRecord._id), type: 'check-in-outcome', checkInId: oldRecord._id, passId: yesterday.passId, gymId: kit.gymId,
      outcome: 'counted', resolvedAt: addDays(now, -1).toISOString(),
    };
    await kit.gymDb().insert(oldRecord as never);
    await kit.gymDb().insert(oldOutcome as never);
    const { store } = await kit.openDevice();
    await eventually(() => localDocs<CheckInOutcomeDoc>(store, 'check-in-outcome'), (docs) => docs.length === 1);
    await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.length === 3);
    expect(await checkInOn(store, today.passId)).toMatchObject({ tone: 'success' });
    await eventually(() => localDecisions(store), (decisions) => decisions.size === 2);

    const read = await frontDeskDocsOn(store);
    const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();
    expect(ids(read.passes)).toEqual([today._id, tomorrow._id, classToday._id].sort());
    // Today's check-in counted, on its pass; yesterday's outcome document is outside the window. No
    // record is pulled (decision 198): the journal's, until it forgets the decided one, is all there is.
    expect(read.outcomes).toEqual([]);
    expect(await localDocs(store, 'check-in')).toEqual([]);
    const [counted] = await kit.serverDocs<CheckInDoc>(`checkin:${today.passId}:`);
    expect(read.passes.find((p) => p._id === today._id)?.countedCheckIns?.map((c) => c.checkInId)).toEqual([counted._id]);
    expect(read.checkIns.every((c) => c._id === counted._id)).toBe(true);
    expect(read.signingKeys?.keys.length).toBeGreaterThan(0);
  });

  it('two tablets offline checking in the same pass: both records kept, exactly one counts, both show the same', async () => {
    const pass = await kit.sellDayPass();
    const a = await kit.openDevice();
    const b = await kit.openDevice();
    for (const { store } of [a, b]) await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.length === 1);

    await a.cable.cut();
    await b.cable.cut();
    expect(await checkInOn(a.store, pass.passId)).toMatchObject({ text: 'Checked In.' });
    expect(await checkInOn(b.store, pass.passId)).toMatchObject({ text: 'Checked In.' });
    for (const { store } of [a, b]) {
      expect(await viewOn(store, pass.passId)).toMatchObject({ canCheckIn: false, checkInPending: true });
      await eventually(() => latestStatus(store), (s) => s.pending === 1 && !s.online);
    }

    await a.cable.restore();
    await eventually(() => localDecisions(a.store), (decisions) => [...decisions.values()].some((d) => d.outcome === 'counted'));
    await b.cable.restore();

    const decided = (decisions: Map<string, CheckInDecision>) => decisions.size === 2;
    const onA = await eventually(() => localDecisions(a.store), decided);
    const onB = await eventually(() => localDecisions(b.store), decided);
    const records = new Map((await kit.serverDocs<CheckInDoc>('checkin:')).map((d) => [d._id, d]));
    expect(records.size).toBe(2);
    const onServer = [...(await kit.serverDecisions())];
    const counted = onServer.filter(([, d]) => d.outcome === 'counted');
    expect(counted).toHaveLength(1);
    const [countedId] = counted[0]!;
    expect(records.get(countedId)!.deviceId).toBe(a.store.deviceId);
    const [duplicateId, duplicate] = onServer.find(([, d]) => d.outcome === 'duplicate')!;
    expect(duplicate.duplicateOf).toBe(countedId);
    expect(records.get(duplicateId)!.deviceId).toBe(b.store.deviceId);
    // Only the duplicate has an outcome document; the counted one is on the pass.
    expect((await kit.serverDocs<CheckInOutcomeDoc>('checkin-outcome:')).map((d) => d.checkInId)).toEqual([duplicateId]);
    expect(outcomesOf(onA)).toEqual(outcomesOf(new Map(onServer)));
    expect(outcomesOf(onB)).toEqual(outcomesOf(new Map(onServer)));

    const viewA = await eventually(() => viewOn(a.store, pass.passId), (v) => v.note !== null && !v.checkInPending);
    const viewB = await eventually(() => viewOn(b.store, pass.passId), (v) => v.note !== null && !v.checkInPending);
    expect(viewB).toEqual(viewA);
    expect(viewA.checkedInAt).toBe(records.get(countedId)!.checkedInAt);
    expect(viewA.note).toMatch(/^Duplicate — already checked in at \d{2}:\d{2}$/);
    for (const { store } of [a, b]) await eventually(() => latestStatus(store), (s) => s.pending === 0 && s.online);
  });

  it('a check-in a closed tab left in the journal is sent and listed when the front desk opens again, and forgotten once decided', async () => {
    const pass = await kit.sellDayPass();
    const first = await kit.openDevice('gym', { databaseName: 'front-desk' });
    await eventually(() => localDocs<DayPassDoc>(first.store, 'day-pass'), (docs) => docs.length === 1);
    const view = await viewOn(first.store, pass.passId);
    await first.store.stop();
    // Written while no store was open (a tab closed before its sender ran).
    const journal = await openDeviceJournal('front-desk');
    const left = newCheckIn(view, { gymId: kit.gymId, deviceId: first.store.deviceId, method: 'tap', now: new Date(), random: 'c0ffee' });
    await journal.checkIns.append(left);
    journal.close();

    const next = await kit.openDevice('gym', { databaseName: 'front-desk' });
    const decided = await eventually(() => localDecisions(next.store), (decisions) => decisions.size === 1);
    expect(decided.get(left._id)).toEqual({ outcome: 'counted' });
    expect(await kit.serverDocs<CheckInDoc>('checkin:')).toEqual([expect.objectContaining({ ...left, _rev: expect.any(String) })]);
    // Shown checked in from its pass, and gone from the journal once decided; never pulled back.
    await eventually(() => viewOn(next.store, pass.passId), (v) => !v.checkInPending && v.checkedInAt === left.checkedInAt);
    expect(await localDocs(next.store, 'check-in')).toEqual([]);
    await eventually(() => latestStatus(next.store), (s) => s.pending === 0);
    const reopened = await openDeviceJournal('front-desk');
    await eventually(() => firstValueFrom(reopened.checkIns.docs$), (docs) => docs.length === 0);
    reopened.close();
  });

  it("a check-in an older version moved into the collection unsent is sent after the update", async () => {
    const pass = await kit.sellDayPass();
    const first = await kit.openDevice('gym', { databaseName: 'updated-desk' });
    await eventually(() => localDocs<DayPassDoc>(first.store, 'day-pass'), (docs) => docs.length === 1);
    const view = await viewOn(first.store, pass.passId);
    // As the previous version left it: in the collection, no outcome, not yet sent, and the database
    // never opened by this version (no mark).
    const unsent = newCheckIn(view, { gymId: kit.gymId, deviceId: first.store.deviceId, method: 'tap', now: new Date(), random: 'beef01' });
    const { collection } = first.store;
    await collection.insert(toLocalDoc(unsent));
    await (await collection.database.getLocal('unsent-check-ins-moved'))?.remove();
    await first.store.stop();

    const next = await kit.openDevice('gym', { databaseName: 'updated-desk' });
    await eventually(() => localDecisions(next.store), (decisions) => decisions.get(unsent._id)?.outcome === 'counted');
    await eventually(() => latestStatus(next.store), (s) => s.pending === 0);
    expect(await kit.serverDocs<CheckInDoc>('checkin:')).toEqual([expect.objectContaining({ ...unsent, _rev: expect.any(String) })]);
  });

  it('a front desk reopened offline says when it last synced, not "Not synced yet"', async () => {
    await kit.sellDayPass();
    const openedAt = new Date();
    const first = await kit.openDevice('gym', { databaseName: 'reopened-offline' });
    const synced = await eventually(() => latestStatus(first.store), (s) => s.firstSync.done && s.lastSyncedAt !== null);
    await first.store.stop();

    // A reload with the network gone: nothing reaches the server, yet the time of the last exchange is
    // known (kept at most every 30 s, so it may be a little older than the last one the bar showed).
    const next = await kit.openDevice('gym', { databaseName: 'reopened-offline', offline: true });
    const status = latestStatus(next.store);
    expect(status.online).toBe(false);
    expect(status.lastSyncedAt).not.toBeNull();
    expect(Date.parse(status.lastSyncedAt!)).toBeGreaterThanOrEqual(openedAt.getTime());
    expect(Date.parse(status.lastSyncedAt!)).toBeLessThanOrEqual(Date.parse(synced.lastSyncedAt!));
  });

  it('a front desk delivers check-ins but edits nothing it pulls: an edit is refused rather than left unsent', async () => {
    const { store } = await kit.openDevice('gym', { offline: true });
    const week: AvailabilityWeekDoc = { _id: 'availability:week:2026-11-16', type: 'availability-week', coachId: kit.gymId, weekStart: '2026-11-16', days: [], updatedAt: new Date().toISOString() };
    await expect(store.availability.saveWeek(week)).rejects.toThrow('does not edit documents');
    expect(await localDocs(store, 'availability-week')).toEqual([]);
    expect(latestStatus(store).pending).toBe(0);
  });

  it('loses nothing when the server stops in the middle of a sync', async () => {
    const passes: DayPassDoc[] = [];
    for (let n = 0; n < 20; n += 1) passes.push(await kit.sellDayPass());
    const { store, cable } = await kit.openDevice();
    await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.length === passes.length);

    await cable.cut();
    for (const pass of passes) expect(await checkInOn(store, pass.passId)).toMatchObject({ tone: 'success' });
    await eventually(() => latestStatus(store), (s) => s.pending === passes.length);
    await cable.restore();
    await eventually(() => kit.serverDocs<CheckInDoc>('checkin:'), (docs) => docs.length > 0, 30_000);
    // The server process goes away mid-sync; a new one takes its place on the same data.
    await kit.stack.server.stop();
    const restarted = await kit.stack.startInstance();
    await restarted.start();
    cable.retarget(restarted.info.uri);

    await eventually(() => kit.serverDocs<CheckInDoc>('checkin:'), (docs) => docs.length === passes.length, 30_000);
    const onServer = await eventually(() => kit.serverDecisions(), (decisions) => decisions.size === passes.length, 30_000);
    expect([...onServer.values()].every((d) => d.outcome === 'counted')).toBe(true);
    await eventually(() => localDecisions(store), (decisions) => decisions.size === passes.length && [...decisions.values()].every((d) => d.outcome === 'counted'), 30_000);
    await eventually(() => latestStatus(store), (s) => s.pending === 0);
  });

  it('server-side deletes, whole documents or bare tombstones, do not stall replication', async () => {
    const [first, second] = [await kit.sellDayPass(), await kit.sellDayPass()];
    const { store } = await kit.openDevice();
    await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (docs) => docs.length === 2);

    const db = kit.gymDb();
    const full = await kit.serverDoc<DayPassDoc>(first._id);
    await db.insert({ ...full, _deleted: true });
    const bare = await kit.serverDoc<DayPassDoc>(second._id);
    await db.destroy(bare._id, bare._rev);
    const later = await kit.sellDayPass();

    const docs = await eventually(() => localDocs<DayPassDoc>(store, 'day-pass'), (d) => d.length === 1 && d[0]._id === later._id);
    expect(docs[0].passId).toBe(later.passId);
    expect(latestStatus(store).error).toBeNull();
  });

  it("refreshes the session once when the gateway answers 401, and a member's phone pulls its passes read-only", async () => {
    const pass = await kit.sellDayPass();
    let refreshed = 0;
    const phone = await kit.openDevice('member', {
      token: () => (refreshed ? kit.memberToken() : 'expired-token'),
      refresh: async () => {
        refreshed += 1;
        return kit.memberToken();
      },
    });
    const [mine] = await eventually(() => localDocs<DayPassDoc>(phone.store, 'day-pass'), (docs) => docs.length === 1);
    expect(mine).toMatchObject({ passId: pass.passId, idCode: pass.idCode, entryToken: pass.entryToken });
    expect(refreshed).toBeGreaterThan(0);
  });

  it("logging out removes the account's local data, even changes still waiting to sync", async () => {
    const pass = await kit.sellDayPass();
    const tablet = await kit.openDevice('gym', { databaseName: 'shared-tablet' });
    await eventually(() => localDocs<DayPassDoc>(tablet.store, 'day-pass'), (docs) => docs.length === 1);
    await tablet.cable.cut();
    await checkInOn(tablet.store, pass.passId);
    await tablet.store.schedule.saveWeek(emptyDefaultSchedule(kit.gymId, new Date(), () => 'day1'));
    expect(await tablet.store.schedule.weeks()).toHaveLength(1);

    await wipeLocalData({ kind: 'gym', tenantId: kit.gymId });

    const next = await kit.openDevice('gym', { databaseName: 'shared-tablet', offline: true });
    expect(await localDocs(next.store, 'day-pass')).toEqual([]);
    expect(await localDocs(next.store, 'check-in')).toEqual([]);
    expect((await frontDeskDocsOn(next.store)).checkIns).toEqual([]);
    expect(await next.store.schedule.weeks()).toEqual([]);
    expect(latestStatus(next.store)).toMatchObject({ pending: 0, firstSync: { done: false } });
  });

  it('logging out with the front desk closed also removes check-ins and schedule weeks left in the device journal', async () => {
    const name = tenantDatabaseName('gym', kit.gymId);
    const journal = await openDeviceJournal(name);
    await journal.checkIns.append(newCheckIn(
      { passId: 'a'.repeat(24), kind: 'day-pass' } as Parameters<typeof newCheckIn>[0],
      { gymId: kit.gymId, deviceId: 'tablet-1', method: 'tap', now: new Date(), random: '01' },
    ));
    await journal.weeks.record(emptyDefaultSchedule(kit.gymId, new Date(), () => 'day1'), () => undefined);
    journal.close();

    await wipeLocalData({ kind: 'gym', tenantId: kit.gymId });

    const after = await openDeviceJournal(name);
    expect(await firstValueFrom(after.checkIns.docs$)).toEqual([]);
    expect(await after.weeks.weeks()).toEqual([]);
    after.close();
  });
});
