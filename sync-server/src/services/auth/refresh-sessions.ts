import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ID_SOURCE, sessionDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Couch } from '../../couch/couch.ts';
import { newId } from '../../couch/ids.ts';
import {
  createSession,
  getSession,
  liveSessionsOfAccount,
  markSessionRevoked,
  type RefreshSessionDoc,
  writeSession,
  writeSessions,
} from './stores/refresh-sessions-store.ts';

/**
 * Refresh sessions behind the `jwt` cookie (stores/refresh-sessions-store.ts). The cookie carries
 * `{sid}.{secret}`; the database holds only the sha256 of the secret, so a leaked database does not
 * leak usable cookies.
 */

/** How many rotated hashes are remembered for reuse detection. */
const REMEMBERED_HASHES = 20;

/**
 * Two tabs restoring a persisted session at once both send the same cookie; the one that arrives
 * after the other's rotation presents the just-rotated secret. So does a page reloaded while its
 * refresh was in flight: the server rotated, but the answer carrying the new cookie never reached
 * the browser. Within this window that is treated as the benign race it almost certainly is rather
 * than theft (the usual "reuse interval" of rotating refresh tokens), and answered with the same
 * successor the first refresh was given (below).
 */
export const REUSE_GRACE_SECONDS = 10;

/**
 * A secret's successor is derived from it (an HMAC under a server key, never stored), so rotating the
 * same secret twice gives the same cookie: a refresh that lost a race, or repeats one whose answer
 * was lost, gets the cookie the browser should hold instead of a 401 that leaves it with a dead one.
 * The database still holds only hashes, and without the key a hash leads nowhere.
 */
function successorSecret(key: string, sid: string, presentedHash: string): string {
  return createHmac('sha256', key).update(`refresh-successor:${sid}:${presentedHash}`).digest('base64url');
}

const COOKIE_VALUE = new RegExp(`^(${ID_SOURCE})\\.([A-Za-z0-9_-]{43})$`);
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function parseCookie(value: unknown): { sid: string; secret: string } | null {
  if (typeof value !== 'string') return null;
  const match = COOKIE_VALUE.exec(value);
  return match ? { sid: match[1], secret: match[2] } : null;
}

const expiry = (now: Date, ttlSeconds: number) => new Date(now.getTime() + ttlSeconds * 1000).toISOString();

/** The session id a cookie value names (whether or not the session is live). */
export function sessionIdOfCookie(cookieValue: unknown): string | null {
  return parseCookie(cookieValue)?.sid ?? null;
}

/** True while the session exists for this account, is not revoked and has not expired. */
export async function sessionIsLive(couch: Couch, sid: string, accountId: string, now: Date): Promise<boolean> {
  const session = await getSession(couch, sid);
  return !!session && !session.revoked && session.accountId === accountId && new Date(session.expiresAt) > now;
}

/** Starts a session for a signed-in account; returns the cookie value. */
export async function createRefreshSession(
  couch: Couch,
  account: { accountId: string; kind: AccountKind },
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const sid = newId();
  const secret = newSecret();
  await createSession(couch, {
    _id: sessionDocId(sid),
    type: 'refresh-session',
    accountId: account.accountId,
    kind: account.kind,
    tokenHash: hashSecret(secret),
    previousHashes: [],
    createdAt: now.toISOString(),
    rotatedAt: now.toISOString(),
    expiresAt: expiry(now, ttlSeconds),
    revoked: false,
  });
  return `${sid}.${secret}`;
}

export type RotationResult<A> =
  /** The cookie was current: here is its successor (the session's expiry slides forward). */
  | { outcome: 'rotated'; cookie: string; account: A }
  /** Missing, malformed, unknown, expired or revoked: the cookie is worthless and should be cleared. */
  | { outcome: 'invalid' }
  /** The cookie was rotated meanwhile past the successor it would get: the browser may already hold a newer cookie, so leave it. */
  | { outcome: 'superseded' }
  /** A rotated secret came back after the grace window: the session has been revoked. */
  | { outcome: 'reused' };

/**
 * Exchanges the current cookie for a new one. The account is loaded before rotating, so a deleted
 * account cannot keep refreshing (its session is revoked instead).
 */
