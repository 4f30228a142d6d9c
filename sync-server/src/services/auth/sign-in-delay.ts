import { createHash } from 'node:crypto';
import { signInDelayDocId } from '@mastr/rules/doc-ids.ts';
import type { Couch } from '../../couch/couch.ts';
import {
  getSignInDelay,
  removeSignInDelay,
  type SignInDelayDoc,
  updateSignInDelay,
} from './stores/sign-in-delays-store.ts';

/** Wrong passwords one address may try on one account before each further one makes it wait. */
export const FREE_FAILURES = 3;
/** The wait after the first failure past the free ones; it doubles with each further failure. */
const FIRST_DELAY_SECONDS = 1;
/** The longest wait: one guess per 15 minutes per account and address. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures are forgotten after this long without another. */
const MEMORY_SECONDS = 24 * 3600;

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
  return {
    /** Seconds until this source may try again (0 = now). */
    async waitSeconds(source: SignInSource, now: Date): Promise<number> {
      const doc = await getSignInDelay(couch, docIdOf(source));
      if (!doc) return 0;
      return Math.max(0, Math.ceil((Date.parse(doc.nextAttemptAt) - now.getTime()) / 1000));
    },
    /** Counts a wrong password (revision-checked, so concurrent failures all count). */
    async failed(source: SignInSource, now: Date): Promise<void> {
      await updateSignInDelay(couch, docIdOf(source), (current): SignInDelayDoc => {
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
      const doc = await getSignInDelay(couch, docIdOf(source));
      // Another attempt that changed or removed it meanwhile keeps it so: that attempt's outcome stands.
      if (doc) await removeSignInDelay(couch, doc);
    },
  };
}
