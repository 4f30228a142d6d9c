import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import { createAvailabilityData, type AvailabilityData } from './availability-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';
import { toLocalDoc, type CouchShape } from './tenant-docs.ts';

const week = (weekStart: string | null, times: number[]): AvailabilityWeekDoc => ({
  _id: weekStart ? `availability:week:${weekStart}` : 'availability:default', type: 'availability-week', coachId: 'c'.repeat(24), weekStart,
  updatedAt: '2026-11-21T10:00:00.000Z',
  days: [{ _id: 'd1', weekday: 1, abbreviation: 'Mon', times: times.map((time) => ({ _id: `t${time}`, time })) }],
});

let local: LocalCollection;
let written: CouchShape[];
let availability: AvailabilityData;
beforeEach(async () => {
  local = await openLocalCollection();
  written = [];
  // The store's write: stands in for the outbox and upsert.
  availability = createAvailabilityData(local.collection, async (doc) => {
    written.push(doc);
    await local.collection.upsert(toLocalDoc(doc));
  });
});
afterEach(() => local.remove());

describe("a coach's availability on the device", () => {
  it('reads the weeks in CouchDB shape, now and live, and nothing else', async () => {
    await local.collection.bulkInsert([toLocalDoc(week(null, [64800])), { id: 'slot-claim:x', type: 'slot-claim', weekday: 1, time: 64800 }]);
    expect(await availability.weeks()).toEqual([week(null, [64800])]);
    const live = availability.watchWeeks();
    expect(await answerOf(live)).toEqual([week(null, [64800])]);

    await local.collection.insert(toLocalDoc(week('2026-11-16', [36000])));
    const both = await answerWhere(live, (weeks) => weeks.length === 2);
    expect(both.map((w) => w._id).sort()).toEqual(['availability:default', 'availability:week:2026-11-16']);
  });

  it('saves an edited week through the store, replacing the one the device holds', async () => {
    await availability.saveWeek(week(null, [64800]));
    await availability.saveWeek(week(null, [64800, 68400]));
    expect(written).toHaveLength(2);
    expect(await availability.weeks()).toEqual([week(null, [64800, 68400])]);
  });
});
