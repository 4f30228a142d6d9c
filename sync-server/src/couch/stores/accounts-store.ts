import { accountDocId, emailClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, ClaimDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { findDocs } from '../find.ts';
import { QUERIES } from '../queries.ts';
import { updateDoc } from '../tenant-docs.ts';

export async function getAccount(couch: Couch, profileId: string): Promise<AccountDoc | null> {
  try {
    return (await couch.use<AccountDoc>(DB.accounts).get(accountDocId(profileId))) as AccountDoc;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

/** Looks an account up by its email claim (one read, no index scan). */
export async function findAccountByEmail(couch: Couch, kind: AccountKind, email: string): Promise<AccountDoc | null> {
  let claim: ClaimDoc;
  try {
    claim = (await couch.use<ClaimDoc>(DB.accounts).get(emailClaimId(kind, email))) as ClaimDoc;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
  const account = await getAccount(couch, claim.accountId);
  return account && account.kind === kind ? account : null;
}

const MAX_ATTEMPTS = 10;

/**
 * Applies `change` to an account, writing against the revision it read. When another request wrote
 * the account in between (409), the account is read again and the change re-applied to the fresh
 * copy, so neither write is lost. `change` must therefore be a pure function of the account.
 */
export async function updateAccount(
  couch: Couch,
  profileId: string,
  change: (account: AccountDoc) => AccountDoc,
): Promise<AccountDoc> {
  const db = couch.use<AccountDoc>(DB.accounts);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await getAccount(couch, profileId);
    if (!current) throw new Error(`Account ${profileId} does not exist.`);
    const next = change(current);
    try {
      const res = await db.insert(next);
      return { ...next, _rev: res.rev };
    } catch (err) {
      if (couchStatus(err) !== 409) throw err;
    }
  }
  throw new Error(`Account ${profileId} kept changing; update abandoned.`);
}

/** Writes a new account: its revision, or null when one is there already (409). */
export async function writeNewAccount(couch: Couch, account: AccountDoc): Promise<string | null> {
  try {
    return (await couch.use<AccountDoc>(DB.accounts).insert(account)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** Deletes the account at the revision this caller wrote (a registration undoing its own writes). */
export async function removeAccountAt(couch: Couch, profileId: string, rev: string): Promise<void> {
  await couch.use<AccountDoc>(DB.accounts).destroy(accountDocId(profileId), rev);
}

/** Deletes the account document when there is one (a registration undoing its own writes). */
export async function removeAccountDoc(couch: Couch, profileId: string): Promise<void> {
  const db = couch.use<AccountDoc>(DB.accounts);
  try {
    const doc = await db.get(accountDocId(profileId));
    await db.destroy(doc._id, doc._rev);
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}

/**
 * Read-modify-write of whatever is stored under the account's id, under its revision (`updateDoc`:
 * again on a newer copy after a conflict; null leaves it as it is). Unlike `updateAccount`, a missing
 * account is an answer (null), not an error, for the decisions that race its removal (a verification
 * against a lapsed registration's retirement).
 */
export function changeAccount(
  couch: Couch,
  profileId: string,
  change: (current: (AccountDoc & { _rev: string }) | null) => AccountDoc | null,
): Promise<(AccountDoc & { _rev: string }) | null> {
  return updateDoc(couch.use<AccountDoc>(DB.accounts), accountDocId(profileId), change);
}

/** Up to `limit` registrations nobody verified, created before `cutoff` (the sweeper): their profile ids. */
export async function unverifiedAccountsBefore(couch: Couch, cutoff: string, limit: number): Promise<string[]> {
  const docs = await findDocs<Pick<AccountDoc, 'profileId'>>(couch, QUERIES.lapsedRegistrations(cutoff, limit));
  return docs.map((doc) => doc.profileId);
}

/** Up to `limit` accounts whose deletion began before `before` (decisions.md "Deleting an account"). */
export function deletionsBegunBefore(couch: Couch, before: string, limit: number): Promise<AccountDoc[]> {
  return findDocs<AccountDoc>(couch, QUERIES.interruptedDeletions(before, limit));
}
