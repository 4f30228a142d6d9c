import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { createGymActivityData, type GymActivityData } from './gym-activity-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';
import { toCouchShape, type LocalDoc } from './tenant-docs.ts';

const GYM = 'g'.repeat(24);
const WINDOW = { since: '2026-10-24T23:00:00.000Z' };
const dayPass = (n: number, createdAt: string): LocalDoc => ({
  id: `daypass:${String(n).repeat(24)}`, type: 'day-pass', passId: String(n).repeat(24), gymId: GYM, dayDateStart: '2026-12-01T00:00:00', cancelled: false, createdAt,
});
const checkIn = (n: number, checkedInAt: string): LocalDoc => ({
  id: `checkin:${'1'.repeat(24)}:${n}`, type: 'check-in', passId: '1'.repeat(24), passKind: 'day-pass', gymId: GYM, checkedInAt, method: 'tap', deviceId: 'tablet-1',
});
const outcome = (n: number, resolvedAt: string): LocalDoc => ({
  id: `checkin-outcome:checkin:${'1'.repeat(24)}:${n}`, type: 'check-in-outcome', checkInId: `checkin:${'1'.repeat(24)}:${n}`, passId: '1'.repeat(24), gymId: GYM, outcome: 'counted', resolvedAt,
});

let local: LocalCollection;
let activity: GymActivityData;
let journalled: BehaviorSubject<CheckInDoc[]>;
beforeEach(async () => {
  local = await openLocalCollection();
  journalled = new BehaviorSubject<CheckInDoc[]>([]);
  activity = createGymActivityData(local.collection, { journalled$: journalled });
});
afterEach(() => local.remove());

const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();

describe("the gym's recent activity on the device", () => {
  it("reads passes sold, the journal's check-ins and outcomes since the window starts, in CouchDB shape", async () => {
    await local.collection.bulkInsert([
      dayPass(1, '2026-10-24T22:59:59.000Z'), dayPass(2, '2026-10-24T23:00:00.000Z'), dayPass(3, '2026-11-21T09:00:00.000Z'),
      // Pulled by a device before decision 198: records in the collection are not read.
      checkIn(2, '2026-11-20T09:00:00.000Z'),
      outcome(1, '2026-10-20T12:00:01.000Z'), outcome(2, '2026-11-20T09:00:01.000Z'), outcome(3, '2026-10-24T22:00:00.000Z'),
      { id: 'mastrpass:4', type: 'mastr-pass', passId: '4', createdAt: '2026-11-21T09:00:00.000Z' },
    ]);
    journalled.next([toCouchShape<CheckInDoc>(checkIn(5, '2026-11-20T10:00:00.000Z'))]);
    const read = await answerOf(activity.watch(WINDOW));
    expect(ids(read.dayPasses)).toEqual([dayPass(2, '').id, dayPass(3, '').id]);
    expect(read.dayPasses[0]).toMatchObject({ _id: expect.any(String), type: 'day-pass', gymId: GYM });
    expect(ids(read.checkIns)).toEqual([checkIn(5, '').id]);
    // Outcomes a day before the window too: a device clock running ahead stamps check-ins late.
    expect(ids(read.outcomes)).toEqual([outcome(2, '').id, outcome(3, '').id]);
  });

  it('follows changes live', async () => {
    const live = activity.watch(WINDOW);
    expect(await answerOf(live)).toEqual({ dayPasses: [], checkIns: [], checkedInPasses: [], outcomes: [] });
    await local.collection.insert(dayPass(5, '2026-11-21T10:00:00.000Z'));
    expect((await answerWhere(live, (r) => r.dayPasses.length === 1)).dayPasses[0]).toMatchObject({ type: 'day-pass', createdAt: '2026-11-21T10:00:00.000Z' });
  });

  it("reads the passes of the window's days, live: the server lists a counted check-in on its pass", async () => {
    const live = activity.watch(WINDOW);
    const passId = '1'.repeat(24);
    await local.collection.bulkInsert([
      // A pass whose day is before the window: none of its check-ins is in it.
      { ...dayPass(9, '2026-09-01T00:00:00.000Z'), dayDateStart: '2026-10-01T00:00:00' },
      { id: 'mastrpass:' + '7'.repeat(24), type: 'mastr-pass', passId: '7'.repeat(24), dateAndTimeStart: '2026-11-21T18:00:00', createdAt: '2026-09-01T00:00:00.000Z' },
    ]);
    // The pass of check-in 8 arrives later than the check-in (bought before the window: not a sale in it).
    await local.collection.insert({
      ...dayPass(1, '2026-10-01T00:00:00.000Z'),
      dayDateStart: '2026-11-21T00:00:00',
      countedCheckIns: [{ checkInId: checkIn(8, '').id, at: '2026-11-21T10:00:00.000Z' }],
    });
    const read = await answerWhere(live, (r) => r.checkedInPasses.length === 2);
    expect(ids(read.checkedInPasses)).toEqual([`daypass:${passId}`, 'mastrpass:' + '7'.repeat(24)]);
    expect(read.checkedInPasses.find((p) => p._id === `daypass:${passId}`)!.countedCheckIns).toEqual([
      { checkInId: checkIn(8, '').id, at: '2026-11-21T10:00:00.000Z' },
    ]);
    expect(read.dayPasses).toEqual([]);
  });

  it("lists this device's check-ins still in its journal from the window's start, until it forgets them", async () => {
    const live = activity.watch(WINDOW);
    const waiting = toCouchShape<CheckInDoc>(checkIn(6, '2026-11-21T11:00:00.000Z'));
    const before = toCouchShape<CheckInDoc>(checkIn(7, '2026-10-24T12:00:00.000Z'));
    journalled.next([waiting, before]);
    expect(ids((await answerWhere(live, (r) => r.checkIns.length === 1)).checkIns)).toEqual([checkIn(6, '').id]);
    journalled.next([]);
    expect((await answerWhere(live, (r) => r.checkIns.length === 0)).checkIns).toEqual([]);
  });
});
