import 'fake-indexeddb/auto';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { emptyDefaultSchedule } from '@mastr/rules/schedule.ts';
import { deleteDeviceJournal, openDeviceJournal } from './outbox/device-journal.ts';
import type { PendingWeek, WeekEditJournal } from './week-edit-journal.ts';

/** The device journal's weeks; closing the view closes the journal. */
async function openWeekEditJournal(name: string): Promise<WeekEditJournal> {
  const journal = await openDeviceJournal(name);
  return { ...journal.weeks, close: () => journal.close() };
}

const GYM = 'a'.repeat(24);
const week = (updatedAt: string): ScheduleWeekDoc => ({
  ...emptyDefaultSchedule(GYM, new Date(updatedAt), () => 'day1'),
  updatedAt,
});

let opened = 0;
const names: string[] = [];
function freshName() {
  const name = `schedule-journal-test-${(opened += 1)}`;
  names.push(name);
  return name;
}
afterEach(async () => {
  await Promise.all(names.splice(0).map(deleteDeviceJournal));
});

describe('schedule edit journal', () => {
  it('keeps the base of a run of edits, and starts a new one only when asked', async () => {
    const journal = await openWeekEditJournal(freshName());
    const pulled = week('2026-11-20T10:00:00.000Z');
    const seen: (PendingWeek | undefined)[] = [];
    await journal.record(week('2026-11-25T10:00:00.000Z'), (existing) => (seen.push(existing), pulled));
    await journal.record(week('2026-11-25T10:01:00.000Z'), (existing) => (seen.push(existing), null));
    expect(seen.map((e) => e?.doc.updatedAt)).toEqual([undefined, '2026-11-25T10:00:00.000Z']);
    expect(await journal.weeks()).toEqual([{ id: 'schedule:default', type: 'schedule-week', doc: week('2026-11-25T10:01:00.000Z'), sent: false }]);
    expect(await journal.base('schedule:default')).toEqual(pulled);

    // A week the device created has no base.
    await journal.record(week('2026-11-25T10:02:00.000Z'), () => undefined);
    expect(await journal.base('schedule:default')).toBeUndefined();
    journal.close();
  });

  it('updates and forgets a week in one step from what it holds now', async () => {
    const name = freshName();
    const journal = await openWeekEditJournal(name);
    const held = week('2026-11-25T10:00:00.000Z');
    await journal.record(held, () => week('2026-11-01T10:00:00.000Z'));
    await journal.update('schedule:default', (now) => (now ? { week: { ...now, sent: true }, base: held } : 'keep'));
    journal.close();

    const reopened = await openWeekEditJournal(name);
    expect(await reopened.weeks()).toEqual([{ id: 'schedule:default', type: 'schedule-week', doc: held, sent: true }]);
    expect(await reopened.base('schedule:default')).toEqual(held);
    await reopened.update('schedule:default', () => 'keep');
    expect(await reopened.weeks()).toHaveLength(1);
    await reopened.update('schedule:default', () => null);
    expect(await reopened.weeks()).toEqual([]);
    expect(await reopened.base('schedule:default')).toBeUndefined();
    reopened.close();
  });

  it("tells another tab's handle of each write", async () => {
    const name = freshName();
    const [tabA, tabB] = await Promise.all([openWeekEditJournal(name), openWeekEditJournal(name)]);
    const inB = firstValueFrom(tabB.weeks$.pipe(filter((weeks) => weeks.length === 1)));
    await tabA.record(week('2026-11-25T10:00:00.000Z'), () => undefined);
    expect((await inB)[0]?.doc.updatedAt).toBe('2026-11-25T10:00:00.000Z');
    tabA.close();
    tabB.close();
  });
});
