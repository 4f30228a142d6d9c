import { createHash } from 'node:crypto';
import { rateLimitDocId } from '@mastr/rules/doc-ids.ts';
import type { Couch } from '../../couch/couch.ts';
import { countHit } from './stores/rate-limits-store.ts';

export interface RateLimitRule {
  /** e.g. 'sign-in', 'password-reset'. */
  scope: string;
  /** Requests allowed per window, per key. */
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  signInPerIp: { scope: 'sign-in-ip', limit: 30, windowSeconds: 15 * 60 },
  resetPerIp: { scope: 'reset-ip', limit: 10, windowSeconds: 60 * 60 },
  // Each registration mails a verification link to the address given: bound the mail either can cause.
  registerPerIp: { scope: 'register-ip', limit: 10, windowSeconds: 60 * 60 },
  registerPerEmail: { scope: 'register-email', limit: 3, windowSeconds: 60 * 60 },
  resetPerEmail: { scope: 'reset-email', limit: 5, windowSeconds: 60 * 60 },
  // Each upload that reaches the picture check costs a header read and maybe a decode (issue 22): a
  // person choosing a picture, with a refusal or two, needs a few; a script is held to one a minute.
  imageUploadsPerAccount: { scope: 'image-upload', limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Seconds until the rule's current window ends (a Retry-After for its 429). */
export function secondsLeftInWindow(rule: RateLimitRule, now: Date): number {
  const windowMs = rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((windowMs - (now.getTime() % windowMs)) / 1000));
}

/**
 * Fixed-window counters stored in CouchDB (`ratelimit:{scope}:{sha256(key)}:{window}`), so the limit
 * holds across any number of server instances. Increments use the document revision and retry on
 * conflict, so concurrent hits are all counted. Keys are hashed: no email or IP sits in the database.
 * Returns true when this hit is over the limit.
 */
export async function hitRateLimit(couch: Couch, rule: RateLimitRule, key: string, now: Date): Promise<boolean> {
  const windowMs = rule.windowSeconds * 1000;
  const window = Math.floor(now.getTime() / windowMs);
  const keyHash = createHash('sha256').update(key.toLowerCase()).digest('hex').slice(0, 32);
  const _id = rateLimitDocId(rule.scope, keyHash, window);
  const expiresAt = new Date((window + 1) * windowMs).toISOString();
  const count = await countHit(couch, _id, expiresAt);
  // Extreme contention (every try lost a race): refuse rather than let a flood through.
  return count === null || count > rule.limit;
}
