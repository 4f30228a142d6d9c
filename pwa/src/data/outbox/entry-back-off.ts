/**
 * Back-off per entry (decision 180): one sender runs every document type's pass, so a failure that
 * belongs to some entries (a week still conflicting after its merge rounds, a batch of check-ins the
 * gateway refuses, a 500) pauses those entries and not the others, nor the other types. A failure
 * that belongs to the device (the network: no answer at all) still pauses the whole sender: the
 * pass throws it, and nothing could go anyway (`outbox-sender.ts`).
 */
import { backOffMs, type BackOff } from './outbox-sender.ts';

/** No answer from the server at all (the sync fetch reports the device unreachable). */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError || (error as Error | null)?.name === 'AbortError';

export interface EntryBackOff {
  /** The entry may be sent now (it has not failed, or its pause is over). */
  due(id: string, now?: number): boolean;
  /** These entries failed (once more in a row): each pauses for its own back-off. */
  failed(ids: readonly string[], now?: number): void;
  /** These entries went: their next failure starts from the first pause again. */
  succeeded(ids: readonly string[]): void;
  /** Forgets entries no longer waiting. */
  keepOnly(ids: ReadonlySet<string>): void;
  /** How long until the first paused entry is due (undefined: none paused). */
  nextDueInMs(now?: number): number | undefined;
}

export function createEntryBackOff(backOff: BackOff, random: () => number = Math.random): EntryBackOff {
  const paused = new Map<string, { failures: number; until: number }>();
  return {
    due: (id, now = Date.now()) => (paused.get(id)?.until ?? -Infinity) <= now,
    failed(ids, now = Date.now()) {
      for (const id of ids) {
        const failures = (paused.get(id)?.failures ?? 0) + 1;
        paused.set(id, { failures, until: now + backOffMs(failures, backOff, random) });
      }
    },
    succeeded(ids) {
      for (const id of ids) paused.delete(id);
    },
    keepOnly(ids) {
      for (const id of paused.keys()) if (!ids.has(id)) paused.delete(id);
    },
    nextDueInMs(now = Date.now()) {
      let next = Infinity;
      for (const { until } of paused.values()) next = Math.min(next, until);
      return Number.isFinite(next) ? Math.max(0, next - now) : undefined;
    },
  };
}
