/**
 * How a front desk's check-ins get from the tap to the server (design/sync.md "Check-ins on the
 * device" and "A front desk pulls, and sends only check-ins"; design/decisions.md 19–20): a tap is
 * appended to the check-in journal and answered, a drain then moves it into the replicated
 * collection, and (gyms only) the tab elected leader posts every check-in still without an
 * outcome document. Until that outcome arrives a check-in counts as waiting to sync.
 */
import type { RxCollection, RxDocument } from 'rxdb';
import { combineLatest, map, type Observable, type Subscription } from 'rxjs';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { createJournalDrain, openCheckInJournal } from './check-in-journal.ts';
import { createCheckInSender, type CheckInSender } from './check-in-sender.ts';
import { countUndecided, toLocalDoc, undecidedCheckIns, type LocalDoc } from './tenant-docs.ts';

export interface CheckInDeliveryOptions {
  kind: TenantKind;
  /** The tenant database on the device: its journal is named after it. */
  databaseName: string;
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
  /** This device's id (the `deviceId` of the check-ins it records): other devices' check-ins are not sent at once. */
  deviceId: string;
}

export interface CheckInDelivery {
  /** Durable on the device when it resolves (in the journal); moved into the collection right after. */
  record(doc: CheckInDoc): Promise<void>;
  /**
   * Check-ins recorded in this tab that are still on their way from the journal into the collection
   * (milliseconds, normally): lists show them with the collection's, so a tap shows at once.
   */
  journalled$: Observable<readonly LocalDoc[]>;
  /** Check-ins without an outcome document yet, journal entries included, each counted once. */
  waiting$: Observable<number>;
  /** Starts delivering the undecided check-ins to the server once this tab leads (gym devices). */
  send(sending: CheckInSending): void;
  /** The server is reachable again: deliver now instead of after the retry pause. */
  wake(): void;
  /** Stops delivering, moves what the journal still holds into the collection and closes it. */
  stop(): Promise<void>;
}

export async function openCheckInDelivery({ kind, databaseName, collection, log }: CheckInDeliveryOptions): Promise<CheckInDelivery> {
  const journal = await openCheckInJournal(databaseName);
  const drainJournal = createJournalDrain(
    journal,
    async (checkIns) => {
      const { error } = await collection.bulkInsert(checkIns);
      // 409: already in the collection (another tab moved it, or a run before a crash did).
      return error.filter((e) => e.status !== 409).map((e) => e.documentId);
    },
    (message) => log('journal', `Check-ins (${kind}): ${message}`),
  );
  // Check-ins a closed tab or a crash left in the journal.
  void drainJournal();

  // The server's undecided check-ins change with the collection only (not at each tap's journal write).
  const checkIns$ = collection.find({ selector: { type: 'check-in' } }).$;
  const outcomes$ = collection.find({ selector: { type: 'check-in-outcome' } }).$;
  let sender: CheckInSender | null = null;
  let sending: Subscription | null = null;

  return {
    async record(doc) {
      await journal.append(toLocalDoc(doc));
      // Moved on right after the tap has its answer, not before.
      setTimeout(() => void drainJournal(), 0);
    },
    journalled$: journal.docs$,
    waiting$: combineLatest([checkIns$, outcomes$, journal.docs$]).pipe(
      map(([checkIns, outcomes, journalled]) => countUndecided([...checkIns, ...journalled], outcomes)),
    ),
    send({ url, fetch, retryMs, leadership, deviceId }) {
      const delivering = createCheckInSender({
        url,
        fetch,
        deviceId,
        batchSize: 100,
        retryMs,
        resendAfterMs: 30_000,
        onError: (error) => {
          if (error instanceof TypeError || (error as Error).name === 'AbortError') return; // unreachable: reported by the fetch
          log('check-ins', `Sync (${kind}): check-ins could not be delivered yet (${String(error)}); retrying.`);
        },
      });
      sender = delivering;
      // Two tabs of one account: only the one elected to replicate delivers check-ins.
      let undecidedNow: LocalDoc[] = [];
      let leads = false;
      void leadership.then(() => {
        leads = true;
        delivering.undecided(undecidedNow);
      });
      sending = combineLatest([checkIns$, outcomes$]).subscribe(([checkIns, outcomes]) => {
        // Check-ins never change: each is turned into plain data once, not at every change.
        const undecided = undecidedCheckIns(checkIns, outcomes) as unknown as RxDocument<LocalDoc>[];
        const known = new Map(undecidedNow.map((doc) => [doc.id, doc]));
        undecidedNow = undecided.map((doc) => known.get(doc.id) ?? (doc.toJSON() as LocalDoc));
        if (leads) delivering.undecided(undecidedNow);
      });
    },
    wake: () => sender?.wake(),
    async stop() {
      sending?.unsubscribe();
      sender?.stop();
      await drainJournal();
      journal.close();
    },
  };
}
