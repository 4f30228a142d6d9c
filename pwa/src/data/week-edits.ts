/**
 * Weeks a device edits against a base (design/sync.md "One device outbox"): a gym's timetable weeks
 * and a coach's availability weeks. The pulled documents with this device's pending edits (the week
 * edit journal, `week-edit-journal.ts`) shown over them, saving an edit (local first: instant and
 * offline), and the leader tab's delivery of pending weeks (the device outbox's sender and its
 * merge-against-base strategy, `outbox/`), each type bringing only its merge.
 *
 * Pending edits live in the journal, not in the replicated collection: replication is pull-only, and
 * a pull must never overwrite an edit still waiting to be sent. A pending week keeps the pulled copy
 * its first pending edit started from (the base). Once the server holds it, the week is kept
 * (`sent`) until the pull brings a copy at least as new, so the page never flickers back to the
 * older week.
 */
import { deepEqual, type RxCollection } from 'rxdb';
import { combineLatest, map, type Observable, type Subscription } from 'rxjs';
import { findDocs, watchDocs } from './local-queries.ts';
import type { PendingWeek, WeekDoc, WeekEditJournal, WeekRefusal, WeekType } from './week-edit-journal.ts';
import { mergeAgainstBase, withoutRev, type MergeDelivery, type MergeGateway, type PendingAgainstBase } from './outbox/merge-against-base.ts';
import type { OutboxType } from './outbox/device-sender.ts';
import { createEntryBackOff } from './outbox/entry-back-off.ts';
import { DEFAULT_MAX_RETRY_MS } from './outbox/outbox-sender.ts';
import { toCouchShape, type LocalDoc } from './tenant-docs.ts';

export interface WeekEdits<T> {
  /** The weeks (default and dated) as the device shows them: pending edits over pulled copies. */
  watchWeeks(): Observable<T[]>;
  /** The weeks as shown now: what an edit is computed from. */
  weeks(): Promise<T[]>;
  /** Stores an edited week; resolves once it is durable on the device (it then waits to sync). */
  saveWeek(week: T): Promise<void>;
  /** Edits not yet held by the server. */
  waiting$: Observable<number>;
  /** Weeks whose edits the server refused (dropped from the device), until dismissed. */
  refusals$: Observable<WeekRefusal[]>;
  dismissRefusal(id: string): Promise<void>;
}

/** The document type of the weeks and the journal their edits wait in (shared by every week type of the account). */
export interface WeekSource {
  collection: RxCollection<LocalDoc>;
  journal: WeekEditJournal;
  /** The weeks' document type (`schedule-week`, `availability-week`). */
  type: WeekType;
}

/**
 * A pulled copy at least as new as what this device sent replaces the pending week; so does a
 * pulled copy that is the pending week itself, sent or not (a post whose answer was lost stored it,
 * and the pull brought it back: sending it again needs a conflict and a read to learn that, which
 * on a flaky network may not both get through for a long time). Only a copy with the server's
 * revision counts: a week an older app version wrote into the collection itself has none.
 */
const caughtUp = <T extends WeekDoc>(pulled: T | undefined, entry: Pick<PendingWeek<T>, 'doc' | 'sent'>) =>
  pulled !== undefined &&
  ((entry.sent && pulled.updatedAt >= entry.doc.updatedAt) ||
    (pulled._rev !== undefined && deepEqual(withoutRev(pulled), withoutRev(entry.doc))));

function overlay<T extends WeekDoc>(pulled: T[], entries: PendingWeek[], type: string): T[] {
  const byId = new Map(pulled.map((w) => [w._id, w]));
  for (const entry of entries as PendingWeek<T>[])
    if (entry.doc.type === type && !caughtUp(byId.get(entry.id), entry)) byId.set(entry.id, entry.doc);
  return [...byId.values()];
}

const ofType = <T extends WeekDoc>(entries: PendingWeek[], type: string) =>
  entries.filter((e) => e.doc.type === type) as PendingWeek<T>[];

