/**
 * How a front desk's check-ins get from the tap to the server (design/sync.md "Check-ins on the
 * device" and "A front desk pulls, and sends only check-ins"; design/decisions.md 19–20, 178): a tap
 * is one put into the device journal and answered; the tab elected leader posts every journalled
 * check-in without an outcome document, as the journal holds it, and forgets it once the pull has
 * brought its outcome. Until then it counts as waiting to sync, and pages list it with the
 * collection's check-ins. The collection receives check-ins only from the pull.
 */
import type { RxCollection } from 'rxdb';
import { combineLatest, distinctUntilChanged, map, shareReplay, type Observable, type Subscription } from 'rxjs';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { CheckInJournal } from './check-in-journal.ts';
import { createCheckInSender, type CheckInSender } from './check-in-sender.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface CheckInDeliveryOptions {
  kind: TenantKind;
  journal: CheckInJournal;
  collection: RxCollection<LocalDoc>;
  /** The store's throttled logger: one message per key and interval. */
  log: (key: string, message: string) => void;
}

interface CheckInSending {
  /** The gateway's `_bulk_docs` of the gym's database. */
  url: string;
  /** The store's sync fetch (token, refresh, reachability). */
  fetch: typeof fetch;
  /** Pause after a failed delivery. */
  retryMs: number;
  /** Resolves once this tab is the one elected to replicate. */
  leadership: Promise<unknown>;
}

export interface CheckInDelivery {
  /** Durable on the device when it resolves (in the journal). */
  record(doc: CheckInDoc): Promise<void>;
  /** The journal's check-ins (every tab's), each until its outcome is on the device: lists show them with the collection's. */
  journalled$: Observable<CheckInDoc[]>;
  /** The journal's check-ins without an outcome document yet. */
  waiting$: Observable<number>;
  /** Starts delivering the journal's undecided check-ins once this tab leads (gym devices). */
  send(sending: CheckInSending): void;
  /** The server is reachable again: deliver now instead of after the retry pause. */
  wake(): void;
  stop(): void;
}

/** The journal's check-ins split by whether the collection holds their outcome. */
function byOutcome(journalled: CheckInDoc[], outcomes: LocalDoc[]) {
  if (journalled.length === 0) return { decided: [], undecided: journalled };
  const decidedIds = new Set(outcomes.map((o) => o.checkInId));
  const decided: string[] = [];
  const undecided: CheckInDoc[] = [];
  for (const doc of journalled) {
    if (decidedIds.has(doc._id)) decided.push(doc._id);
    else undecided.push(doc);
  }
  return { decided, undecided };
}

export function openCheckInDelivery({ kind, journal, collection, log }: CheckInDeliveryOptions): CheckInDelivery {
  const outcomes$ = collection.find({ selector: { type: 'check-in-outcome' } }).$ as unknown as Observable<LocalDoc[]>;
  const split$ = combineLatest([journal.docs$, outcomes$]).pipe(
    map(([journalled, outcomes]) => byOutcome(journalled, outcomes)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  let sender: CheckInSender | null = null;
  let sending: Subscription | null = null;
  let stopped = false;

  return {
    record: (doc) => journal.append(doc),
    journalled$: journal.docs$,
    waiting$: split$.pipe(
      map(({ undecided }) => undecided.length),
      distinctUntilChanged(),
    ),
    send({ url, fetch, retryMs, leadership }) {
      const delivering = createCheckInSender({
        url,
        fetch,
        batchSize: 100,
        retryMs,
        resendAfterMs: 30_000,
        onError: (error) => {
          if (error instanceof TypeError || (error as Error).name === 'AbortError') return; // unreachable: reported by the fetch
          log('check-ins', `Sync (${kind}): check-ins could not be delivered yet (${String(error)}); retrying.`);
        },
      });
      sender = delivering;
      // Two tabs of one account: only the one elected to replicate delivers check-ins and forgets decided ones.
      void leadership.then(() => {
        if (stopped) return;
        sending = split$.subscribe(({ decided, undecided }) => {
          delivering.undecided(undecided);
          if (decided.length > 0)
            journal.forget(decided).catch((err: unknown) => log('journal', `Check-ins (${kind}): forgetting decided ones failed (${String(err)}).`));
        });
      });
    },
    wake: () => sender?.wake(),
    stop() {
      stopped = true;
      sending?.unsubscribe();
      sender?.stop();
    },
  };
}
