import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { openCheckInDelivery, type CheckInDelivery } from './check-in-delivery.ts';
import { deleteDeviceJournal, openDeviceJournal, type DeviceJournal } from './outbox/device-journal.ts';
import { createDeviceSender, type DeviceSender } from './outbox/device-sender.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';
import { toLocalDoc } from './tenant-docs.ts';

const PASS = 'a'.repeat(24);
const checkIn = (n: number): CheckInDoc => ({
  _id: `checkin:${PASS}:${n}`, type: 'check-in', passId: PASS, passKind: 'day-pass', gymId: 'g'.repeat(24),
  checkedInAt: `2026-11-21T10:0${n}:00.000Z`, method: 'tap', deviceId: 'tablet-1',
});
/** The server's outcome document for a check-in that did not count. */
const duplicateOf = (doc: CheckInDoc, counted: CheckInDoc) => ({
  id: `checkin-outcome:${doc._id}`, type: 'check-in-outcome', checkInId: doc._id, passId: PASS, gymId: 'g'.repeat(24),
  outcome: 'duplicate', duplicateOf: counted._id, resolvedAt: '2026-11-21T10:10:00.000Z',
});
/** The gym's copy of the pass as the pull brings it, listing these check-ins as counted (decision 197). */
const passCounting = (...counted: CheckInDoc[]) => ({
  id: `daypass:${PASS}`, type: 'day-pass', passId: PASS, gymId: 'g'.repeat(24),
  countedCheckIns: counted.map((c) => ({ checkInId: c._id, at: c.checkedInAt })),
});

/** A gateway stand-in that records the ids of each delivery. */
function gateway() {
  const delivered: string[][] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    delivered.push((JSON.parse(String(init.body)) as { docs: { _id: string }[] }).docs.map((d) => d._id));
    return new Response('[]', { status: 201 });
  }) as unknown as typeof fetch;
  return { fetchImpl, delivered };
}

const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Condition not met');
    await settle(5);
  }
}
const ids = (docs: readonly { _id: string }[]) => docs.map((d) => d._id).sort();

let local: LocalCollection;
let journal: DeviceJournal;
let delivery: CheckInDelivery | null = null;
const logged: string[] = [];
const FORGET_WHEN_QUIET_MS = 100;
async function open() {
  local = await openLocalCollection();
  journal = await openDeviceJournal(local.name);
  delivery = openCheckInDelivery({
    kind: 'gym',
    journal: journal.checkIns,
    collection: local.collection,
    log: (_key, m) => logged.push(m),
    forgetWhenQuietMs: FORGET_WHEN_QUIET_MS,
  });
  return delivery;
}
let sender: DeviceSender | null = null;
afterEach(async () => {
  sender?.stop();
  sender = null;
  delivery = null;
  journal.close();
  await local.remove();
  await deleteDeviceJournal(local.name);
  logged.splice(0);
});

/** The leader tab's device sender running the check-ins, with a gateway stand-in, once `lead()` is called. */
function sendFrom(checkIns: CheckInDelivery) {
  const { fetchImpl, delivered } = gateway();
  const lead = () => {
    sender = createDeviceSender({
      types: [checkIns.outbox({ url: 'http://gateway.test/_bulk_docs', fetch: fetchImpl, retryMs: 50 })],
      backOff: { firstMs: 50, maxMs: 1_000 },
      onError: () => {},
    });
  };
  return { delivered, lead };
}

