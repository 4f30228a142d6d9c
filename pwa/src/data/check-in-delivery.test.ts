import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { openCheckInDelivery, type CheckInDelivery } from './check-in-delivery.ts';
import { deleteCheckInJournal, openCheckInJournal } from './check-in-journal.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';
import { toLocalDoc } from './tenant-docs.ts';

const PASS = 'a'.repeat(24);
const checkIn = (n: number): CheckInDoc => ({
  _id: `checkin:${PASS}:${n}`, type: 'check-in', passId: PASS, passKind: 'day-pass', gymId: 'g'.repeat(24),
  checkedInAt: `2026-11-21T10:0${n}:00.000Z`, method: 'tap', deviceId: 'tablet-1',
});
const outcomeOf = (doc: CheckInDoc) => ({
  id: `checkin-outcome:${doc._id}`, type: 'check-in-outcome', checkInId: doc._id, passId: PASS, gymId: 'g'.repeat(24),
  outcome: 'counted', resolvedAt: '2026-11-21T10:10:00.000Z',
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
const ids = (docs: readonly { id: string }[]) => docs.map((d) => d.id).sort();

let local: LocalCollection;
let delivery: CheckInDelivery | null = null;
const logged: string[] = [];
async function open() {
  local = await openLocalCollection();
  delivery = await openCheckInDelivery({ kind: 'gym', databaseName: local.name, collection: local.collection, log: (_key, m) => logged.push(m) });
  return delivery;
}
afterEach(async () => {
  await delivery?.stop();
  delivery = null;
  await local.remove();
  await deleteCheckInJournal(local.name);
  logged.splice(0);
});

describe('check-in delivery', () => {
  it("a recorded check-in is in this tab's journal at once, then moved into the collection and forgotten", async () => {
    const checkIns = await open();
    await checkIns.record(checkIn(1));
    expect(ids(await answerOf(checkIns.journalled$))).toEqual([checkIn(1)._id]);

    await answerWhere(checkIns.journalled$, (docs) => docs.length === 0);
    const stored = await local.collection.find().exec();
    expect(stored.map((d) => d.toJSON())).toEqual([expect.objectContaining(toLocalDoc(checkIn(1)))]);
    expect(logged).toEqual([]);
  });

  it('moves check-ins a closed tab left in the journal on opening', async () => {
    local = await openLocalCollection();
    const journal = await openCheckInJournal(local.name);
    await journal.append(toLocalDoc(checkIn(2)));
    journal.close();

    delivery = await openCheckInDelivery({ kind: 'gym', databaseName: local.name, collection: local.collection, log: () => {} });
    await answerWhere(local.collection.find().$, (docs) => docs.length === 1);
    const reopened = await openCheckInJournal(local.name);
    expect(await reopened.entries()).toEqual([]);
    reopened.close();
  });

  it('stopping moves what the journal still holds into the collection first', async () => {
    const checkIns = await open();
    await checkIns.record(checkIn(1));
    await checkIns.stop();
    delivery = null;
    expect(ids(await local.collection.find().exec())).toEqual([checkIn(1)._id]);
  });

  it('counts check-ins without an outcome as waiting, journal entries included, each once', async () => {
    const checkIns = await open();
    expect(await answerOf(checkIns.waiting$)).toBe(0);
    await checkIns.record(checkIn(1));
    await checkIns.record(checkIn(2));
    // At once from the journal, and still 2 while they are in both the journal and the collection.
    expect(await answerOf(checkIns.waiting$)).toBe(2);
    await answerWhere(checkIns.journalled$, (docs) => docs.length === 0);
    expect(await answerOf(checkIns.waiting$)).toBe(2);

    await local.collection.insert(outcomeOf(checkIn(1)));
    expect(await answerWhere(checkIns.waiting$, (n) => n === 1)).toBe(1);
  });

  it('delivers the undecided check-ins only once this tab leads, and never the decided ones', async () => {
    const checkIns = await open();
    await local.collection.bulkInsert([toLocalDoc(checkIn(1)), toLocalDoc(checkIn(2)), outcomeOf(checkIn(2))]);
    const { fetchImpl, delivered } = gateway();
    let lead = () => {};
    const leadership = new Promise<void>((resolve) => (lead = resolve));
    checkIns.send({ url: 'http://gateway.test/_bulk_docs', fetch: fetchImpl, retryMs: 50, leadership, deviceId: 'tablet-1' });

    await settle(50);
    expect(delivered).toEqual([]);
    lead();
    await until(() => delivered.length > 0);
    expect(delivered).toEqual([[checkIn(1)._id]]);

    await checkIns.record(checkIn(3));
    await until(() => delivered.length > 1);
    expect(delivered).toEqual([[checkIn(1)._id], [checkIn(3)._id]]);
  });

  it('a device that does not send (a member, a coach) posts nothing', async () => {
    const checkIns = await open();
    await checkIns.record(checkIn(1));
    checkIns.wake();
    await answerWhere(checkIns.journalled$, (docs) => docs.length === 0);
    expect(await answerOf(checkIns.waiting$)).toBe(1);
  });
});
