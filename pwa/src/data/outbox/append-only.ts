/**
 * The append-only strategy (design/sync.md "One device outbox"): for documents the device only ever
 * creates, with fresh ids, and the server decides on arrival (check-ins). Nothing is merged: every
 * document still waiting for the server's answer is posted in batches, and posted again when that
 * answer (an outcome document, pulled) has not come `resendAfterMs` after the server accepted it.
 * The server must take a document it already holds as stored, so sending twice never counts twice.
 */
import { isNetworkFailure, type EntryBackOff } from './entry-back-off.ts';
import type { DeliveryPass } from './outbox-sender.ts';

export interface AppendOnlyOptions<T> {
  idOf(doc: T): string;
  batchSize: number;
  /** A delivered document whose answer has not arrived is sent again after this long. */
  resendAfterMs: number;
  /** Posts one batch; throws when it was not accepted. */
  post(batch: readonly T[]): Promise<void>;
  /** A batch the server did not accept pauses its documents, not the others (a network failure pauses the sender). */
  backOff: EntryBackOff;
  onFailed(error: unknown): void;
}

export interface AppendOnlyStrategy<T> {
  /**
   * The documents still waiting for the server's answer (all of them, each time). True when one of
   * them has not been delivered yet: the sender should look.
   */
  waiting(docs: readonly T[]): boolean;
  deliver: DeliveryPass;
}

export function appendOnly<T>({
  idOf,
  batchSize,
  resendAfterMs,
  post,
  backOff,
  onFailed,
}: AppendOnlyOptions<T>): AppendOnlyStrategy<T> {
  let waiting: readonly T[] = [];
  /** When the server last accepted each waiting document. */
  const accepted = new Map<string, number>();

  return {
    waiting(docs) {
      waiting = docs;
      const ids = new Set(docs.map(idOf));
      for (const id of accepted.keys()) if (!ids.has(id)) accepted.delete(id);
      backOff.keepOnly(ids);
      return docs.some((doc) => !accepted.has(idOf(doc)));
    },
    async deliver() {
      for (;;) {
        const now = Date.now();
        const due = waiting
          .filter((doc) => now - (accepted.get(idOf(doc)) ?? -Infinity) >= resendAfterMs && backOff.due(idOf(doc), now))
          .slice(0, batchSize);
        if (due.length === 0) break;
        const ids = due.map(idOf);
        try {
          await post(due);
        } catch (error) {
          if (isNetworkFailure(error)) throw error;
          backOff.failed(ids);
          onFailed(error);
          continue;
        }
        backOff.succeeded(ids);
        const at = Date.now();
        for (const id of ids) accepted.set(id, at);
      }
      // Answers normally arrive within a second; if one does not, its document is delivered again.
      const oldest = Math.min(...waiting.map((doc) => accepted.get(idOf(doc)) ?? Infinity));
      const resend = Number.isFinite(oldest) ? Math.max(0, oldest + resendAfterMs - Date.now()) : Infinity;
      const next = Math.min(resend, backOff.nextDueInMs() ?? Infinity);
      return Number.isFinite(next) ? { lookAgainInMs: next } : undefined;
    },
  };
}
