/**
 * A coach's availability weeks on the device, and saving an edited week (local first: instant and
 * offline; the replication pushes it and the conflict handler settles a clash with the server).
 */
import type { RxCollection } from 'rxdb';
import type { Observable } from 'rxjs';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { findDocs, watchDocs } from './local-queries.ts';
import type { CouchShape, LocalDoc } from './tenant-docs.ts';

export interface AvailabilityData {
  /** The coach's weeks (default and dated), live. */
  watchWeeks(): Observable<AvailabilityWeekDoc[]>;
  /** The server's slot claims (requests waiting, paid sessions), live: they decide a dated hour's state. */
  watchClaims(): Observable<SlotClaimDoc[]>;
  /** The weeks as the device holds them now: what an edit is computed from. */
  weeks(): Promise<AvailabilityWeekDoc[]>;
  /** The slot claims as the device holds them now: an edit may not remove an hour one holds. */
  claims(): Promise<SlotClaimDoc[]>;
  /** Stores an edited week; resolves once it is durable on the device (it then waits to sync). */
  saveWeek(week: AvailabilityWeekDoc): Promise<void>;
}

export function createAvailabilityData(collection: RxCollection<LocalDoc>, write: (doc: CouchShape) => Promise<void>): AvailabilityData {
  return {
    watchWeeks: () => watchDocs<AvailabilityWeekDoc>(collection, 'availability-week'),
    watchClaims: () => watchDocs<SlotClaimDoc>(collection, 'slot-claim'),
    weeks: () => findDocs<AvailabilityWeekDoc>(collection, 'availability-week'),
    claims: () => findDocs<SlotClaimDoc>(collection, 'slot-claim'),
    saveWeek: (week) => write(week),
  };
}