describe('check-in delivery', () => {
  it('a recorded check-in is in the journal at once, and the collection never receives it from the device', async () => {
    const checkIns = await open();
    await checkIns.record(checkIn(1));
    expect(await answerOf(checkIns.journalled$)).toEqual([checkIn(1)]);
    await settle(30);
    expect(await local.collection.find().exec()).toEqual([]);
    expect(await answerOf(checkIns.journalled$)).toEqual([checkIn(1)]);
    expect(logged).toEqual([]);
  });

  it("shows another tab's check-ins and what a closed tab left, through IndexedDB", async () => {
    const checkIns = await open();
    const otherTab = await openDeviceJournal(local.name);
    await otherTab.checkIns.append(checkIn(2));
    otherTab.close();
    expect(ids(await answerWhere(checkIns.journalled$, (docs) => docs.length === 1))).toEqual([checkIn(2)._id]);

    const reopened = await openDeviceJournal(local.name);
    expect(await answerOf(reopened.checkIns.docs$)).toEqual([checkIn(2)]);
    reopened.close();
  });

  it("counts the journal's check-ins the server has not decided as waiting: a counted one is on its pass, a duplicate has its outcome", async () => {
    const checkIns = await open();
    expect(await answerOf(checkIns.waiting$)).toBe(0);
    await checkIns.record(checkIn(1));
    await checkIns.record(checkIn(2));
    expect(await answerWhere(checkIns.waiting$, (n) => n === 2)).toBe(2);
    // Another device's undecided check-in, pulled, is its to send and count.
    await local.collection.insert({ ...toLocalDoc(checkIn(3)), deviceId: 'tablet-2' });
    await settle(20);
    expect(await answerOf(checkIns.waiting$)).toBe(2);

    await local.collection.insert(passCounting(checkIn(1)));
    expect(await answerWhere(checkIns.waiting$, (n) => n === 1)).toBe(1);
    await local.collection.insert(duplicateOf(checkIn(2), checkIn(1)));
    expect(await answerWhere(checkIns.waiting$, (n) => n === 0)).toBe(0);
  });

  it('delivers the undecided check-ins once this tab leads, and forgets each once its outcome is pulled and the pull is quiet', async () => {
    const checkIns = await open();
    await checkIns.record(checkIn(1));
    await checkIns.record(checkIn(2));
    await local.collection.bulkInsert([toLocalDoc(checkIn(2)), passCounting(checkIn(2))]);
    const { delivered, lead } = sendFrom(checkIns);

    await settle(50);
    expect(delivered).toEqual([]);
    lead();
    await until(() => delivered.length > 0);
    expect(delivered).toEqual([[checkIn(1)._id]]);
    expect(ids(await answerWhere(checkIns.journalled$, (docs) => docs.length === 1))).toEqual([checkIn(1)._id]);

    await checkIns.record(checkIn(3));
    await until(() => delivered.length > 1);
    expect(delivered).toEqual([[checkIn(1)._id], [checkIn(3)._id]]);

    // The pass updated by the pull: check-in 1 counted too.
    await local.collection.bulkUpsert([toLocalDoc(checkIn(1)), passCounting(checkIn(2), checkIn(1))]);
    expect(ids(await answerWhere(checkIns.journalled$, (docs) => docs.length === 1))).toEqual([checkIn(3)._id]);
    const reopened = await openDeviceJournal(local.name);
    expect(ids(await answerOf(reopened.checkIns.docs$))).toEqual([checkIn(3)._id]);
    reopened.close();
  });

  it('forgets decided check-ins in one write once the outcomes stop arriving, not after each batch', async () => {
    const checkIns = await open();
    for (const n of [1, 2, 3]) await checkIns.record(checkIn(n));
    const { lead } = sendFrom(checkIns);
    lead();
    const forgotten: string[][] = [];
    const forget = journal.checkIns.forget.bind(journal.checkIns);
    journal.checkIns.forget = (ids) => (forgotten.push([...ids].sort()), forget(ids));
    // Decisions arriving in batches closer together than the quiet time (the pass counting 1 and 2,
    // then 3's outcome document): nothing forgotten yet.
    await local.collection.bulkInsert([toLocalDoc(checkIn(1)), passCounting(checkIn(1))]);
    await settle(FORGET_WHEN_QUIET_MS / 4);
    await local.collection.bulkUpsert([toLocalDoc(checkIn(2)), passCounting(checkIn(1), checkIn(2))]);
    await settle(FORGET_WHEN_QUIET_MS / 4);
    await local.collection.bulkInsert([toLocalDoc(checkIn(3)), duplicateOf(checkIn(3), checkIn(2))]);
    await settle(FORGET_WHEN_QUIET_MS / 4);
    expect(forgotten).toEqual([]);
    expect(await answerOf(checkIns.waiting$)).toBe(0);
    await until(() => forgotten.length > 0);
    expect(forgotten).toEqual([ids([checkIn(1), checkIn(2), checkIn(3)])]);
    expect(await answerWhere(checkIns.journalled$, (docs) => docs.length === 0)).toEqual([]);
  });

  it('knows the decisions stored before it opened (a reload after the pull, before the journal forgot them)', async () => {
    const first = await open();
    await first.record(checkIn(5));
    await first.record(checkIn(6));
    await local.collection.bulkInsert([passCounting(checkIn(5)), duplicateOf(checkIn(6), checkIn(5))]);
    const reloaded = openCheckInDelivery({ kind: 'gym', journal: journal.checkIns, collection: local.collection, log: () => {} });
    expect(await answerOf(reloaded.waiting$)).toBe(0);
  });

  it("does not send another device's pulled check-in: its recording device keeps it until decided", async () => {
    const checkIns = await open();
    await local.collection.insert({ ...toLocalDoc(checkIn(4)), deviceId: 'tablet-2' });
    const { delivered, lead } = sendFrom(checkIns);
    lead();
    await checkIns.record(checkIn(1));
    await until(() => delivered.length > 0);
    await settle(50);
    expect(delivered).toEqual([[checkIn(1)._id]]);
  });

  it('a device that does not send (a member, a coach) posts nothing and keeps the check-in waiting', async () => {
    const checkIns = await open();
    await checkIns.record(checkIn(1));
    await settle(30);
    expect(await answerOf(checkIns.waiting$)).toBe(1);
  });
});
