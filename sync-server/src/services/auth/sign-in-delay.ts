import { createHash } from 'node:crypto';
import { signInDelayDocId } from '@mastr/rules/doc-ids.ts';
import { couchStatus, type Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { getDoc, updateDoc } from '../../couch/tenant-docs.ts';

/** Wrong passwords one address may try on one account before each further one makes it wait. */
export const FREE_FAILURES = 3;
/** The wait after the first failure past the free ones; it doubles with each further failure. */
const FIRST_DELAY_SECONDS = 1;
/** The longest wait: one guess per 15 minutes per account and address. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures are forgotten after this long without another. */
const MEMORY_SECONDS = 24 * 3600;

interface SignInDelayDoc {
  _id: string;
  _rev?: string;
  type: 'signin-delay';
  failures: number;
  /** Before this instant an attempt is not checked at all (429 with Retry-After). */
  nextAttemptAt: string;
  expiresAt: string;
}

export interface SignInSource {
  kind: string;
  email: string;
  ip: string;
}

const docIdOf = ({ kind, email, ip }: SignInSource) =>
  signInDelayDocId(createHash('sha256').update(`${kind}\n${email.toLowerCase()}\n${ip}`).digest('hex').slice(0, 32));

/** Seconds to wait after `failures` consecutive wrong passwords: 0 for the free ones, then 1, 2, 4 … up to 15 minutes. */
export function delayAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES - 1));
}

/**
 * A growing delay per account and client address instead of a hard lock (design/auth.md "Abuse
 * limits"). Wrong passwords from other addresses never hold up the owner's own: an attacker who knows
 * an email cannot lock its owner out, yet every address guessing at one account slows to one guess
 * per 15 minutes (and every address to 30 attempts per 15 minutes over all accounts).
 */
export function createSignInDelay(couch: Couch) {
  const db = couch.use<SignInDelayDoc>(DB.auth);
  return {
    /** Seconds until this source may try again (0 = now). */
    async waitSeconds(source: SignInSource, now: Date): Promise<number> {
      const doc = await getDoc(db, docIdOf(source));
      if (!doc) return 0;
      return Math.max(0, Math.ceil((Date.parse(doc.nextAttemptAt) - now.getTime()) / 1000));
    },
    /** Counts a wrong password (revision-checked, so concurrent failures all count). */
    async failed(source: SignInSource, now: Date): Promise<void> {
      await updateDoc(db, docIdOf(source), (current): SignInDelayDoc => {
        const remembered = current && Date.parse(current.expiresAt) > now.getTime() ? current.failures : 0;
        const failures = remembered + 1;
        return {
          _id: docIdOf(source),
          type: 'signin-delay',
          failures,
          nextAttemptAt: new Date(now.getTime() + delayAfter(failures) * 1000).toISOString(),
          expiresAt: new Date(now.getTime() + MEMORY_SECONDS * 1000).toISOString(),
        };
      });
    },
    /** A correct password clears the source's failures. */
    async succeeded(source: SignInSource): Promise<void> {
      const doc = await getDoc(db, docIdOf(source));
      if (!doc) return;
      try {
        await db.destroy(doc._id, doc._rev);
      } catch (err) {
        // Another attempt changed or removed it meanwhile: that attempt's outcome stands.
        if (couchStatus(err) !== 409 && couchStatus(err) !== 404) throw err;
      }
    },
  };
}