async function pulledWeek<T extends WeekDoc>({ collection, type }: WeekSource, id: string): Promise<T | undefined> {
  // By primary key: no query of the replicated collection's 10,000 documents on a tap.
  const held = (await collection.findOne(id).exec())?.toJSON() as LocalDoc | undefined;
  if (held?.type !== type) return undefined;
  // With the server's revision it was pulled at (`server-revs.ts`): the base a first post is sent from.
  const week = toCouchShape<T>(held);
  return typeof held.serverRev === 'string' ? { ...week, _rev: held.serverRev } : week;
}

export function createWeekEdits<T extends WeekDoc>(source: WeekSource): WeekEdits<T> {
  const { collection, type } = source;
  const journal = source.journal as WeekEditJournal<T>;
  const pending$ = journal.weeks$.pipe(map((entries) => ofType<T>(entries, type)));
  return {
    watchWeeks: () => combineLatest([watchDocs<T>(collection, type), pending$]).pipe(map(([pulled, entries]) => overlay(pulled, entries, type))),
    weeks: async () => overlay(await findDocs<T>(collection, type), await journal.weeks(), type),
    async saveWeek(week) {
      // The merge's base: what the server held when this device's pending edits of the week began.
      // A week still waiting keeps its base, so a run of taps reads nothing from the collection.
      await journal.record(week, async (existing) => {
        if (existing && !existing.sent) return null;
        const pulled = await pulledWeek<T>(source, week._id);
        return existing && !caughtUp(pulled, existing) ? null : pulled;
      });
    },
    waiting$: pending$.pipe(map((entries) => entries.filter((e) => !e.sent).length)),
    refusals$: journal.refusals$.pipe(map((all) => all.filter((r) => r.id.startsWith(idPrefixOf(type))))),
    dismissRefusal: (id) => journal.dismissRefusal(id),
  };
}

/** Ids of a week type start with its name before `-week` (`schedule:…`, `availability:…`). */
const idPrefixOf = (type: string) => `${type.replace(/-week$/, '')}:`;

export interface WeekOutboxOptions<T> {
  gateway: MergeGateway;
  /** Sends one pending week (`deliverAgainstBase` with the type's merge). */
  send(gateway: MergeGateway, pending: PendingAgainstBase<T>): Promise<MergeDelivery<T>>;
  /** A week's first pause after it failed; it doubles with each failure in a row, up to 10 s. */
  retryMs: number;
  /** Names the type in the log ('Schedule', 'Availability'). */
  label: string;
  log(message: string): void;
}

/**
 * The weeks of one type as the leader tab's device sender runs them (`outbox/device-sender.ts`):
 * the merge-against-base strategy over the journal's weeks of the type. Every pending entry is sent
 * in turn, on each change of the pending edits or of the pulled weeks, a week that failed once its
 * own back-off has passed, and on `wake()` (the server is reachable again).
 */
export function weekEditsOutbox<T extends WeekDoc>(source: WeekSource, options: WeekOutboxOptions<T>): OutboxType {
  const { collection, type } = source;
  const journal = source.journal as WeekEditJournal<T>;
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
  return {
    deliver: mergeAgainstBase<T>({
      journal: {
        pending: async () => ofType<T>(await journal.weeks(), type),
        base: (id) => journal.base(id),
        update: (id, change) =>
          journal.update(id, (now) => {
            const next = change(now);
            return next && next !== 'keep' ? { week: { ...next.entry, type }, base: next.base } : next;
          }),
        refuse: (id, isUnchanged, at) => journal.refuse(id, isUnchanged, at),
      },
      send: (pending) => options.send(options.gateway, pending),
      pulled: (id) => pulledWeek<T>(source, id),
      caughtUp,
      onRefused: (id) => options.log(`${options.label}: the server refused ${id}; the edit is dropped.`),
      backOff: createEntryBackOff({ firstMs: options.retryMs, maxMs: DEFAULT_MAX_RETRY_MS }),
      onFailed: (id, error) => options.log(`${options.label}: ${id} could not be delivered yet (${describe(error)}); retrying.`),
    }),
    watch(changed) {
      const subscriptions: Subscription[] = [
        journal.weeks$.subscribe(() => changed()),
        watchDocs<T>(collection, type).subscribe(() => changed()),
      ];
      return { unsubscribe: () => subscriptions.forEach((s) => s.unsubscribe()) };
    },
  };
}
