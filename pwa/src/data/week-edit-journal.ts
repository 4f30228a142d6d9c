/**
 * The device's pending weeks (design/sync.md "One device outbox"): a gym's timetable weeks or a
 * coach's availability weeks, whichever documents the account edits against a base. A small
 * IndexedDB database of its own, beside the tenant's RxDB database, as the front desk's check-in
 * journal is (decisions.md 19, 41 and 161). Entries are keyed by document id, so one journal holds
 * any merge-against-base week type.
 *
 * An edit must show on the page within a frame on a cheap tablet. Through an RxDB collection a tap
 * cost an RxDB write of the whole entry (the week as edited plus the merge base) with its event
 * bookkeeping: p95 17–43 ms next to a raw IndexedDB put's 3–5 ms (bench/RESULTS.md, issue 10). Here a
 * tap is one IndexedDB put of the edited week, and the merge base — the pulled copy the first pending
 * edit of that week started from — lives in a table of its own, written (in the same transaction)
 * only when a week starts to wait, so later taps never rewrite it.
 *
 * Every tab of the account opens the same database; Dexie's `liveQuery` tells each tab of the
 * others' writes (and of the leader tab's sender). A tab's own writes are shown as soon as they
 * commit, without waiting for the live query to read the table again, and the pending weeks an edit
 * is computed from are that same in-memory copy: a tap reads nothing back from IndexedDB. (A live
 * query result never predates a write signalled before it: Dexie re-runs a query a commit overlaps.)
 */
import { Dexie, liveQuery, type Table } from 'dexie';
import { BehaviorSubject, filter, firstValueFrom, map, Observable, shareReplay } from 'rxjs';

/** A week as the journal holds it: a CouchDB document with a string id. */
export interface WeekDoc {
  _id: string;
  _rev?: string;
  type: string;
  updatedAt: string;
}

/** A week waiting for the server, as the page shows it. */
export interface PendingWeek<T extends WeekDoc = WeekDoc> {
  id: string;
  doc: T;
  /** The server holds `doc`: shown until the pull brings it back. */
  sent: boolean;
}

/** A pending week the server refused and the device dropped: the page says so until dismissed. */
export interface WeekRefusal {
  /** The week's id (`schedule:default`, `schedule:week:{Monday}`, `availability:…`). */
  id: string;
  at: string;
}

interface StoredBase<T> {
  id: string;
  base: T;
}

export interface WeekEditJournal<T extends WeekDoc = WeekDoc> {
  /** Every pending week, live (this tab's writes and other tabs'). */
  weeks$: Observable<PendingWeek<T>[]>;
  weeks(): Promise<PendingWeek<T>[]>;
  /** The server copy a pending week's edits started from (absent when the device created the week). */
  base(id: string): Promise<T | undefined>;
  /**
   * Records an edited week: one put, or one transaction with its base. `startsFrom(existing)` answers
   * the base to store when a new run of pending edits starts (`null`: keep the stored base, the run
   * goes on).
   */
  record(
    doc: T,
    startsFrom: (existing: PendingWeek<T> | undefined) => Promise<T | undefined | null> | T | undefined | null,
  ): Promise<void>;
  /**
   * Changes a week in one transaction from what the journal holds now: `change` answers the week and
   * base to keep (`base: undefined` keeps the stored one), or null to forget the week.
   */
  update(
    id: string,
    change: (now: PendingWeek<T> | undefined) => { week: PendingWeek<T>; base?: T } | null | 'keep',
  ): Promise<void>;
  /** Refused weeks not yet dismissed, live. */
  refusals$: Observable<WeekRefusal[]>;
  /** Drops a week the server refused (unless edited meanwhile) and keeps a refusal to show. */
  refuse(id: string, isUnchanged: (now: PendingWeek<T> | undefined) => boolean, at: Date): Promise<void>;
  dismissRefusal(id: string): Promise<void>;
  close(): void;
}

