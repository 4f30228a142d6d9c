import Boom from '@hapi/boom';

export interface LiveFeedLimit {
  /** Runs `work` (one long-poll) as one of the account's live feeds, or refuses it with 429 when the account holds `max`. */
  hold<T>(account: string, work: () => Promise<T>): Promise<T>;
  /** Live feeds the account holds on this instance now. */
  held(account: string): number;
}

/**
 * Counts the long-polls each account holds open on this server instance (design/sync.md "Live
 * feeds"). In memory and per instance: a flood is bounded by `max` per account on each instance,
 * and a count is gone when its long-poll ends, so nothing needs sharing between instances.
 */
export function createLiveFeedLimit(max: number, retryAfterSeconds: number): LiveFeedLimit {
  const counts = new Map<string, number>();
  return {
    async hold(account, work) {
      const count = counts.get(account) ?? 0;
      if (count >= max) {
        const refusal = Boom.tooManyRequests(
          `Too many live sync connections for this account: at most ${max} at once. Close the app in another tab or on another device.`,
        );
        refusal.output.headers['Retry-After'] = String(retryAfterSeconds);
        throw refusal;
      }
      counts.set(account, count + 1);
      try {
        return await work();
      } finally {
        const left = (counts.get(account) ?? 1) - 1;
        if (left > 0) counts.set(account, left);
        else counts.delete(account);
      }
    },
    held: (account) => counts.get(account) ?? 0,
  };
}
