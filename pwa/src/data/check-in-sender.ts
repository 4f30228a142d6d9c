/**
 * Sends a front desk's check-ins to the server (design/sync.md "A front desk pulls, and sends only
 * check-ins").
 *
 * A gym's device changes nothing it pulls; all it ever writes is new check-in records, facts with
 * fresh ids that the server decides on arrival and answers with outcome documents. So the gym's
 * replication is pull-only (no per-document push bookkeeping, which made a first sync twice as
 * slow) and this sender delivers the records: every check-in without an outcome is posted to the
 * gateway's `_bulk_docs` in batches, from the device journal as it holds them (the fields the
 * server takes), as soon as it is recorded or the server is reachable again,
 * and posted again if its outcome has not arrived a while after the server accepted it. Delivery
 * is idempotent on the server (a record already stored is answered as stored), so sending twice —
 * a lost answer, a retry, a second tab — never counts twice.
 *
 * It is the device outbox's append-only strategy (`outbox/append-only.ts`) run by its one sender
 * (`outbox/outbox-sender.ts`: one delivery at a time, back-off after a failure, wake).
 */
import { DEVICE_CLOCK_HEADER } from '@mastr/rules/check-in.ts';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { appendOnly } from './outbox/append-only.ts';
import { createOutboxSender, DEFAULT_MAX_RETRY_MS } from './outbox/outbox-sender.ts';

export interface CheckInSenderOptions {
  /** The gateway's `_bulk_docs` of the gym's database. */
  url: string;
  /** The sync fetch: token, one refresh on 401, reachability reports; throws on non-2xx. */
  fetch: typeof fetch;
  batchSize: number;
  /** Pause after a first failed delivery; it doubles with each failure in a row, up to 10 s. */
  retryMs: number;
  /** A delivered check-in whose outcome has not arrived is sent again after this long. */
  resendAfterMs: number;
  onError(error: unknown): void;
}

export interface CheckInSender {
  /** This device's check-ins the server has not decided yet (the journal's without an outcome document). */
  undecided(checkIns: readonly CheckInDoc[]): void;
  /** The server is reachable again: deliver now instead of after the retry pause. */
  wake(): void;
  stop(): void;
}

export function createCheckInSender(options: CheckInSenderOptions): CheckInSender {
  const checkIns = appendOnly<CheckInDoc>({
    idOf: (doc) => doc._id,
    batchSize: options.batchSize,
    resendAfterMs: options.resendAfterMs,
    async post(batch) {
      await options.fetch(options.url, {
        method: 'POST',
        // The device's clock as it sends: the server puts check-ins made on a wrong clock on its own.
        headers: { 'content-type': 'application/json', [DEVICE_CLOCK_HEADER]: new Date().toISOString() },
        // As the journal holds them: the check-in's fields, built once where the front desk records it.
        body: JSON.stringify({ docs: batch }),
      });
    },
  });
  const sender = createOutboxSender({
    deliver: checkIns.deliver,
    backOff: { firstMs: options.retryMs, maxMs: DEFAULT_MAX_RETRY_MS },
    onError: options.onError,
  });
  return {
    undecided(undecided) {
      if (checkIns.waiting(undecided)) sender.changed();
    },
    wake: () => sender.wake(),
    stop: () => sender.stop(),
  };
}
