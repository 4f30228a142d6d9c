/**
 * The front desk's write-ahead journal of check-ins (design/sync.md "Check-ins on the device").
 *
 * A tap must be durable before 'Checked In.' shows, and it must be quick on a cheap tablet holding
 * a busy gym's passes. An insert into the replicated RxDB collection is neither as quick as it
 * could be nor predictable: RxDB brings every open query of the page up to date inside the write
 * (bench/RESULTS.md, issue 3). So a check-in is first appended here, one IndexedDB `put` into a
 * small database of its own, and only then moved into the collection, where the page's lists and
 * the replication pick it up a few milliseconds later. An entry leaves the journal only once the
 * collection holds the check-in, so a tab closed or a device dying in between loses nothing: the
 * next store opened on the device moves it on. Check-ins never change after they are made and
 * always have fresh ids, so moving one twice (two tabs) is harmless.
 */
import { Dexie, type Table } from 'dexie';
import { BehaviorSubject, type Observable } from 'rxjs';
import type { LocalDoc } from './tenant-docs.ts';

export interface CheckInJournal {
  /** Resolves once the check-in is durable on the device. */
  append(doc: LocalDoc): Promise<void>;
  /** Every check-in not yet known to be in the collection, oldest first. */
  entries(): Promise<LocalDoc[]>;
  /** Forgets check-ins the collection now holds. */
  forget(ids: readonly string[]): Promise<void>;
  /**
   * The journal's check-ins as this tab knows them (its own appends, and what it found on opening):
   * recorded, but not in the collection yet. Pages show them with the collection's.
   */
  docs$: Observable<readonly LocalDoc[]>;
  close(): void;
}

/** The journal's IndexedDB database belongs to one tenant database on the device. */
const journalDatabaseName = (tenantDatabaseName: string) => `${tenantDatabaseName}-check-in-journal`;

/** The journal's Dexie database, on the IndexedDB of the moment (not the one Dexie saw at import: tests install theirs later). */
function journalDb(tenantDatabaseName: string): Dexie {
  const db = new Dexie(journalDatabaseName(tenantDatabaseName), { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  // Keyed by the check-in's id and nothing else: one key to write per tap.
  db.version(1).stores({ entries: 'id' });
  return db;
}

export async function openCheckInJournal(tenantDatabaseName: string): Promise<CheckInJournal> {
  const db = journalDb(tenantDatabaseName);
  const table: Table<LocalDoc, string> = db.table('entries');
  await db.open();
  const inOrder = async () => (await table.toArray()).sort(byCheckInTime);
  const known = new BehaviorSubject<readonly LocalDoc[]>(await inOrder());

  return {
    async append(doc) {
      await table.put(doc);
      known.next([...known.value, doc]);
    },
    entries: inOrder,
    async forget(ids) {
      if (ids.length === 0) return;
      await table.bulkDelete([...ids]);
      const gone = new Set(ids);
      known.next(known.value.filter((doc) => !gone.has(doc.id)));
    },
    docs$: known.asObservable(),
    close() {
      known.complete();
      db.close();
    },
  };
}

/** Oldest first (ids are random); the journal holds a few entries at a time, so sorting is cheap. */
const byCheckInTime = (a: LocalDoc, b: LocalDoc) => String(a.checkedInAt ?? '').localeCompare(String(b.checkedInAt ?? ''));

/** Removes a tenant's journal from the device (logout), whether or not a store has it open. */
export function deleteCheckInJournal(tenantDatabaseName: string): Promise<void> {
  return journalDb(tenantDatabaseName).delete();
}

/**
 * Moves the journal's check-ins into the collection: one run at a time, and a call made during a
 * run gets another run after it, so nothing appended meanwhile waits for the next tap. `store`
 * answers the ids it could not store; those stay in the journal for the next run.
 */
export function createJournalDrain(
  journal: CheckInJournal,
  store: (docs: LocalDoc[]) => Promise<string[]>,
  onFailure: (message: string) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    do {
      again = false;
      const docs = await journal.entries();
      if (docs.length === 0) return;
      const failed = new Set(await store(docs));
      if (failed.size > 0) onFailure(`${failed.size} check-in(s) could not be stored yet; they stay in the journal.`);
      await journal.forget(docs.filter((d) => !failed.has(d.id)).map((d) => d.id));
    } while (again);
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((err: unknown) => onFailure(`Moving check-ins from the journal failed: ${String(err)}`))
      .finally(() => (running = null));
    return running;
  };
}
