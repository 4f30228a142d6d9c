import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPassData, type PassData } from './pass-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';

let local: LocalCollection;
let passes: PassData;
beforeEach(async () => {
  local = await openLocalCollection();
  passes = createPassData(local.collection);
});
afterEach(() => local.remove());

describe('passes on the device', () => {
  it('lists every day pass and every Mastr pass, past and cancelled ones too, in CouchDB shape', async () => {
    await local.collection.bulkInsert([
      { id: 'daypass:1', type: 'day-pass', passId: '1', dayDateStart: '2020-01-01T00:00:00', cancelled: true },
      { id: 'mastrpass:2', type: 'mastr-pass', passId: '2', dateAndTimeStart: null },
      { id: 'checkin:1:x', type: 'check-in', passId: '1' },
    ]);
    expect(await answerOf(passes.watchDayPasses())).toEqual([{ _id: 'daypass:1', type: 'day-pass', passId: '1', dayDateStart: '2020-01-01T00:00:00', cancelled: true }]);
    expect(await answerOf(passes.watchMastrPasses())).toEqual([{ _id: 'mastrpass:2', type: 'mastr-pass', passId: '2', dateAndTimeStart: null }]);

    const live = passes.watchDayPasses();
    await local.collection.insert({ id: 'daypass:3', type: 'day-pass', passId: '3' });
    expect((await answerWhere(live, (docs) => docs.length === 2)).map((d) => d._id).sort()).toEqual(['daypass:1', 'daypass:3']);
  });
});
