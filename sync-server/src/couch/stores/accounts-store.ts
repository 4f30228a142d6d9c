import { accountDocId, emailClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, ClaimDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';

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