export async function rotateRefreshSession<A>(
  couch: Couch,
  cookieValue: unknown,
  options: {
    ttlSeconds: number;
    now: Date;
    /** The server key successors are derived under (the same on every instance). */
    successorKey: string;
    loadAccount: (session: RefreshSessionDoc) => Promise<A | null>;
  },
): Promise<RotationResult<A>> {
  const parsed = parseCookie(cookieValue);
  if (!parsed) return { outcome: 'invalid' };
  const session = await getSession(couch, parsed.sid);
  const { now } = options;
  if (!session || session.revoked || new Date(session.expiresAt) <= now) return { outcome: 'invalid' };

  const presented = hashSecret(parsed.secret);
  const successor = successorSecret(options.successorKey, parsed.sid, presented);
  const reissue = async (): Promise<RotationResult<A>> => {
    const account = await options.loadAccount(session);
    return account ? { outcome: 'rotated', cookie: `${parsed.sid}.${successor}`, account } : { outcome: 'invalid' };
  };
  if (!sameHash(presented, session.tokenHash)) {
    const rotatedIndex = session.previousHashes.findIndex((h) => sameHash(presented, h));
    if (rotatedIndex === -1) return { outcome: 'invalid' };
    const justRotated = rotatedIndex === session.previousHashes.length - 1;
    const graceEnds = new Date(session.rotatedAt).getTime() + REUSE_GRACE_SECONDS * 1000;
    if (justRotated && now.getTime() < graceEnds) {
      // The same answer again, if nothing rotated past it since.
      return sameHash(hashSecret(successor), session.tokenHash) ? reissue() : { outcome: 'superseded' };
    }
    await markSessionRevoked(couch, parsed.sid);
    return { outcome: 'reused' };
  }

  const account = await options.loadAccount(session);
  if (!account) {
    await markSessionRevoked(couch, parsed.sid);
    return { outcome: 'invalid' };
  }

  const rotated: RefreshSessionDoc = {
    ...session,
    tokenHash: hashSecret(successor),
    previousHashes: [...session.previousHashes, session.tokenHash].slice(-REMEMBERED_HASHES),
    rotatedAt: now.toISOString(),
    expiresAt: expiry(now, options.ttlSeconds),
  };
  // `rotated` carries the revision read: a concurrent rotation makes this write lose.
  if (await writeSession(couch, rotated)) return { outcome: 'rotated', cookie: `${parsed.sid}.${successor}`, account };
  // A concurrent refresh of the same cookie won: it stored this same successor, unless more happened.
  const now409 = await getSession(couch, parsed.sid);
  const same = now409 && !now409.revoked && sameHash(hashSecret(successor), now409.tokenHash);
  return same ? { outcome: 'rotated', cookie: `${parsed.sid}.${successor}`, account } : { outcome: 'superseded' };
}

/**
 * Logout: revokes the session the cookie belongs to. The secret must be the current or a rotated
 * one, so knowing a session id alone cannot end somebody else's session.
 */
export async function revokeRefreshSession(couch: Couch, cookieValue: unknown): Promise<void> {
  const parsed = parseCookie(cookieValue);
  if (!parsed) return;
  const session = await getSession(couch, parsed.sid);
  if (!session || session.revoked) return;
  const presented = hashSecret(parsed.secret);
  if ([session.tokenHash, ...session.previousHashes].some((h) => sameHash(presented, h))) {
    await markSessionRevoked(couch, parsed.sid);
  }
}

/** Revokes every live session of an account (password reset, account deletion); returns how many. */
export async function revokeAllSessionsForAccount(couch: Couch, accountId: string): Promise<number> {
  let revoked = 0;
  // Each pass revokes what it found; conflicted docs (a concurrent rotation) are picked up by the next pass.
  for (let pass = 0; pass < 50; pass++) {
    const docs = await liveSessionsOfAccount(couch, accountId, 200);
    if (docs.length === 0) return revoked;
    revoked += await writeSessions(
      couch,
      docs.map((doc) => ({ ...doc, revoked: true })),
    );
  }
  throw new Error(`Could not revoke all sessions of ${accountId}: too much contention.`);
}
