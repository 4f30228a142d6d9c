import Boom from '@hapi/boom';
import type { Logger } from '../logging/logger.ts';

/** What a caller sees while CouchDB cannot be reached or does not answer in time. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** Seconds a client is asked to wait before trying again (the `Retry-After` of that 503). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Thrown by our own CouchDB calls (the gateway's proxy) that could not reach it in time. */
export class CouchUnavailableError extends Error {
  constructor(reason: string) {
    super(`CouchDB did not answer: ${reason}`);
  }
}

/**
 * True for a failure to reach CouchDB at all: refused or timed-out connections, answers that did not
 * begin (or stalled) within COUCHDB_TIMEOUT_MS. nano reports these as plain errors without a status
 * ("error happened in your connection. Reason: …"); an answer CouchDB did give carries `statusCode`.
 */
export function isCouchUnavailable(err: unknown): boolean {
  if (err instanceof CouchUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  if ((err as { statusCode?: unknown }).statusCode !== undefined) return false;
  return err.message.startsWith('error happened in your connection');
}

/** The 503 a request answers with when CouchDB is unavailable. */
export function couchUnavailable(): Boom.Boom {
  const error = Boom.serverUnavailable(UNAVAILABLE_MESSAGE);
  error.output.headers['Retry-After'] = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
  return error;
}

/**
 * Logs an outage once instead of once per request: the first failure is logged (without a stack:
 * the cause is the reason, not our code), later ones within `quietMs` only counted and reported
 * with the next line.
 */
export function createOutageLog(logger: Logger, now: () => number, quietMs = 60_000) {
  let lastLoggedAt = -Infinity;
  let unlogged = 0;
  return (reason: string) => {
    const at = now();
    if (at - lastLoggedAt < quietMs) {
      unlogged += 1;
      return;
    }
    logger.warn({ reason, alsoFailedSinceLastLine: unlogged }, 'CouchDB is unavailable; answering 503');
    lastLoggedAt = at;
    unlogged = 0;
  };
}
