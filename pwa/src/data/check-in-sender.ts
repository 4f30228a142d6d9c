/**
 * How a front desk's check-ins are sent to the server (design/sync.md "A front desk pulls, and
 * sends only check-ins").
 *
 * A gym's device changes nothing it pulls; all it ever writes is new check-in records, facts with
 * fresh ids that the server decides on arrival and answers with outcome documents. So the gym's
 * replication is pull-only (no per-document push bookkeeping, which made a first sync twice as
 * slow) and the device sender delivers the records: every journalled check-in without an outcome
 * is posted to the gateway's `_bulk_docs` in batches, as the device journal holds it (the fields
 * the server takes), as soon as it is recorded or the server is reachable again, and posted again
 * if its outcome has not arrived a while after the server accepted it. Delivery is idempotent on
 * the server (a record already stored is answered as stored), so sending twice — a lost answer, a
 * retry, a second tab — never counts twice.
 *
 * It is the device outbox's append-only strategy (`outbox/append-only.ts`); the device's one sender
 * (`outbox/device-sender.ts`) runs it with the other types.
 */
import { DEVICE_CLOCK_HEADER } from '@mastr/rules/check-in.ts';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { appendOnly } from './outbox/append-only.ts';
import type { EntryBackOff } from './outbox/entry-back-off.ts';
import type { DeliveryPass } from './outbox/outbox-sender.ts';

export interface CheckInOutboxOptions {
  /** The gateway's `_bulk_docs` of the gym's database. */
  url: string;
  /** The sync fetch: token, one refresh on 401, reachability reports; throws on non-2xx. */
  fetch: typeof fetch;
  batchSize: number;
  /** A delivered check-in whose outcome has not arrived is sent again after this long. */
  resendAfterMs: number;
  /** A batch the server refuses pauses its check-ins only. */
  backOff: EntryBackOff;
  onFailed(error: unknown): void;
}

export interface CheckInOutbox {
  /** This device's check-ins the server has not decided yet (all of them, each time); true when one is to be sent. */
  undecided(checkIns: readonly CheckInDoc[]): boolean;
  deliver: DeliveryPass;
}

export function checkInOutbox(options: CheckInOutboxOptions): CheckInOutbox {
  const checkIns = appendOnly<CheckInDoc>({
    idOf: (doc) => doc._id,
    batchSize: options.batchSize,
    resendAfterMs: options.resendAfterMs,
    backOff: options.backOff,
    onFailed: options.onFailed,
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
  return { undecided: (docs) => checkIns.waiting(docs), deliver: checkIns.deliver };
}
