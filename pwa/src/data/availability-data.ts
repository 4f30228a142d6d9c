/**
 * A coach's availability weeks on the device (design/sync.md "One device outbox"): the pulled
 * `availability-week` documents with this device's pending edits shown over them, saving an edited
 * week (local first: instant and offline, into the device journal), the slot claims that decide a
 * dated hour's state, and the leader tab's delivery of pending weeks (`availability-sender.ts`).
 */
import type { RxCollection } from 'rxdb';
import { of, type Observable } from 'rxjs';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { availabilityNotices } from './availability-notices.ts';
import { deliverAvailabilityWeek } from './availability-sender.ts';
import { findDocs, watchDocs } from './local-queries.ts';
import type { MergeGateway } from './outbox/merge-against-base.ts';
import type { LocalDoc } from './tenant-docs.ts';
import type { WeekEditJournal } from './week-edit-journal.ts';
import { createWeekEdits, weekEditsOutbox, type WeekEdits } from './week-edits.ts';

export interface AvailabilityData extends WeekEdits<AvailabilityWeekDoc> {
  /** The server's slot claims (requests waiting, paid sessions), live: they decide a dated hour's state. */
  watchClaims(): Observable<SlotClaimDoc[]>;
  /** The slot claims as the device holds them now: an edit may not remove an hour one holds. */
  claims(): Promise<SlotClaimDoc[]>;
}

const TYPE = 'availability-week';

/** `journal` is null on a device that edits no availability (a gym's or a member's): it reads, never saves. */
export function createAvailabilityData(collection: RxCollection<LocalDoc>, journal: WeekEditJournal | null): AvailabilityData {
  const claims = {
    watchClaims: () => watchDocs<SlotClaimDoc>(collection, 'slot-claim'),
    claims: () => findDocs<SlotClaimDoc>(collection, 'slot-claim'),
  };
  if (journal) return { ...createWeekEdits<AvailabilityWeekDoc>({ collection, journal, type: TYPE }), ...claims };
  return {
    watchWeeks: () => watchDocs<AvailabilityWeekDoc>(collection, TYPE),
    weeks: () => findDocs<AvailabilityWeekDoc>(collection, TYPE),
    saveWeek: () => Promise.reject(new Error("Only a coach's device edits availability: this device does not edit documents.")),
    waiting$: of(0),
    refusals$: of([]),
    dismissRefusal: async () => {},
    ...claims,
  };
}

export interface AvailabilitySenderOptions {
  gateway: MergeGateway;
  /** A week's first pause after it failed; it doubles with each failure in a row, up to 10 s. */
  retryMs: number;
  log(message: string): void;
}

/** Pending availability weeks as the leader tab's device sender runs them (the merge-against-base strategy). */
export function availabilityOutbox(collection: RxCollection<LocalDoc>, journal: WeekEditJournal, options: AvailabilitySenderOptions) {
  const parts = {
    claimsOf: (weekStart: string) => findDocs<SlotClaimDoc>(collection, 'slot-claim', { weekStart }),
    publish: (notices: Parameters<typeof availabilityNotices.publish>[0]) => availabilityNotices.publish(notices),
  };
  return weekEditsOutbox<AvailabilityWeekDoc>(
    { collection, journal, type: TYPE },
    { ...options, send: (gateway, pending) => deliverAvailabilityWeek(parts, gateway, pending), label: 'Availability' },
  );
}