/** Named when it held a gym's timetable weeks only: kept, so edits waiting on a device survive an update. */
const journalDatabaseName = (tenantDatabaseName: string) => `${tenantDatabaseName}-schedule-edits`;

function journalDb(tenantDatabaseName: string): Dexie {
  const db = new Dexie(journalDatabaseName(tenantDatabaseName), { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  db.version(1).stores({ weeks: 'id', bases: 'id', refusals: 'id' });
  return db;
}

export async function openWeekEditJournal<T extends WeekDoc>(tenantDatabaseName: string): Promise<WeekEditJournal<T>> {
  const db = journalDb(tenantDatabaseName);
  await db.open();
  const weeks: Table<PendingWeek<T>, string> = db.table('weeks');
  const bases: Table<StoredBase<T>, string> = db.table('bases');
  const refusals: Table<WeekRefusal, string> = db.table('refusals');

  // The pending weeks as this tab knows them: null until the first read answers.
  const known = new BehaviorSubject<ReadonlyMap<string, PendingWeek<T>> | null>(null);
  const fromTable = liveQuery(() => weeks.toArray()).subscribe({
    next: (all) => known.next(new Map(all.map((w) => [w.id, w]))),
    error: (err: unknown) => known.error(err),
  });
  /** This tab's own committed write, shown at once (the live query confirms it a moment later). */
  const committed = (id: string, week: PendingWeek<T> | null) => {
    const next = new Map(known.value ?? []);
    if (week) next.set(id, week);
    else next.delete(id);
    known.next(next);
  };
  const current = () => firstValueFrom(known.pipe(filter((m) => m !== null)));
  const weeks$ = known.pipe(
    filter((m) => m !== null),
    map((m) => [...m.values()]),
  );

  return {
    weeks$,
    weeks: async () => [...(await current()).values()],
    base: async (id) => (await bases.get(id))?.base,
    async record(doc, startsFrom) {
      const week: PendingWeek<T> = { id: doc._id, doc, sent: false };
      // From this tab's copy: another tab's write a moment ago could only make the base the pulled
      // copy it also started from, or the server's copy the sender stored: both right.
      const base = await startsFrom((await current()).get(doc._id));
      if (base === null) await weeks.put(week);
      else
        await db.transaction('rw', weeks, bases, () =>
          Promise.all([weeks.put(week), base ? bases.put({ id: doc._id, base }) : bases.delete(doc._id)]),
        );
      committed(doc._id, week);
    },
    async update(id, change) {
      let outcome: PendingWeek<T> | null | 'keep' = 'keep';
      await db.transaction('rw', weeks, bases, async () => {
        const next = change(await weeks.get(id));
        if (next === 'keep') return;
        outcome = next?.week ?? null;
        if (next === null) return Promise.all([weeks.delete(id), bases.delete(id)]);
        return Promise.all([weeks.put(next.week), next.base ? bases.put({ id, base: next.base }) : undefined]);
      });
      if (outcome !== 'keep') committed(id, outcome);
    },
    refusals$: live(() => refusals.toArray()),
    async refuse(id, isUnchanged, at) {
      let dropped = false;
      await db.transaction('rw', weeks, bases, refusals, async () => {
        if (!isUnchanged(await weeks.get(id))) return;
        dropped = true;
        await Promise.all([weeks.delete(id), bases.delete(id), refusals.put({ id, at: at.toISOString() })]);
      });
      if (dropped) committed(id, null);
    },
    dismissRefusal: (id) => refusals.delete(id),
    close() {
      fromTable.unsubscribe();
      known.complete();
      db.close();
    },
  };
}

const live = <T>(query: () => Promise<T>) =>
  new Observable<T>((subscriber) => liveQuery(query).subscribe(subscriber)).pipe(shareReplay({ bufferSize: 1, refCount: true }));

/** Removes a tenant's pending weeks from the device (logout), whether or not a store has them open. */
export function deleteWeekEditJournal(tenantDatabaseName: string): Promise<void> {
  return journalDb(tenantDatabaseName).delete();
}
