import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckInOutcomeDoc, DayPassDoc, NotificationDoc } from '@mastr/rules/documents.ts';
import { findDocs, ofType, watchDocs } from './local-queries.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';

let local: LocalCollection;
beforeEach(async () => {
  local = await openLocalCollection();
});
afterEach(() => local.remove());

const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();

describe('typed reads of the device copy (decision 200: a type is its id range)', () => {
  beforeEach(async () => {
    await local.collection.bulkInsert([
      { id: 'checkin-outcome:checkin:p1:r1', type: 'check-in-outcome', outcome: 'duplicate', resolvedAt: '2026-12-04T10:00:00.000Z' },
      { id: 'checkin-outcome:checkin:p2:r2', type: 'check-in-outcome', outcome: 'refused', resolvedAt: '2026-11-01T10:00:00.000Z' },
      { id: 'checkin:p1:r1', type: 'check-in', passId: 'p1' },
      { id: 'daypass:p1', type: 'day-pass', passId: 'p1', dayDateStart: '2026-12-04T00:00:00' },
      { id: 'daypass:p2', type: 'day-pass', passId: 'p2', dayDateStart: '2026-11-01T00:00:00' },
      // A server tombstone typed by the pull's modifier keeps its id: in the range, not of the type.
      { id: 'daypass:p3', type: 'deleted' },
      { id: 'notification:n1', type: 'notification', event: 'coach-joined' },
      { id: 'pass-signing-keys', type: 'signing-keys', keys: [] },
    ]);
  });

  it('finds the documents of the type and no others, narrowed by the fields asked', async () => {
    expect(ids(await findDocs<DayPassDoc>(local.collection, 'day-pass'))).toEqual(['daypass:p1', 'daypass:p2']);
    expect(ids(await findDocs<DayPassDoc>(local.collection, 'day-pass', { dayDateStart: { $gte: '2026-12-04T00:00:00' } }))).toEqual(['daypass:p1']);
    expect(ids(await findDocs<CheckInOutcomeDoc>(local.collection, 'check-in-outcome'))).toEqual([
      'checkin-outcome:checkin:p1:r1',
      'checkin-outcome:checkin:p2:r2',
    ]);
    expect(ids(await findDocs(local.collection, 'check-in'))).toEqual(['checkin:p1:r1']);
    expect(ids(await findDocs(local.collection, 'signing-keys'))).toEqual(['pass-signing-keys']);
  });

  it('follows writes live, in CouchDB shape', async () => {
    const live = watchDocs<NotificationDoc>(local.collection, 'notification');
    expect(await answerOf(live)).toEqual([{ _id: 'notification:n1', type: 'notification', event: 'coach-joined' }]);
    await local.collection.insert({ id: 'notification:n2', type: 'notification', event: 'coach-left' });
    expect(ids(await answerWhere(live, (docs) => docs.length === 2))).toEqual(['notification:n1', 'notification:n2']);
  });

  it('reads a range of the primary key, not the whole collection', () => {
    const { queryPlan } = local.collection.find({ selector: ofType('notification', { event: 'coach-joined' }) }).getPreparedQuery();
    expect(queryPlan.index).toEqual(['_deleted', 'id']);
    expect(queryPlan.startKeys).toEqual([false, 'notification:']);
    expect(queryPlan.endKeys).toEqual([false, 'notification:\uffff']);
  });
});
