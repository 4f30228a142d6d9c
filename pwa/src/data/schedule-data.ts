/**
 * A gym's timetable on its device (design/sync.md "Schedules"): the pulled `schedule-week` documents
 * with this device's pending edits shown over them, saving an edit (local first: instant and
 * offline), and the leader tab's delivery of pending weeks (the device outbox's sender and its
 * merge-against-base strategy, `outbox/`).
 *
 * Pending edits live in the schedule-edit journal (`schedule-edit-journal.ts`), not in the replicated
 * collection: the gym's replication is pull-only, and a pull must never overwrite an edit still
 * waiting to be sent. A pending week keeps the pulled copy its first pending edit started from (the
 * base, for the class-by-class merge). Once the server holds it, the week is kept (`sent`) until the
 * pull brings a copy at least as new, so the page never flickers back to the older week.
 */
import type { RxCollection } from 'rxdb';
import { combineLatest, map, type Observable, type Subscription } from 'rxjs';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { findDocs, watchDocs } from './local-queries.ts';
import type { PendingWeek, ScheduleEditJournal, ScheduleRefusal } from './schedule-edit-journal.ts';
import { mergeAgainstBase } from './outbox/merge-against-base.ts';
import { createOutboxSender, DEFAULT_MAX_RETRY_MS } from './outbox/outbox-sender.ts';
import { deliverScheduleWeek, type ScheduleGateway } from './schedule-sender.ts';
import { toCouchShape, type LocalDoc } from './tenant-docs.ts';

export interface ScheduleData {
  /** The gym's schedule weeks (default and dated) as the device shows them: pending edits over pulled copies. */
  watchWeeks(): Observable<ScheduleWeekDoc[]>;
  /** The weeks as shown now: what an edit is computed from. */
  weeks(): Promise<ScheduleWeekDoc[]>;
  /** Stores an edited week; resolves once it is durable on the device (it then waits to sync). */
  saveWeek(week: ScheduleWeekDoc): Promise<void>;
  /** Edits not yet held by the server. */
  waiting$: Observable<number>;
  /** Weeks whose edits the server refused (dropped from the device), until dismissed. */
  refusals$: Observable<ScheduleRefusal[]>;
  dismissRefusal(id: string): Promise<void>;
}

/** A pulled copy at least as new as what this device sent replaces the pending week. */
const caughtUp = (pulled: ScheduleWeekDoc | undefined, entry: Pick<PendingWeek, 'doc' | 'sent'>) =>
  entry.sent && pulled !== undefined && pulled.updatedAt >= entry.doc.updatedAt;

function overlay(pulled: ScheduleWeekDoc[], entries: PendingWeek[]): ScheduleWeekDoc[] {
  const byId = new Map(pulled.map((w) => [w._id, w]));
  for (const entry of entries) if (!caughtUp(byId.get(entry.id), entry)) byId.set(entry.id, entry.doc);
  return [...byId.values()];
}

async function pulledWeek(collection: RxCollection<LocalDoc>, id: string): Promise<ScheduleWeekDoc | undefined> {
  // By primary key: no query of the replicated collection's 10,000 documents on a tap.
  const held = (await collection.findOne(id).exec())?.toJSON() as LocalDoc | undefined;
  return held?.type === 'schedule-week' ? toCouchShape<ScheduleWeekDoc>(held) : undefined;
}

export function createScheduleData(collection: RxCollection<LocalDoc>, journal: ScheduleEditJournal): ScheduleData {
  return {
    watchWeeks: () =>
      combineLatest([watchDocs<ScheduleWeekDoc>(collection, 'schedule-week'), journal.weeks$]).pipe(
        map(([pulled, entries]) => overlay(pulled, entries)),
      ),
    weeks: async () => overlay(await findDocs<ScheduleWeekDoc>(collection, 'schedule-week'), await journal.weeks()),
    async saveWeek(week) {
      // The merge's base: what the server held when this device's pending edits of the week began.
      // A week still waiting keeps its base, so a run of taps reads nothing from the collection.
      await journal.record(week, async (existing) => {
        if (existing && !existing.sent) return null;
        const pulled = await pulledWeek(collection, week._id);
        return existing && !caughtUp(pulled, existing) ? null : pulled;
      });
    },
    waiting$: journal.weeks$.pipe(map((entries) => entries.filter((e) => !e.sent).length)),
    refusals$: journal.refusals$,
    dismissRefusal: (id) => journal.dismissRefusal(id),
  };
}

export interface ScheduleSenderOptions {
  gateway: ScheduleGateway;
  /** Pause after a first failed delivery; it doubles with each failure in a row, up to 10 s. */
  retryMs: number;
  log(message: string): void;
}

/**
 * The leader tab's delivery: the device outbox's one sender running the merge-against-base strategy
 * over the schedule-edit journal. Every pending entry is sent in turn, on each change of the pending
 * edits or of the pulled weeks, after a failure once the back-off has passed, and on `wake()` (the
 * server is reachable again).
 */
export function sendScheduleEdits(collection: RxCollection<LocalDoc>, journal: ScheduleEditJournal, options: ScheduleSenderOptions) {
  const sender = createOutboxSender({
    deliver: mergeAgainstBase<ScheduleWeekDoc>({
      journal: {
        pending: () => journal.weeks(),
        base: (id) => journal.base(id),
        update: (id, change) =>
          journal.update(id, (now) => {
            const next = change(now);
            return next && next !== 'keep' ? { week: next.entry, base: next.base } : next;
          }),
        refuse: (id, isUnchanged, at) => journal.refuse(id, isUnchanged, at),
      },
      send: (pending) => deliverScheduleWeek(options.gateway, pending),
      pulled: (id) => pulledWeek(collection, id),
      caughtUp,
      onRefused: (id) => options.log(`Schedule: the server refused ${id}; the edit is dropped.`),
    }),
    backOff: { firstMs: options.retryMs, maxMs: DEFAULT_MAX_RETRY_MS },
    onError: (error) => options.log(`Schedule: delivery failed (${error instanceof Error ? error.message : String(error)}); retrying.`),
  });
  const subscriptions: Subscription[] = [
    journal.weeks$.subscribe(() => sender.changed()),
    watchDocs<ScheduleWeekDoc>(collection, 'schedule-week').subscribe(() => sender.changed()),
  ];
  return {
    wake: () => sender.wake(),
    stop() {
      sender.stop();
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}
