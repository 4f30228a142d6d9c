import { createHash } from 'node:crypto';
import { rateLimitDocId } from '@mastr/rules/doc-ids.ts';
import { couchStatus, type Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';

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

interface CounterDoc {
  _id: string;
  _rev?: string;
  type: 'rate-limit';
  count: number;
  expiresAt: string;
}

/**
 * Fixed-window counters stored in CouchDB (`ratelimit:{scope}:{sha256(key)}:{window}`), so the limit
 * holds across any number of server instances. Increments use the document revision and retry on
 * conflict, so concurrent hits are all counted. Keys are hashed: no email or IP sits in the database.
 * Returns true when this hit is over the limit.
 */
export async function hitRateLimit(couch: Couch, rule: RateLimitRule, key: string, now: Date): Promise<boolean> {
  const db = couch.use<CounterDoc>(DB.auth);
  const windowMs = rule.windowSeconds * 1000;
  const window = Math.floor(now.getTime() / windowMs);
  const keyHash = createHash('sha256').update(key.toLowerCase()).digest('hex').slice(0, 32);
  const _id = rateLimitDocId(rule.scope, keyHash, window);
  const expiresAt = new Date((window + 1) * windowMs).toISOString();
  for (let attempt = 0; attempt < 20; attempt++) {
    let doc: CounterDoc;
    try {
      doc = (await db.get(_id)) as CounterDoc;
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
      doc = { _id, type: 'rate-limit', count: 0, expiresAt };
    }
    doc.count += 1;
    try {
      await db.insert(doc);
      return doc.count > rule.limit;
    } catch (err) {
      if (couchStatus(err) !== 409) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20));
    }
  }
  return true; // extreme contention: refuse rather than let a flood through
}
