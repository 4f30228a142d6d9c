import type { AccountDoc } from '@mastr/rules/documents.ts';
import { couchStatus, type Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';

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
