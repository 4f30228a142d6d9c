/**
 * The device's pending weeks (design/sync.md "One device outbox"): a gym's timetable weeks or a
 * coach's availability weeks, whichever documents the account edits against a base. A view of the
 * device journal (`outbox/device-journal.ts`, decisions.md 161 and 177), which holds the check-ins
 * too; entries are keyed by document id, so one journal holds any merge-against-base week type.
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
import { liveQuery, type Dexie, type Table } from 'dexie';
import { Observable, shareReplay } from 'rxjs';
import { liveEntries } from './outbox/live-entries.ts';

/** The document types of the weeks a device edits. */
export type WeekType = 'schedule-week' | 'availability-week';

/** A week as the journal holds it: a CouchDB document with a string id. */
export interface WeekDoc {
  _id: string;
  _rev?: string;
  type: WeekType;
  updatedAt: string;
}

/** A week waiting for the server, as the page shows it. */
export interface PendingWeek<T extends WeekDoc = WeekDoc> {
  id: string;
  /** The week's document type: the journal holds every type a device writes. */
  type: string;
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
  /** Ends this view's live query (the device journal closes the database). */
  close(): void;
}

/** The device journal's weeks (`outbox/device-journal.ts`): one Dexie database holds every type. */
export function weekEditJournal<T extends WeekDoc>(db: Dexie): WeekEditJournal<T> {
  const entries: Table<PendingWeek<T>, string> = db.table('weeks');
  const bases: Table<StoredBase<T>, string> = db.table('bases');
  const refusals: Table<WeekRefusal, string> = db.table('refusals');
  const known = liveEntries(() => entries.toArray());

  return {
    weeks$: known.all$,
    weeks: async () => [...(await known.current()).values()],
    base: async (id) => (await bases.get(id))?.base,
    async record(doc, startsFrom) {
      const week: PendingWeek<T> = { id: doc._id, type: doc.type, doc, sent: false };
      // From this tab's copy: another tab's write a moment ago could only make the base the pulled
      // copy it also started from, or the server's copy the sender stored: both right.
      const base = await startsFrom((await known.current()).get(doc._id));
      if (base === null) await entries.put(week);
      else
        await db.transaction('rw', entries, bases, () =>
          Promise.all([entries.put(week), base ? bases.put({ id: doc._id, base }) : bases.delete(doc._id)]),
        );
      known.committed(doc._id, week);
    },
    async update(id, change) {
      let outcome: PendingWeek<T> | null | 'keep' = 'keep';
      await db.transaction('rw', entries, bases, async () => {
        const next = change(await entries.get(id));
        if (next === 'keep') return;
        outcome = next?.week ?? null;
        if (next === null) return Promise.all([entries.delete(id), bases.delete(id)]);
        return Promise.all([entries.put(next.week), next.base ? bases.put({ id, base: next.base }) : undefined]);
      });
      if (outcome !== 'keep') known.committed(id, outcome);
    },
    refusals$: live(() => refusals.toArray()),
    async refuse(id, isUnchanged, at) {
      let dropped = false;
      await db.transaction('rw', entries, bases, refusals, async () => {
        if (!isUnchanged(await entries.get(id))) return;
        dropped = true;
        await Promise.all([entries.delete(id), bases.delete(id), refusals.put({ id, at: at.toISOString() })]);
      });
      if (dropped) known.committed(id, null);
    },
    dismissRefusal: (id) => refusals.delete(id),
    close: () => known.close(),
  };
}

const live = <T>(query: () => Promise<T>) =>
  new Observable<T>((subscriber) => liveQuery(query).subscribe(subscriber)).pipe(shareReplay({ bufferSize: 1, refCount: true }));

