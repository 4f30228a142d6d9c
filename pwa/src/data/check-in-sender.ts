/**
 * Sends a front desk's check-ins to the server (design/sync.md "A front desk pulls, and sends only
 * check-ins").
 *
 * A gym's device changes nothing it pulls; all it ever writes is new check-in records, facts with
 * fresh ids that the server decides on arrival and answers with outcome documents. So the gym's
 * replication is pull-only (no per-document push bookkeeping, which made a first sync twice as
 * slow) and this sender delivers the records: every check-in without an outcome is posted to the
 * gateway's `_bulk_docs` in batches, as soon as it is recorded or the server is reachable again,
 * and posted again if its outcome has not arrived a while after the server accepted it. Delivery
 * is idempotent on the server (a record already stored is answered as stored), so sending twice —
 * a lost answer, a retry, a second tab — never counts twice.
 */
import { DEVICE_CLOCK_HEADER } from '@mastr/rules/check-in.ts';
import { CHECK_IN_FIELDS } from '@mastr/rules/documents.ts';
import { toCouchShape, type LocalDoc } from './tenant-docs.ts';

export interface CheckInSenderOptions {
  /** The gateway's `_bulk_docs` of the gym's database. */
  url: string;
  /** The sync fetch: token, one refresh on 401, reachability reports; throws on non-2xx. */
  fetch: typeof fetch;
  batchSize: number;
  /** Pause after a failed delivery. */
  retryMs: number;
  /** A delivered check-in whose outcome has not arrived is sent again after this long. */
  resendAfterMs: number;
  onError(error: unknown): void;
}

export interface CheckInSender {
  /** The check-ins the server has not decided yet (none of them has an outcome document). */
  undecided(checkIns: readonly LocalDoc[]): void;
  /** The server is reachable again: deliver now instead of after the retry pause. */
  wake(): void;
  stop(): void;
}

function asSent(doc: LocalDoc): Record<string, unknown> {
  const couch = toCouchShape(doc) as unknown as Record<string, unknown>;
  // A check-in record's fields and nothing else: the gateway refuses a document with any other.
  return Object.fromEntries(CHECK_IN_FIELDS.map((field) => [field, couch[field]]));
}

export function createCheckInSender(options: CheckInSenderOptions): CheckInSender {
  let waiting: readonly LocalDoc[] = [];
  /** When the server last accepted each undecided check-in. */
  const accepted = new Map<string, number>();
  let sending = false;
  /** Something changed while a delivery was running: look again when it ends. */
  let again = false;
  let stopped = false;
  /** The last delivery failed: new check-ins wait for the retry (or a wake), as RxDB's replication does. */
  let pausing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      pausing = false;
      void send();
    }, ms);
  };

  async function send(): Promise<void> {
    if (stopped) return;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    again = false;
    try {
      for (;;) {
        const now = Date.now();
        const due = waiting.filter((doc) => now - (accepted.get(doc.id) ?? -Infinity) >= options.resendAfterMs).slice(0, options.batchSize);
        if (due.length === 0) break;
        await options.fetch(options.url, {
          method: 'POST',
          // The device's clock as it sends: the server puts check-ins made on a wrong clock on its own.
          headers: { 'content-type': 'application/json', [DEVICE_CLOCK_HEADER]: new Date().toISOString() },
          body: JSON.stringify({ docs: due.map(asSent) }),
        });
        const at = Date.now();
        for (const doc of due) accepted.set(doc.id, at);
      }
      // Outcomes normally arrive within a second; if one does not, deliver its record again.
      const oldest = Math.min(...waiting.map((doc) => accepted.get(doc.id) ?? Infinity));
      if (Number.isFinite(oldest)) schedule(Math.max(0, oldest + options.resendAfterMs - Date.now()));
    } catch (error) {
      again = false;
      pausing = true;
      options.onError(error);
      schedule(options.retryMs);
    } finally {
      sending = false;
      if (again) void send();
    }
  }

  return {
    undecided(checkIns) {
      waiting = checkIns;
      const ids = new Set(checkIns.map((doc) => doc.id));
      for (const id of accepted.keys()) if (!ids.has(id)) accepted.delete(id);
      if (!pausing && checkIns.some((doc) => !accepted.has(doc.id))) void send();
    },
    wake() {
      if (timer) clearTimeout(timer);
      timer = null;
      pausing = false;
      void send();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
