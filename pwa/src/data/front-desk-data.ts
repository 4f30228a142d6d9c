/**
 * What the front desk reads and records on the gym's device: today's and upcoming passes, today's
 * check-ins (the device journal's included, each until its outcome is here, so a tap shows at once) and
 * outcomes, the signing keys, and recording a check-in (design/sync.md "Check-ins on the device").
 */
import type { RxCollection } from 'rxdb';
import { combineLatest, map, type Observable } from 'rxjs';
import type { PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc, MastrPassDoc, SigningKeysDoc } from '@mastr/rules/documents.ts';
import type { CheckInDelivery } from './check-in-delivery.ts';
import { watchDocs, type Where } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

/** The part of the gym's history the front desk lists: a busy gym's device holds years of it. */
export interface FrontDeskWindow {
  /** Passes for this UK date (YYYY-MM-DD) and later. */
  fromDate: string;
  /** Check-ins and outcomes from this instant on (ISO; the start of today's UK day). */
  since: string;
}

export interface FrontDeskDocs {
  /** Day passes, then Mastr class passes. */
  passes: PassDoc[];
  /** The collection's check-ins and, once each, the device journal's not pulled back yet. */
  checkIns: CheckInDoc[];
  outcomes: CheckInOutcomeDoc[];
  /** The gym's signing keys document (verifies entry QR codes offline), once it has synced. */
  signingKeys: SigningKeysDoc | null;
}

export interface FrontDeskData {
  /** Live; answers once every part has been read from the device. */
  watch(window: FrontDeskWindow): Observable<FrontDeskDocs>;
  /** Durable on the device when it resolves; it waits to sync until the server's outcome arrives. */
  recordCheckIn(doc: CheckInDoc): Promise<void>;
}

/**
 * The front desk's queries. Each is narrowed: RxDB brings every open query up to date inside each
 * write, and these stay open while staff tap.
 */
export function frontDeskSelectors({ fromDate, since }: FrontDeskWindow) {
  return {
    dayPasses: { dayDateStart: { $gte: fromDate } },
    mastrPasses: { dateAndTimeStart: { $gte: fromDate } },
    checkIns: { checkedInAt: { $gte: since } },
    outcomes: { resolvedAt: { $gte: since } },
  } satisfies Record<string, Where>;
}

/** The pulled check-ins and, once each, the journalled ones the pull has not brought back yet (from `since` on, if given). */
export function withJournalled<T extends { _id: string; checkedInAt: string }>(stored: T[], journalled: readonly T[], since = ''): T[] {
  if (journalled.length === 0) return stored;
  const ids = new Set(stored.map((c) => c._id));
  return [...stored, ...journalled.filter((c) => !ids.has(c._id) && c.checkedInAt >= since)];
}

export function createFrontDeskData(collection: RxCollection<LocalDoc>, delivery: Pick<CheckInDelivery, 'record' | 'journalled$'>): FrontDeskData {
  return {
    watch(window) {
      const where = frontDeskSelectors(window);
      return combineLatest([
        watchDocs<DayPassDoc>(collection, 'day-pass', where.dayPasses),
        watchDocs<MastrPassDoc>(collection, 'mastr-pass', where.mastrPasses),
        watchDocs<CheckInDoc>(collection, 'check-in', where.checkIns),
        delivery.journalled$,
        watchDocs<CheckInOutcomeDoc>(collection, 'check-in-outcome', where.outcomes),
        watchDocs<SigningKeysDoc>(collection, 'signing-keys'),
      ]).pipe(
        map(([dayPasses, mastrPasses, checkIns, journalled, outcomes, signingKeys]) => ({
          passes: [...dayPasses, ...mastrPasses],
          checkIns: withJournalled(checkIns, journalled, window.since),
          outcomes,
          signingKeys: signingKeys[0] ?? null,
        })),
      );
    },
    recordCheckIn: (doc) => delivery.record(doc),
  };
}
