/**
 * The two journals of app versions before the device journal (decision 177): check-ins in
 * `{tenant db}-check-in-journal` (RxDB's document shape, `id` for `_id`) and pending weeks in
 * `{tenant db}-schedule-edits` (`weeks`, `bases`, `refusals`). A device updated with writes waiting
 * in either must not lose them: on opening, what they hold moves into the device journal in one
 * transaction, and the old database is deleted. An entry the device journal already holds is newer
 * and stays (a crash between the move and the delete moves the rest again on the next open).
 */
import { Dexie, type Table } from 'dexie';
import { CHECK_IN_FIELDS } from '@mastr/rules/documents.ts';

const OLD_CHECK_INS = (tenantDatabaseName: string) => `${tenantDatabaseName}-check-in-journal`;
const OLD_WEEKS = (tenantDatabaseName: string) => `${tenantDatabaseName}-schedule-edits`;
const OLD_CHECK_IN_STORES = { entries: 'id' };
const OLD_WEEK_STORES = { weeks: 'id', bases: 'id', refusals: 'id' };

/** An old journal's database with its schema exactly as it was. */
function oldDb(name: string, stores: Record<string, string>): Dexie {
  const db = new Dexie(name, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  db.version(1).stores(stores);
  return db;
}

/** Opened only when it exists: an open would create it. */
async function readOld(name: string, stores: Record<string, string>): Promise<{ tables: Record<string, unknown[]>; db: Dexie } | null> {
  if (!(await Dexie.exists(name))) return null;
  const db = oldDb(name, stores);
  const tables: Record<string, unknown[]> = {};
  for (const table of Object.keys(stores)) tables[table] = await db.table(table).toArray();
  return { tables, db };
}

/** An old check-in entry (RxDB's shape) as the server takes it: the check-in's fields, `_id` for `id`. */
function asCheckIn(old: Record<string, unknown>): Record<string, unknown> {
  const doc: Record<string, unknown> = { ...old, _id: old.id };
  return Object.fromEntries(CHECK_IN_FIELDS.filter((field) => doc[field] !== undefined).map((field) => [field, doc[field]]));
}

export async function moveOldJournals(journal: Dexie, tenantDatabaseName: string): Promise<void> {
  const checkIns = await readOld(OLD_CHECK_INS(tenantDatabaseName), OLD_CHECK_IN_STORES);
  const weeks = await readOld(OLD_WEEKS(tenantDatabaseName), OLD_WEEK_STORES);
  if (!checkIns && !weeks) return;
  const checkInEntries: Table<{ id: string }, string> = journal.table('checkIns');
  const weekEntries: Table<{ id: string }, string> = journal.table('weeks');
  await journal.transaction('rw', [checkInEntries, weekEntries, journal.table('bases'), journal.table('refusals')], async () => {
    const held = new Set([
      ...((await checkInEntries.toCollection().primaryKeys()) as string[]),
      ...((await weekEntries.toCollection().primaryKeys()) as string[]),
    ]);
    const fresh = <T extends { id: string }>(rows: unknown[] | undefined) => ((rows ?? []) as T[]).filter((row) => !held.has(row.id));
    const movedCheckIns = fresh<Record<string, unknown> & { id: string }>(checkIns?.tables.entries).map((old) => ({
      id: old.id,
      type: 'check-in',
      doc: asCheckIn(old),
    }));
    const movedWeeks = fresh<{ id: string; doc: { type: string } }>(weeks?.tables.weeks).map((week) => ({ ...week, type: week.doc.type }));
    const moved = new Set(movedWeeks.map((week) => week.id));
    await checkInEntries.bulkPut(movedCheckIns);
    await weekEntries.bulkPut(movedWeeks);
    await journal.table('bases').bulkPut(((weeks?.tables.bases ?? []) as { id: string }[]).filter((base) => moved.has(base.id)));
    await journal.table('refusals').bulkPut(weeks?.tables.refusals ?? []);
  });
  for (const old of [checkIns, weeks]) if (old) await old.db.delete();
}

/** Logout: the older journals go too. */
export async function deleteOldJournals(tenantDatabaseName: string): Promise<void> {
  await oldDb(OLD_CHECK_INS(tenantDatabaseName), OLD_CHECK_IN_STORES).delete();
  await oldDb(OLD_WEEKS(tenantDatabaseName), OLD_WEEK_STORES).delete();
}
