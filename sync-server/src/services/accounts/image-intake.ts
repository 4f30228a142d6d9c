import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import { RATE_LIMITS, hitRateLimit, secondsLeftInWindow } from '../auth/index.ts';
import { decodeGateFor } from './decode-gate.ts';
import { decodeProfileImage, imageBytesOf, readImageHeader, type PreparedImage } from './profile-images.ts';

/**
 * One profile-image upload taken in (design/security.md "Abuse: image uploads"), cheapest check
 * first: the data URL and its size; the account's uploads in the last 10 minutes (a CouchDB counter,
 * so it holds across instances); the picture's header and pixels (no decode); then the decode, in
 * one of this instance's few slots. An upload turned away at any step stores nothing.
 */

/** Seconds an upload turned away by the decode gate is asked to wait: the queue drains in about that. */
const DECODE_RETRY_AFTER_SECONDS = 5;

const rule = RATE_LIMITS.imageUploadsPerAccount;

export const UPLOAD_REFUSALS = {
  rateLimited: `Too many profile image uploads: at most ${rule.limit} in ${rule.windowSeconds / 60} minutes. Try again later.`,
  accountBusy: 'Your previous profile image is still being processed: try again in a moment.',
  busy: 'Profile images are busy being processed: try again in a moment.',
} as const;

export type ImageIntake =
  | PreparedImage
  /** 429: this account's uploads (too many lately, or one still being processed). */
  | { outcome: 'rate-limited'; message: string; retryAfterSeconds: number }
  /** 503: this instance's decode slots and queue are all taken. */
  | { outcome: 'busy'; message: string; retryAfterSeconds: number };

export async function takeProfileImage(
  deps: Pick<Deps, 'couch' | 'config' | 'now'>,
  kind: AccountKind,
  profileId: string,
  dataUrl: string,
): Promise<ImageIntake> {
  const sent = imageBytesOf(dataUrl);
  if (sent.outcome !== 'bytes') return sent;
  const now = deps.now();
  const account = `${kind}:${profileId}`;
  if (await hitRateLimit(deps.couch, rule, account, now))
    return {
      outcome: 'rate-limited',
      message: UPLOAD_REFUSALS.rateLimited,
      retryAfterSeconds: secondsLeftInWindow(rule, now),
    };
  const read = await readImageHeader(sent.bytes);
  if (read.outcome !== 'header') return read;
  const decoded = await decodeGateFor(deps).run(account, () => decodeProfileImage(sent.bytes, read.header));
  switch (decoded.outcome) {
    case 'done':
      return decoded.value;
    case 'account-busy':
      return {
        outcome: 'rate-limited',
        message: UPLOAD_REFUSALS.accountBusy,
        retryAfterSeconds: DECODE_RETRY_AFTER_SECONDS,
      };
    case 'full':
      return { outcome: 'busy', message: UPLOAD_REFUSALS.busy, retryAfterSeconds: DECODE_RETRY_AFTER_SECONDS };
  }
}
