/**
 * One-time tokens for email verification and password reset. The mail carries 32 random bytes;
 * the database holds only their SHA-256 (`token:{hex}` in mastr_auth), so a leaked database copy
 * cannot be turned into working links. A fast hash is enough here: the input is 256 bits of
 * randomness, not a guessable password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { oneTimeTokenDocId } from '@mastr/rules/doc-ids.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { findDocs } from '../find.ts';
import { QUERIES } from '../queries.ts';

export type TokenPurpose = 'verify' | 'reset';

const HOUR_MS = 60 * 60 * 1000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { verify: 24 * HOUR_MS, reset: HOUR_MS };

export interface OneTimeTokenDoc {
  _id: string; // oneTimeTokenDocId(sha256hex(token))
  _rev?: string;
  type: 'one-time-token';
  purpose: TokenPurpose;
  /** The account's profile id. */
  accountId: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
  /** Set when a newer token of the same purpose replaced this one before it was used. */
  revokedAt?: string;
}

/** 32 bytes in base64url, no padding. Anything else is refused before it reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function tokenDocId(token: string): string {
  return oneTimeTokenDocId(createHash('sha256').update(token).digest('hex'));
}

/** Whether a stored token may still be used for this purpose and account at this moment. */
export function isUsableToken(doc: OneTimeTokenDoc, purpose: TokenPurpose, accountId: string, now: Date): boolean {
  return (
    doc.type === 'one-time-token' &&
    doc.purpose === purpose &&
    doc.accountId === accountId &&
    !doc.usedAt &&
    !doc.revokedAt &&
    now.getTime() < Date.parse(doc.expiresAt)
  );
}

/** Stores a new token's hash and returns the token itself (it exists nowhere else but the mail). */
export async function issueOneTimeToken(
  couch: Couch,
  purpose: TokenPurpose,
  accountId: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const doc: OneTimeTokenDoc = {
    _id: tokenDocId(token),
    type: 'one-time-token',
    purpose,
    accountId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
  };
  await couch.use<OneTimeTokenDoc>(DB.auth).insert(doc);
  return token;
}

/** The stored token if it is well formed, known, unused, unexpired and for this purpose and account. */
export async function findUsableToken(
  couch: Couch,
  purpose: TokenPurpose,
  accountId: string,
  token: string,
  now: Date,
): Promise<OneTimeTokenDoc | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  let doc: OneTimeTokenDoc;
  try {
    doc = (await couch.use<OneTimeTokenDoc>(DB.auth).get(tokenDocId(token))) as OneTimeTokenDoc;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
  return isUsableToken(doc, purpose, accountId, now) ? doc : null;
}

/**
 * Marks the token used, writing against the revision it was read at: of two requests racing with
 * the same token, CouchDB lets exactly one write through and answers 409 to the other. Returns
 * whether this caller won.
 */
export async function consumeToken(couch: Couch, doc: OneTimeTokenDoc, now: Date): Promise<boolean> {
  try {
    await couch.use<OneTimeTokenDoc>(DB.auth).insert({ ...doc, usedAt: now.toISOString() });
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/**
 * Revokes the account's unused tokens of one purpose, so only the newest link works. A token being
 * consumed at the same moment (409) is left to that request.
 */
export async function revokeUnusedTokens(
  couch: Couch,
  purpose: TokenPurpose,
  accountId: string,
  now: Date,
): Promise<void> {
  const db = couch.use<OneTimeTokenDoc>(DB.auth);
  const docs = await findDocs<OneTimeTokenDoc>(
    couch,
    QUERIES.unexpiredOneTimeTokens(accountId, purpose, now.toISOString()),
  );
  const open = docs.filter((doc) => isUsableToken(doc, purpose, accountId, now));
  if (open.length === 0) return;
  await db.bulk({ docs: open.map((doc) => ({ ...doc, revokedAt: now.toISOString() })) });
}

/** Removes a token that never reached its owner (its mail could not be sent). */
export async function deleteOneTimeToken(couch: Couch, token: string): Promise<void> {
  const db = couch.use<OneTimeTokenDoc>(DB.auth);
  try {
    const doc = await db.get(tokenDocId(token));
    await db.destroy(doc._id, doc._rev);
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}
