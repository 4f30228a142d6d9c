/**
 * What the front desk reads and records on the gym's device: today's and upcoming passes (a counted
 * check-in is on its pass), the check-ins recorded here and still in the device journal (each until
 * its decision is here, so a tap shows at once), today's outcome documents (the check-ins that did
 * not count), the signing keys, and recording a check-in (design/sync.md "Check-ins on the device").
 * The device holds no check-in records of the server's: a gym's devices do not pull them (decision 198).
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
  /** Journalled check-ins and outcomes from this instant on (ISO; the start of today's UK day). */
  since: string;
}

export interface FrontDeskDocs {
  /** Day passes, then Mastr class passes. */
  passes: PassDoc[];
  /** This device's check-ins still in its journal (recorded from the window's start on). */
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
    outcomes: { resolvedAt: { $gte: since } },
  } satisfies Record<string, Where>;
}

/** The journal's check-ins recorded from `since` on. */
export function journalledSince<T extends { checkedInAt: string }>(journalled: readonly T[], since: string): T[] {
  return journalled.filter((c) => c.checkedInAt >= since);
}

export function createFrontDeskData(collection: RxCollection<LocalDoc>, delivery: Pick<CheckInDelivery, 'record' | 'journalled$'>): FrontDeskData {
  return {
    watch(window) {
      const where = frontDeskSelectors(window);
      return combineLatest([
        watchDocs<DayPassDoc>(collection, 'day-pass', where.dayPasses),
        watchDocs<MastrPassDoc>(collection, 'mastr-pass', where.mastrPasses),
        delivery.journalled$,
        watchDocs<CheckInOutcomeDoc>(collection, 'check-in-outcome', where.outcomes),
        watchDocs<SigningKeysDoc>(collection, 'signing-keys'),
      ]).pipe(
        map(([dayPasses, mastrPasses, journalled, outcomes, signingKeys]) => ({
          passes: [...dayPasses, ...mastrPasses],
          checkIns: journalledSince(journalled, window.since),
          outcomes,
          signingKeys: signingKeys[0] ?? null,
        })),
      );
    },
    recordCheckIn: (doc) => delivery.record(doc),
  };
}
