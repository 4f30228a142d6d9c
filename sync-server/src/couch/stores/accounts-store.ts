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
