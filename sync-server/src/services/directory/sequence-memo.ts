import type { Couch } from '../../couch/couch.ts';
import type { DatabaseUpdates } from '../../sync/database-updates.ts';
import { changedSince, updateSequenceOf } from './stores/database-sequences-store.ts';

/** How long after a computation a range read may still have missed a write (decision 78: ~50 ms seen). */
export const SETTLE_MS = 1000;

/**
 * Memoises a view computed from a whole database, kept until the database changes: every call asks
 * CouchDB's changes feed for one change since the sequence taken before the last computation (one
 * small request) and recomputes only when there is one. Several server instances need no shared
 * invalidation, and the sequence is passed back, never parsed or compared (decision 89): on a
 * cluster each `update_seq` names whichever shard copies answered, so two reads of an unchanged
 * database give different sequences, and keying on it recomputed the view on most calls.
 *
 * On a cluster a range read can miss a write another copy already acknowledged for about 50 ms, so
 * a view computed less than SETTLE_MS ago is computed once more on the first call after that: an
 * answer is at most about a second stale, never stale for good. A write landing while the view is
 * computed shows in the next check. A failed computation is not remembered.
 */
export function memoiseBySequence<T>(
  couch: Couch,
  dbName: string,
  compute: () => Promise<T>,
  now: () => number = Date.now,
  /**
   * The instance's `_db_updates` feed (decision 111): while it has told of no update to the
   * database since the entry's mark, the entry is served with no CouchDB call at all.
   */
  updates?: Pick<DatabaseUpdates, 'mark' | 'unchangedSince'>,
): () => Promise<T> {
  interface Entry {
    since: string;
    value: Promise<T>;
    /** From this time the entry is computed once more before it is trusted (settling), or null. */
    recheckAt: number | null;
    /** The feed's mark taken before the computation's reads, when the feed was up. */
    mark: ReturnType<DatabaseUpdates['mark']>;
  }
  let cached: Entry | null = null;
  let computing: Promise<Entry> | null = null;

  const compute_ = (settling: boolean): Promise<Entry> => {
    computing ??= (async () => {
      try {
        const mark = updates?.mark(dbName) ?? null;
        const since = await updateSequenceOf(couch, dbName);
        const entry: Entry = { since, value: compute(), recheckAt: settling ? null : now() + SETTLE_MS, mark };
        entry.value.catch(() => {
          if (cached === entry) cached = null;
        });
        cached = entry;
        return entry;
      } finally {
        computing = null;
      }
    })();
    return computing;
  };

  return async () => {
    const entry = cached;
    if (!entry) return (await compute_(false)).value;
    // The mark is settled only when no update came shortly before it, so the cluster lag the recheck
    // covers cannot apply: nothing told since means nothing to read.
    if (entry.mark && updates?.unchangedSince(dbName, entry.mark)) return entry.value;
    const changed = await changedSince(couch, dbName, entry.since);
    // Another call may have recomputed meanwhile; its entry began after this check's.
    if (cached && cached !== entry) return cached.value;
    if (changed) return (await compute_(false)).value;
    if (entry.recheckAt !== null && now() >= entry.recheckAt) return (await compute_(true)).value;
    return entry.value;
  };
}
