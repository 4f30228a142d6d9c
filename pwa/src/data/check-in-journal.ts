/**
 * A front desk's check-ins in the device journal (`outbox/device-journal.ts`; design/sync.md
 * "Check-ins on the device").
 *
 * A tap must be durable before 'Checked In.' shows, and it must be quick on a cheap tablet holding
 * a busy gym's passes. An insert into the replicated RxDB collection is neither as quick as it
 * could be nor predictable: RxDB brings every open query of the page up to date inside the write
 * (bench/RESULTS.md, issue 3). So a check-in is one IndexedDB `put` into the journal, in the shape
 * the server takes (built once by the front desk, `newCheckIn`), and stays there until the pull
 * brings the server's outcome of it: the sender posts it from here as it is, and pages show the
 * journal's check-ins with the collection's. The collection receives a check-in only from the pull.
 */
import type { Dexie, Table } from 'dexie';
import { map, type Observable } from 'rxjs';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import type { JournalEntry } from './outbox/device-journal.ts';
import { toldEntries } from './outbox/told-entries.ts';

export interface CheckInJournal {
  /** Resolves once the check-in is durable on the device. */
  append(doc: CheckInDoc): Promise<void>;
  /** Every check-in in the journal, live: this tab's at once, other tabs' and a reload's through IndexedDB. */
  docs$: Observable<CheckInDoc[]>;
  /** Forgets check-ins the server has decided (their outcome is on the device). */
  forget(ids: readonly string[]): Promise<void>;
  /** Ends this view's live query (the device journal closes the database). */
  close(): void;
}

const TYPE = 'check-in';

export function checkInJournal(db: Dexie): CheckInJournal {
  // Named after the journal's database: only the tabs of this account's device journal hear it.
  const entries: Table<JournalEntry<CheckInDoc>, string> = db.table('checkIns');
  const known = toldEntries(`${db.name}-check-ins`, () => entries.toArray());
  return {
    async append(doc) {
      const entry = { id: doc._id, type: TYPE, doc };
      await entries.put(entry);
      known.committed(entry);
    },
    docs$: known.all$.pipe(map((all) => all.map((entry) => entry.doc))),
    async forget(ids) {
      if (ids.length === 0) return;
      await entries.bulkDelete([...ids]);
      known.forgotten(ids);
    },
    close: () => known.close(),
  };
}
