import type { Couch } from '../../couch/couch.ts';

/**
 * Memoises a view computed from a whole database, keyed by the database's update sequence: every
 * call asks CouchDB for the sequence (one small request) and recomputes only when anything was
 * written since. Answers are therefore never stale, and several server instances need no shared
 * invalidation. The sequence is compared, never parsed (its format differs between servers).
 * A write landing while the view is computed only makes the next call compute again.
 */
export function memoiseBySequence<T>(couch: Couch, dbName: string, compute: () => Promise<T>): () => Promise<T> {
  let cached: { sequence: string; value: Promise<T> } | null = null;
  return async () => {
    const sequence = JSON.stringify((await couch.use(dbName).info()).update_seq);
    if (cached?.sequence !== sequence) {
      const value = compute();
      const entry = { sequence, value };
      cached = entry;
      // A failed computation is not remembered.
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  };
}
