/**
 * How a front desk's check-ins get from the tap to the server (design/sync.md "Check-ins on the
 * device" and "A front desk pulls, and sends only check-ins"; design/decisions.md 19–20, 178): a tap
 * is one put into the device journal and answered; the device sender of the tab elected leader
 * posts every journalled check-in the server has not decided, as the journal holds it, and
 * forgets it once the pull has brought its decision (its pass listing it as counted, or its outcome
 * document; rules/check-in-decisions.ts). Until then it counts as waiting to sync, and pages list it with the
 * collection's check-ins. The collection receives check-ins only from the pull.
 */
import type { RxCollection } from 'rxdb';
import { combineLatest, debounceTime, distinctUntilChanged, filter, map, shareReplay, type Observable } from 'rxjs';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { CheckInJournal } from './check-in-journal.ts';
import { checkInOutbox } from './check-in-sender.ts';
import type { OutboxType } from './outbox/device-sender.ts';
import { createEntryBackOff } from './outbox/entry-back-off.ts';
import { DEFAULT_MAX_RETRY_MS } from './outbox/outbox-sender.ts';
import { watchHeldDecisions } from './held-decisions.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface CheckInDeliveryOptions {
  kind: TenantKind;
  journal: CheckInJournal;
  collection: RxCollection<LocalDoc>;
  /** The store's throttled logger: one message per key and interval. */
  log: (key: string, message: string) => void;
  /** How long the outcomes must stop arriving before decided check-ins leave the journal. */
  forgetWhenQuietMs?: number;
}

interface CheckInSending {
  /** The gateway's `_bulk_docs` of the gym's database. */
  url: string;
  /** The store's sync fetch (token, refresh, reachability). */
  fetch: typeof fetch;
  /** A batch's first pause after the server refused it; it doubles with each refusal in a row, up to 10 s. */
  retryMs: number;
}

export interface CheckInDelivery {
  /** Durable on the device when it resolves (in the journal). */
  record(doc: CheckInDoc): Promise<void>;
  /** The journal's check-ins (every tab's), each until its outcome is on the device: lists show them with the collection's. */
  journalled$: Observable<CheckInDoc[]>;
  /** The journal's check-ins the server has not decided yet (as far as the device knows). */
  waiting$: Observable<number>;
  /**
   * The check-ins as the device sender runs them (the leader tab, gym devices): the journal's
   * undecided ones are sent; decided ones are forgotten.
   */
  outbox(sending: CheckInSending): OutboxType;
}

/** The journal's check-ins split by whether the collection holds their decision. */
function byDecision(journalled: CheckInDoc[], decidedIds: ReadonlySet<string>) {
  if (journalled.length === 0) return { decided: [], undecided: journalled };
  const decided: string[] = [];
  const undecided: CheckInDoc[] = [];
  for (const doc of journalled) {
    if (decidedIds.has(doc._id)) decided.push(doc._id);
    else undecided.push(doc);
  }
  return { decided, undecided };
}

export function openCheckInDelivery({ kind, journal, collection, log, forgetWhenQuietMs = 1_000 }: CheckInDeliveryOptions): CheckInDelivery {
  const journalled$ = journal.docs$.pipe(shareReplay({ bufferSize: 1, refCount: true }));
  const split$ = combineLatest([journalled$, watchHeldDecisions(collection, journalled$)]).pipe(
    map(([journalled, decided]) => byDecision(journalled, decided)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return {
    record: (doc) => journal.append(doc),
    journalled$: journal.docs$,
    waiting$: split$.pipe(
      map(({ undecided }) => undecided.length),
      distinctUntilChanged(),
    ),
    outbox({ url, fetch, retryMs }) {
      const checkIns = checkInOutbox({
        url,
        fetch,
        batchSize: 100,
        resendAfterMs: 30_000,
        backOff: createEntryBackOff({ firstMs: retryMs, maxMs: DEFAULT_MAX_RETRY_MS }),
        onFailed: (error) => log('check-ins', `Sync (${kind}): check-ins could not be delivered yet (${String(error)}); retrying.`),
      });
      return {
        deliver: checkIns.deliver,
        watch: (changed) => {
          const sending = split$.subscribe(({ undecided }) => {
            if (checkIns.undecided(undecided)) changed();
          });
          // Decided check-ins are forgotten once the pull has been quiet for a moment, in one write:
          // on a reconnect the outcomes arrive in batches, and a journal write after each would compete
          // with storing the next batch for the device's IndexedDB (issue 27). Until then pages list
          // them once (by id) and nothing sends them.
          const forgetting = split$
            .pipe(
              map(({ decided }) => decided),
              filter((decided) => decided.length > 0),
              debounceTime(forgetWhenQuietMs),
            )
            .subscribe((decided) =>
              journal.forget(decided).catch((err: unknown) => log('journal', `Check-ins (${kind}): forgetting decided ones failed (${String(err)}).`)),
            );
          return { unsubscribe: () => (sending.unsubscribe(), forgetting.unsubscribe()) };
        },
      };
    },
  };
}
