import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckInDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { emptyDefaultSchedule } from '@mastr/rules/schedule.ts';
import { answerOf, answerWhere } from '../test-support/local-collection.ts';
import { deleteDeviceJournal, openDeviceJournal } from './device-journal.ts';

const checkIn = (n: number): CheckInDoc => ({
  _id: `checkin:${'a'.repeat(24)}:${n}`, type: 'check-in', passId: 'a'.repeat(24), passKind: 'day-pass', gymId: 'g'.repeat(24),
  checkedInAt: `2026-11-21T10:0${n}:00.000Z`, method: 'tap', deviceId: 'tablet-1',
});
const week = (updatedAt: string): ScheduleWeekDoc => ({ ...emptyDefaultSchedule('g'.repeat(24), new Date(updatedAt), () => 'day1'), updatedAt });

let opened = 0;
const names: string[] = [];
function freshName() {
  const name = `device-journal-test-${(opened += 1)}`;
  names.push(name);
  return name;
}
afterEach(async () => {
  await Promise.all(names.splice(0).map(deleteDeviceJournal));
});

/** A database of an older version, written with its schema as it was. */
async function writeOld(name: string, stores: Record<string, string>, rows: Record<string, unknown[]>) {
  const db = new Dexie(name);
  db.version(1).stores(stores);
  await db.open();
  for (const [table, values] of Object.entries(rows)) await db.table(table).bulkPut(values);
  db.close();
}

describe('the device journal', () => {
  it('keeps check-ins and weeks side by side across reopening, each type in its own view', async () => {
    const name = freshName();
    const journal = await openDeviceJournal(name);
    await journal.checkIns.append(checkIn(1));
    await journal.weeks.record(week('2026-11-25T10:00:00.000Z'), () => undefined);
    // This tab's writes show at once.
    expect(await answerOf(journal.checkIns.docs$)).toEqual([checkIn(1)]);
    expect((await journal.weeks.weeks()).map((w) => w.id)).toEqual(['schedule:default']);
    journal.close();

    const reopened = await openDeviceJournal(name);
    expect(await answerOf(reopened.checkIns.docs$)).toEqual([checkIn(1)]);
    expect(await reopened.weeks.weeks()).toEqual([
      { id: 'schedule:default', type: 'schedule-week', doc: week('2026-11-25T10:00:00.000Z'), sent: false },
    ]);
    await reopened.checkIns.forget([checkIn(1)._id]);
    expect(await answerOf(reopened.checkIns.docs$)).toEqual([]);
    expect(await reopened.weeks.weeks()).toHaveLength(1);
    reopened.close();
  });

  it("tells another tab's handle of each check-in", async () => {
    const name = freshName();
    const [tabA, tabB] = await Promise.all([openDeviceJournal(name), openDeviceJournal(name)]);
    await tabA.checkIns.append(checkIn(2));
    expect(await answerWhere(tabB.checkIns.docs$, (docs) => docs.length === 1)).toEqual([checkIn(2)]);
    await tabA.checkIns.forget([checkIn(2)._id]);
    expect(await answerWhere(tabB.checkIns.docs$, (docs) => docs.length === 0)).toEqual([]);
    tabA.close();
    tabB.close();
  });

  it('is gone from the device once deleted (logout)', async () => {
    const name = freshName();
    const journal = await openDeviceJournal(name);
    await journal.checkIns.append(checkIn(1));
    await journal.weeks.record(week('2026-11-25T10:00:00.000Z'), () => undefined);
    journal.close();
    await deleteDeviceJournal(name);
    const again = await openDeviceJournal(name);
    expect(await answerOf(again.checkIns.docs$)).toEqual([]);
    expect(await again.weeks.weeks()).toEqual([]);
    again.close();
  });
});

describe('the older journals on the first open after the update', () => {
  it('moves what the check-in journal and the schedule-edit journal held, then deletes them', async () => {
    const name = freshName();
    const base = week('2026-11-20T10:00:00.000Z');
    // The check-in journal held RxDB's shape (`id`, no `_id`), as `toLocalDoc` made it.
    const { _id, ...rest } = checkIn(3);
    await writeOld(`${name}-check-in-journal`, { entries: 'id' }, { entries: [{ ...rest, id: _id }] });
    await writeOld(
      `${name}-schedule-edits`,
      { weeks: 'id', bases: 'id', refusals: 'id' },
      {
        weeks: [{ id: 'schedule:default', doc: week('2026-11-25T10:00:00.000Z'), sent: false }],
        bases: [{ id: 'schedule:default', base }],
        refusals: [{ id: 'schedule:week:2026-11-23', at: '2026-11-21T10:00:00.000Z' }],
      },
    );

    const journal = await openDeviceJournal(name);
    // As the server takes it: the check-in's fields, `_id` included.
    expect(await answerOf(journal.checkIns.docs$)).toEqual([checkIn(3)]);
    expect(await journal.weeks.weeks()).toEqual([
      { id: 'schedule:default', type: 'schedule-week', doc: week('2026-11-25T10:00:00.000Z'), sent: false },
    ]);
    expect(await journal.weeks.base('schedule:default')).toEqual(base);
    expect(await answerOf(journal.weeks.refusals$)).toEqual([{ id: 'schedule:week:2026-11-23', at: '2026-11-21T10:00:00.000Z' }]);
    journal.close();
    expect(await Dexie.exists(`${name}-check-in-journal`)).toBe(false);
    expect(await Dexie.exists(`${name}-schedule-edits`)).toBe(false);
  });

  it('keeps a newer entry the device journal already holds over the old one', async () => {
    const name = freshName();
    const journal = await openDeviceJournal(name);
    await journal.weeks.record(week('2026-11-26T10:00:00.000Z'), () => undefined);
    journal.close();
    await writeOld(`${name}-schedule-edits`, { weeks: 'id', bases: 'id', refusals: 'id' }, {
      weeks: [{ id: 'schedule:default', doc: week('2026-11-25T10:00:00.000Z'), sent: false }],
      bases: [{ id: 'schedule:default', base: week('2026-11-20T10:00:00.000Z') }],
    });

    const reopened = await openDeviceJournal(name);
    expect((await reopened.weeks.weeks()).map((w) => w.doc.updatedAt)).toEqual(['2026-11-26T10:00:00.000Z']);
    expect(await reopened.weeks.base('schedule:default')).toBeUndefined();
    reopened.close();
  });

  it('logout deletes the older journals of a device not opened since the update', async () => {
    const name = freshName();
    await writeOld(`${name}-check-in-journal`, { entries: 'id' }, { entries: [{ id: checkIn(1)._id, type: 'check-in' }] });
    await deleteDeviceJournal(name);
    expect(await Dexie.exists(`${name}-check-in-journal`)).toBe(false);
  });
});
