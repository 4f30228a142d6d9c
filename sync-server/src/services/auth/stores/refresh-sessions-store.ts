import { sessionDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { findDocs } from '../../../couch/find.ts';
import { QUERIES } from '../../../couch/queries.ts';

/**
 * Refresh sessions (`session:{sid}` in `mastr_auth`) behind the `jwt` cookie. Everything lives in
 * CouchDB (no memory), so any server instance can refresh or revoke any session; a rotation is
 * written under the revision read, so of two concurrent rotations one wins.
 */
export interface RefreshSessionDoc {
  _id: string; // sessionDocId(sid)
  _rev?: string;
  type: 'refresh-session';
  /** The account's profileId (account doc accountDocId(accountId)). */
  accountId: string;
  kind: AccountKind;
  /** sha256 (hex) of the secret currently in the cookie. */
  tokenHash: string;
  /** Hashes of recently rotated secrets, newest last: presenting one of these is token reuse. */
  previousHashes: string[];
  createdAt: string;
  /** When the current secret was issued (the start of the reuse grace window). */
  rotatedAt: string;
  expiresAt: string;
  revoked: boolean;
}

const sessionsDb = (couch: Couch) => couch.use<RefreshSessionDoc>(DB.auth);

/** The session with this id, or null. */
export async function getSession(couch: Couch, sid: string): Promise<RefreshSessionDoc | null> {
  try {
    return (await sessionsDb(couch).get(sessionDocId(sid))) as RefreshSessionDoc;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

/** Writes a new session. */
export async function createSession(couch: Couch, session: RefreshSessionDoc): Promise<void> {
  await sessionsDb(couch).insert(session);
}

/** Writes the session on the revision it carries: false when a concurrent write got there first (409). */
export async function writeSession(couch: Couch, session: RefreshSessionDoc): Promise<boolean> {
  try {
    await sessionsDb(couch).insert(session);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/** Marks a session revoked, re-reading on conflict so a concurrent rotation cannot undo it. */
export async function markSessionRevoked(couch: Couch, sid: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const session = await getSession(couch, sid);
    if (!session || session.revoked) return;
    if (await writeSession(couch, { ...session, revoked: true })) return;
  }
  throw new Error(`Could not revoke session ${sid}: too much contention.`);
}

/** Up to `limit` live (unrevoked) sessions of an account. */
export function liveSessionsOfAccount(couch: Couch, accountId: string, limit: number) {
  return findDocs<RefreshSessionDoc>(couch, QUERIES.liveSessionsOfAccount(accountId, limit));
}

/** Writes these sessions in one request, each under its revision: how many landed (the rest conflicted). */
export async function writeSessions(couch: Couch, sessions: readonly RefreshSessionDoc[]): Promise<number> {
  const results = await sessionsDb(couch).bulk({ docs: [...sessions] });
  return results.filter((r) => !r.error).length;
}
