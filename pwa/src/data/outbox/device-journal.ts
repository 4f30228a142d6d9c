/**
 * The device journal (design/sync.md "One device outbox", issue 25): every write of this device
 * still waiting for the server, whatever its type, in one small IndexedDB database per tenant
 * database, beside the replicated RxDB one. An entry is `{id, type, doc}`: the document as the
 * server takes it (a check-in's fields, a week as edited), keyed by document id; a week adds `sent`
 * (the server holds it; kept until the pull catches up) and its merge base, in a table of its own
 * written only when a run of edits starts. Refused weeks are kept to show until dismissed.
 *
 * A write is one IndexedDB put: a front desk's tap is durable before 'Checked In.' shows, and it must
 * stay about as quick as a raw put on a cheap tablet. Check-ins and weeks are tables of their own,
 * so a tab's live view of one (Dexie's `liveQuery`, which also tells it of other tabs' writes) is
 * not read again when the other changes. The views are `check-in-entries.ts` and `week-edit-journal.ts`.
 */
import { Dexie } from 'dexie';
import { checkInJournal, type CheckInJournal } from '../check-in-journal.ts';
import { weekEditJournal, type WeekEditJournal } from '../week-edit-journal.ts';
import { deleteOldJournals, moveOldJournals } from './old-journals.ts';

/** One write waiting for the server. */
export interface JournalEntry<D = unknown> {
  id: string;
  /** The document's type: the strategy that sends it. */
  type: string;
  doc: D;
  /** Weeks only: the server holds `doc`, shown until the pull brings it back. */
  sent?: boolean;
}

const journalDatabaseName = (tenantDatabaseName: string) => `${tenantDatabaseName}-outbox`;

/** The journal's Dexie database, on the IndexedDB of the moment (not the one Dexie saw at import: tests install theirs later). */
function deviceJournalDb(tenantDatabaseName: string): Dexie {
  const db = new Dexie(journalDatabaseName(tenantDatabaseName), { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  // A table per kind of entry: a tap's put never touches the weeks' table or its live view, and
  // neither table carries a secondary index to keep up (decision 177).
  db.version(1).stores({ checkIns: 'id', weeks: 'id', bases: 'id', refusals: 'id' });
  return db;
}

export interface DeviceJournal {
  /** A front desk's check-ins, each until the pull brings its outcome. */
  checkIns: CheckInJournal;
  /** Weeks edited against a base (a gym's timetable, a coach's availability). */
  weeks: WeekEditJournal;
  close(): void;
}

/** Opens the journal; on the first open after the update, what the two older journals held moves in. */
export async function openDeviceJournal(tenantDatabaseName: string): Promise<DeviceJournal> {
  const db = deviceJournalDb(tenantDatabaseName);
  await db.open();
  await moveOldJournals(db, tenantDatabaseName);
  const checkIns = checkInJournal(db);
  const weeks = weekEditJournal(db);
  return {
    checkIns,
    weeks,
    close() {
      checkIns.close();
      weeks.close();
      db.close();
    },
  };
}

/**
 * Removes a tenant's journal from the device (logout), whether or not a store has it open, and the
 * older journals of a device updated and logged out before it opened the account again.
 */
export async function deleteDeviceJournal(tenantDatabaseName: string): Promise<void> {
  await deviceJournalDb(tenantDatabaseName).delete();
  await deleteOldJournals(tenantDatabaseName);
}

