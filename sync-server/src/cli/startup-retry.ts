import { isCouchUnavailable } from '../couch/couch-unavailable.ts';
import type { Logger } from '../logging/logger.ts';

/** Longest pause between two tries of a start-up step. */
const MAX_PAUSE_MS = 30_000;

/** The default pause before try `attempt + 1`: 1 s, doubling, at most 30 s. */
export const backOff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.min(MAX_PAUSE_MS, 1_000 * 2 ** (attempt - 1))));

/**
 * Runs one start-up step until it gets through a CouchDB that does not answer (not started yet,
 * restarting, stalled past COUCHDB_TIMEOUT_MS): each failure is logged and the step tried again
 * after `pause`, so a start-up stall is waited out and reported instead of ending the process. Any
 * other failure (CouchDB refusing the credentials, a bug) is not going to pass by itself: it is thrown.
 * Steps must be safe to run again (they are: databases, indexes and the seed only add what is missing).
 */
export async function retryWhileCouchUnavailable<T>(
  step: string,
  work: () => Promise<T>,
  logger: Logger,
  pause: (attempt: number) => Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (!isCouchUnavailable(err)) throw err;
      logger.warn({ step, attempt, reason: (err as Error).message }, 'start-up: CouchDB did not answer; trying again');
      await pause(attempt);
    }
  }
}
