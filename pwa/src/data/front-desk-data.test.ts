import 'fake-indexeddb/auto';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { createFrontDeskData, type FrontDeskData } from './front-desk-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';
import { toLocalDoc, type LocalDoc } from './tenant-docs.ts';

const GYM = 'g'.repeat(24);
const WINDOW = { fromDate: '2026-11-21', since: '2026-11-21T00:00:00.000Z' };
const pass = (type: 'day-pass' | 'mastr-pass', n: number, start: string): LocalDoc => ({
  id: `${type === 'day-pass' ? 'daypass' : 'mastrpass'}:${String(n).repeat(24)}`, type, passId: String(n).repeat(24), gymId: GYM,
  ...(type === 'day-pass' ? { dayDateStart: `${start}T00:00:00` } : { dateAndTimeStart: start === '' ? null : `${start}T18:00:00` }),
});
const checkIn = (n: number, at: string): CheckInDoc => ({
  _id: `checkin:${'1'.repeat(24)}:${n}`, type: 'check-in', passId: '1'.repeat(24), passKind: 'day-pass', gymId: GYM,
  checkedInAt: at, method: 'tap', deviceId: 'tablet-1',
});
const outcome = (doc: CheckInDoc, resolvedAt: string): LocalDoc => ({
  id: `checkin-outcome:${doc._id}`, type: 'check-in-outcome', checkInId: doc._id, passId: doc.passId, gymId: GYM, outcome: 'refused',
  reason: 'This pass is cancelled.', checkedInAt: doc.checkedInAt, resolvedAt,
});

let local: LocalCollection;
let journalled: BehaviorSubject<CheckInDoc[]>;
let recorded: CheckInDoc[];
let frontDesk: FrontDeskData;
beforeEach(async () => {
  local = await openLocalCollection();
  journalled = new BehaviorSubject<CheckInDoc[]>([]);
  recorded = [];
  frontDesk = createFrontDeskData(local.collection, {
    journalled$: journalled,
    record: async (doc) => void recorded.push(doc),
  });
});
afterEach(() => local.remove());

const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();

describe("the front desk's data", () => {
  it("reads today's and upcoming passes, the journal's check-ins of today, today's outcomes and the signing keys, in CouchDB shape", async () => {
    const [yesterdayIn, todayIn, waiting] = [
      checkIn(1, '2026-11-20T17:00:00.000Z'),
      checkIn(2, '2026-11-21T09:00:00.000Z'),
      checkIn(3, '2026-11-21T09:30:00.000Z'),
    ];
    await local.collection.bulkInsert([
      pass('day-pass', 1, '2026-11-20'), pass('day-pass', 2, '2026-11-21'), pass('day-pass', 3, '2026-11-22'),
      pass('mastr-pass', 4, '2026-11-19'), pass('mastr-pass', 5, '2026-11-21'), pass('mastr-pass', 6, ''),
      // Pulled by a device before decision 198: records in the collection are not read.
      toLocalDoc(todayIn),
      outcome(yesterdayIn, '2026-11-20T17:00:01.000Z'), outcome(todayIn, '2026-11-21T09:00:01.000Z'),
      { id: 'pass-signing-keys', type: 'signing-keys', keys: [{ kid: 'k1' }] },
    ]);
    journalled.next([waiting]);

    const read = await answerOf(frontDesk.watch(WINDOW));
    expect(ids(read.passes)).toEqual([pass('day-pass', 2, ''), pass('day-pass', 3, ''), pass('mastr-pass', 5, '')].map((p) => p.id).sort());
    expect(read.checkIns).toEqual([waiting]);
    expect(ids(read.outcomes)).toEqual([`checkin-outcome:${todayIn._id}`]);
    expect(read.outcomes[0]).toMatchObject({ outcome: 'refused', checkedInAt: todayIn.checkedInAt });
    expect(read.signingKeys).toEqual({ _id: 'pass-signing-keys', type: 'signing-keys', keys: [{ kid: 'k1' }] });
  });

  it('answers with no signing keys before they have synced', async () => {
    expect(await answerOf(frontDesk.watch(WINDOW))).toEqual({ passes: [], checkIns: [], outcomes: [], signingKeys: null });
  });

  it('lists a check-in in the device journal at once, until the journal forgets it, and not before the window', async () => {
    const live = frontDesk.watch(WINDOW);
    const tapped = checkIn(3, '2026-11-21T10:00:00.000Z');
    // Yesterday's, still waiting for its outcome: not on today's list.
    journalled.next([tapped, checkIn(8, '2026-11-20T23:00:00.000Z')]);
    expect((await answerOf(live)).checkIns).toEqual([tapped]);
    journalled.next([]);
    expect((await answerWhere(live, (read) => read.checkIns.length === 0)).checkIns).toEqual([]);
  });

  it('follows changes live', async () => {
    const live = frontDesk.watch(WINDOW);
    expect((await answerOf(live)).passes).toEqual([]);
    await local.collection.insert(pass('day-pass', 7, '2026-11-21'));
    const read = await answerWhere(live, (r) => r.passes.length === 1);
    expect(read.passes[0]).toMatchObject({ _id: pass('day-pass', 7, '').id, type: 'day-pass', dayDateStart: '2026-11-21T00:00:00' });
  });

  it('records a check-in through the check-in delivery', async () => {
    const doc = checkIn(4, '2026-11-21T10:00:00.000Z');
    await frontDesk.recordCheckIn(doc);
    expect(recorded).toEqual([doc]);
  });
});
