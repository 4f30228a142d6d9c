import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import { createAvailabilityData, type AvailabilityData } from './availability-data.ts';
import { answerOf, answerWhere, openLocalCollection, type LocalCollection } from './test-support/local-collection.ts';
import { toLocalDoc } from './tenant-docs.ts';
import { deleteDeviceJournal, openDeviceJournal, type DeviceJournal } from './outbox/device-journal.ts';
import type { WeekEditJournal } from './week-edit-journal.ts';

const week = (weekStart: string | null, times: number[], updatedAt = '2026-11-21T10:00:00.000Z'): AvailabilityWeekDoc => ({
  _id: weekStart ? `availability:week:${weekStart}` : 'availability:default', type: 'availability-week', coachId: 'c'.repeat(24), weekStart,
  updatedAt,
  days: [{ _id: 'd1', weekday: 1, abbreviation: 'Mon', times: times.map((time) => ({ _id: `t${time}`, time })) }],
});

let local: LocalCollection;
let device: DeviceJournal;
let journal: WeekEditJournal;
let availability: AvailabilityData;
beforeEach(async () => {
  local = await openLocalCollection();
  device = await openDeviceJournal(local.name);
  journal = device.weeks;
  availability = createAvailabilityData(local.collection, journal);
});
afterEach(async () => {
  device.close();
  await deleteDeviceJournal(local.name);
  await local.remove();
});

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

  it('keeps an edit in the journal over the pulled copy, from the pulled copy as base, and counts it waiting', async () => {
    await local.collection.insert(toLocalDoc(week(null, [64800])));
    const edited = week(null, [64800, 68400], '2026-11-22T10:00:00.000Z');
    await availability.saveWeek(edited);
    expect(await availability.weeks()).toEqual([edited]);
    expect(await answerOf(availability.watchWeeks())).toEqual([edited]);
    expect(await journal.base('availability:default')).toEqual(week(null, [64800]));
    expect(await answerOf(availability.waiting$)).toBe(1);
    // The replicated collection is the server's copy alone: nothing pushes from it.
    expect((await local.collection.findOne('availability:default').exec())?.toJSON().updatedAt).toBe('2026-11-21T10:00:00.000Z');

    // Sent: still shown, no longer waiting, until the pull brings the server's copy.
    await journal.update('availability:default', (now) => ({ week: { ...now!, sent: true } }));
    expect(await answerOf(availability.waiting$)).toBe(0);
    await local.collection.upsert(toLocalDoc(week(null, [64800], '2026-11-21T11:00:00.000Z')));
    expect(await availability.weeks()).toEqual([edited]);
    await local.collection.upsert(toLocalDoc(edited));
    expect(await availability.weeks()).toEqual([edited]);
  });

  it("shows only availability weeks and refusals of the journal, and a device that edits no availability cannot save", async () => {
    await journal.record({ _id: 'schedule:default', type: 'schedule-week', updatedAt: '2026-11-21T10:00:00.000Z' }, () => undefined);
    await journal.refuse('schedule:default', () => true, new Date());
    await availability.saveWeek(week(null, [36000]));
    await journal.refuse('availability:default', () => true, new Date());
    expect(await availability.weeks()).toEqual([]);
    expect((await answerOf(availability.refusals$)).map((r) => r.id)).toEqual(['availability:default']);

    const readOnly = createAvailabilityData(local.collection, null);
    await expect(readOnly.saveWeek(week(null, [36000]))).rejects.toThrow('does not edit documents');
  });
});
