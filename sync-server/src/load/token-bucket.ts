/** A budget: `burst` requests at once, refilled at `perSecond` (design/security.md "Abuse: read floods"). */
export interface Budget {
  burst: number;
  perSecond: number;
}

/** What one request's draw from its key's budget answered. */
export type Draw = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface TokenBuckets {
  /** Takes one token from `key`'s bucket, or says how long until one is back. */
  take(key: string): Draw;
  /** Keys holding a bucket that is not full (a full bucket is the same as none, so it is dropped). */
  size(): number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (the clock's milliseconds). */
  at: number;
}

/**
 * One token bucket per key (a client address, an account), in memory: each starts full with
 * `burst` tokens, a request takes one, and tokens come back at `perSecond` up to `burst`. A page
 * load's burst of calls passes at once; a sustained flood is held to `perSecond`. Buckets that
 * have filled up again are forgotten (they would behave as new ones), so memory follows the
 * clients active in the last `burst / perSecond` seconds; past `maxKeys` the least recently
 * started are dropped first, which only ever gives a client a fresh budget, never less of one.
 * `now` is a monotonic clock in milliseconds (performance.now in the server; injected in tests).
 */
export function createTokenBuckets(budget: Budget, now: () => number, maxKeys = 100_000): TokenBuckets {
  const buckets = new Map<string, Bucket>();
  const refilled = (bucket: Bucket, at: number) =>
    Math.min(budget.burst, bucket.tokens + ((at - bucket.at) / 1000) * budget.perSecond);
  let takesSinceSweep = 0;

  /** Forgets full buckets; run every `maxKeys / 10` takes, so at no more than a tenth of a lookup per take. */
  const sweep = (at: number) => {
    takesSinceSweep = 0;
    for (const [key, bucket] of buckets) if (refilled(bucket, at) >= budget.burst) buckets.delete(key);
    while (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!);
  };

  return {
    take(key) {
      const at = now();
      if (++takesSinceSweep >= Math.max(1, maxKeys / 10) || buckets.size >= maxKeys) sweep(at);
      const bucket = buckets.get(key);
      const tokens = bucket ? refilled(bucket, at) : budget.burst;
      if (tokens < 1) {
        if (bucket) Object.assign(bucket, { tokens, at });
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / budget.perSecond)) };
      }
      if (bucket) Object.assign(bucket, { tokens: tokens - 1, at });
      else buckets.set(key, { tokens: tokens - 1, at });
      return { allowed: true };
    },
    size: () => buckets.size,
  };
}
