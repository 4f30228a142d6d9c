import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createJournalDrain, deleteCheckInJournal, openCheckInJournal, type CheckInJournal } from './check-in-journal.ts';
import type { LocalDoc } from './tenant-docs.ts';

const checkIn = (n: number): LocalDoc => ({ id: `checkin:${'a'.repeat(24)}:${n}`, type: 'check-in', checkedInAt: `2026-11-21T10:0${n}:00.000Z` });
const current = (journal: CheckInJournal) => {
  let docs: readonly LocalDoc[] = [];
  journal.docs$.subscribe((d) => (docs = d)).unsubscribe();
  return docs;
};

let opened = 0;
const names: string[] = [];
function freshName() {
  const name = `journal-test-${(opened += 1)}`;
  names.push(name);
  return name;
}
afterEach(async () => {
  await Promise.all(names.splice(0).map(deleteCheckInJournal));
});

describe('check-in journal', () => {
  it('keeps appended check-ins across reopening, oldest first, until they are forgotten', async () => {
    const name = freshName();
    const journal = await openCheckInJournal(name);
    for (const n of [3, 1, 2]) await journal.append(checkIn(n));
    expect(current(journal).map((d) => d.id)).toEqual([3, 1, 2].map((n) => checkIn(n).id));
    journal.close();

    const reopened = await openCheckInJournal(name);
    expect(await reopened.entries()).toEqual([1, 2, 3].map(checkIn));
    expect(current(reopened)).toEqual([1, 2, 3].map(checkIn));
    await reopened.forget([checkIn(1).id]);
    expect(await reopened.entries()).toEqual([2, 3].map(checkIn));
    expect(current(reopened)).toEqual([2, 3].map(checkIn));
    reopened.close();
  });

  it('is gone from the device once deleted (logout)', async () => {
    const name = freshName();
    const journal = await openCheckInJournal(name);
    await journal.append(checkIn(1));
    journal.close();
    await deleteCheckInJournal(name);
    const again = await openCheckInJournal(name);
    expect(await again.entries()).toEqual([]);
    again.close();
  });
});

describe('draining the journal into the collection', () => {
  it('moves every entry, runs once at a time, and runs again for entries appended during a run', async () => {
    const journal = await openCheckInJournal(freshName());
    const batches: string[][] = [];
    let release: () => void = () => {};
    const drain = createJournalDrain(
      journal,
      async (docs) => {
        batches.push(docs.map((d) => d.id));
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return [];
      },
      (message) => {
        throw new Error(message);
      },
    );
    await journal.append(checkIn(1));
    const first = drain();
    await journal.append(checkIn(2));
    const second = drain();
    expect(batches).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(batches).toEqual([[checkIn(1).id], [checkIn(2).id]]);
    expect(await journal.entries()).toEqual([]);
    expect(current(journal)).toEqual([]);
    journal.close();
  });

  it('keeps what could not be stored, says so, and moves it on a later run', async () => {
    const journal = await openCheckInJournal(freshName());
    const failures: string[] = [];
    let refuse = true;
    const stored: string[] = [];
    const drain = createJournalDrain(
      journal,
      async (docs) => {
        const refused = refuse ? [checkIn(2).id] : [];
        stored.push(...docs.map((d) => d.id).filter((id) => !refused.includes(id)));
        return refused;
      },
      (message) => failures.push(message),
    );
    await journal.append(checkIn(1));
    await journal.append(checkIn(2));
    await drain();
    expect((await journal.entries()).map((d) => d.id)).toEqual([checkIn(2).id]);
    expect(failures).toEqual(['1 check-in(s) could not be stored yet; they stay in the journal.']);

    refuse = false;
    await drain();
    expect(stored).toEqual([checkIn(1).id, checkIn(2).id]);
    expect(await journal.entries()).toEqual([]);
    journal.close();
  });

  it('keeps every entry when storing throws', async () => {
    const journal = await openCheckInJournal(freshName());
    const failures: string[] = [];
    const drain = createJournalDrain(journal, () => Promise.reject(new Error('database closed')), (m) => failures.push(m));
    await journal.append(checkIn(1));
    await drain();
    expect(await journal.entries()).toHaveLength(1);
    expect(failures).toEqual(['Moving check-ins from the journal failed: Error: database closed']);
    journal.close();
  });
});
