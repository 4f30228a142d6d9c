/**
 * A gym's timetable on its device (design/sync.md "Schedules"): the pulled `schedule-week` documents
 * with this device's pending edits shown over them, saving an edit (local first: instant and
 * offline), and the leader tab's delivery of pending weeks through `deliverScheduleWeek`.
 *
 * Pending edits live in their own local collection, not in the replicated one: the gym's replication
 * is pull-only, and a pull must never overwrite an edit still waiting to be sent. An entry holds the
 * pulled copy the first pending edit started from (`base`, for the class-by-class merge) and the week
 * as edited. Once the server holds it, the entry is kept (`sent`) until the pull brings a copy at
 * least as new, so the page never flickers back to the older week.
 */
import { deepEqual, type RxCollection, type RxJsonSchema } from 'rxdb';
import { combineLatest, map, type Observable, type Subscription } from 'rxjs';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { findDocs, watchDocs } from './local-queries.ts';
import { deliverScheduleWeek, type ScheduleGateway } from './schedule-sender.ts';
import { toCouchShape, type LocalDoc } from './tenant-docs.ts';

export interface ScheduleEditEntry {
  id: string;
  base?: ScheduleWeekDoc;
  doc: ScheduleWeekDoc;
  /** The server holds `doc`: shown until the pull brings it back. */
  sent: boolean;
}

export const SCHEDULE_EDITS_SCHEMA: RxJsonSchema<ScheduleEditEntry> = {
  title: 'schedule weeks waiting for the server',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    base: { type: 'object' },
    doc: { type: 'object' },
    sent: { type: 'boolean' },
  },
  required: ['id', 'doc', 'sent'],
};

export interface ScheduleData {
  /** The gym's schedule weeks (default and dated) as the device shows them: pending edits over pulled copies. */
  watchWeeks(): Observable<ScheduleWeekDoc[]>;
  /** The weeks as shown now: what an edit is computed from. */
  weeks(): Promise<ScheduleWeekDoc[]>;
  /** Stores an edited week; resolves once it is durable on the device (it then waits to sync). */
  saveWeek(week: ScheduleWeekDoc): Promise<void>;
  /** Edits not yet held by the server. */
  waiting$: Observable<number>;
}

type Edits = RxCollection<ScheduleEditEntry>;

/** A pulled copy at least as new as what this device sent replaces the entry. */
const caughtUp = (pulled: ScheduleWeekDoc | undefined, entry: ScheduleEditEntry) =>
  entry.sent && pulled !== undefined && pulled.updatedAt >= entry.doc.updatedAt;

function overlay(pulled: ScheduleWeekDoc[], entries: ScheduleEditEntry[]): ScheduleWeekDoc[] {
  const byId = new Map(pulled.map((w) => [w._id, w]));
  for (const entry of entries) if (!caughtUp(byId.get(entry.id), entry)) byId.set(entry.id, entry.doc);
  return [...byId.values()];
}

export function createScheduleData(collection: RxCollection<LocalDoc>, edits: Edits): ScheduleData {
  const entries$ = edits.find().$.pipe(map((found) => found.map((e) => e.toJSON() as ScheduleEditEntry)));
  const allEntries = async () => (await edits.find().exec()).map((e) => e.toJSON() as ScheduleEditEntry);
  return {
    watchWeeks: () =>
      combineLatest([watchDocs<ScheduleWeekDoc>(collection, 'schedule-week'), entries$]).pipe(
        map(([pulled, entries]) => overlay(pulled, entries)),
      ),
    weeks: async () => overlay(await findDocs<ScheduleWeekDoc>(collection, 'schedule-week'), await allEntries()),
    async saveWeek(week) {
      // Both by primary key (no query of the replicated collection's 10,000 documents on a tap).
      const [found, held] = await Promise.all([edits.findOne(week._id).exec(), collection.findOne(week._id).exec()]);
      const existing = found?.toJSON() as ScheduleEditEntry | undefined;
      const heldDoc = held?.toJSON() as LocalDoc | undefined;
      const pulled = heldDoc?.type === 'schedule-week' ? toCouchShape<ScheduleWeekDoc>(heldDoc) : undefined;
      // The merge's base: what the server held when this device's pending edits began.
      const base = existing && !caughtUp(pulled, existing) ? existing.base : pulled;
      const entry: ScheduleEditEntry = { id: week._id, ...(base ? { base } : {}), doc: week, sent: false };
      // One write: RxDB's upsert of an existing entry first tries an insert (a second write of ~2 × 36 kB).
      if (found) {
        await found.incrementalModify((data) => {
          const { base: _old, ...rest } = data;
          // Also over an entry the sender removed meanwhile, as RxDB's upsert does.
          return { ...rest, ...entry, _deleted: false };
        });
        return;
      }
      try {
        await edits.insert(entry);
      } catch {
        await edits.upsert(entry); // another tab's entry, or one removed (a tombstone) since the read
      }
    },
    waiting$: entries$.pipe(map((entries) => entries.filter((e) => !e.sent).length)),
  };
}

export interface ScheduleSenderOptions {
  gateway: ScheduleGateway;
  retryMs: number;
  log(message: string): void;
}

/**
 * The leader tab's delivery: every pending entry is sent in turn, on each change of the pending edits,
 * after a failure once `retryMs` has passed, and on `wake()` (the server is reachable again).
 */
export function sendScheduleEdits(collection: RxCollection<LocalDoc>, edits: Edits, options: ScheduleSenderOptions) {
  let running = false;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  // The last delivery failed: changes wait for the retry (or a wake), so an offline tap does not
  // also try the network (as the check-in sender).
  let pausing = false;
  const run = async () => {
    if (stopped) return;
    pausing = false;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      for (const found of await edits.find().exec()) {
        const entry = found.toJSON() as ScheduleEditEntry;
        const pulled = (await findDocs<ScheduleWeekDoc>(collection, 'schedule-week', { id: entry.id }))[0];
        if (caughtUp(pulled, entry)) {
          await found.incrementalRemove();
          continue;
        }
        if (entry.sent) continue;
        const result = await deliverScheduleWeek(options.gateway, {
          id: entry.id,
          base: entry.base ?? null,
          doc: entry.doc,
        });
        const now = (await edits.findOne(entry.id).exec())?.toJSON() as ScheduleEditEntry | undefined;
        const unchanged = now !== undefined && deepEqual(now.doc, entry.doc);
        if (result.outcome === 'refused') {
          options.log(`Schedule: the server refused ${entry.id}; the edit is dropped.`);
          if (unchanged) await edits.findOne(entry.id).remove();
          continue;
        }
        const { _rev, ...held } = result.doc;
        // An edit made while sending is sent next, merged from what the server now holds.
        await edits.upsert(
          unchanged ? { id: entry.id, base: held, doc: held, sent: true } : { ...now!, base: held, sent: false },
        );
      }
    } catch (error) {
      options.log(`Schedule: delivery failed (${error instanceof Error ? error.message : String(error)}); retrying.`);
      if (!stopped) {
        pausing = true;
        timer = setTimeout(() => void run(), options.retryMs);
      }
    } finally {
      running = false;
      if (again && !stopped && !pausing) {
        again = false;
        void run();
      }
    }
  };

  const changed = () => {
    if (!pausing) void run();
  };
  const subscriptions: Subscription[] = [
    edits.find().$.subscribe(changed),
    watchDocs<ScheduleWeekDoc>(collection, 'schedule-week').subscribe(changed),
  ];
  return {
    wake() {
      if (timer) clearTimeout(timer);
      timer = null;
      void run();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}
