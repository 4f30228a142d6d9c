import { emailClaimId, mobileClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, ClaimDoc } from '@mastr/rules/documents.ts';
import { couchStatus } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { getDoc } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';

/**
 * The email and mobile claims of `mastr_accounts` (`email:{kind}:{email}`, `mobile:{kind}:{mobileKey}`):
 * deterministic ids, so CouchDB's own 409 decides who holds an address when instances race.
 */

type Rev = { _id: string; _rev: string };

/** The claim ids an account holds (a Google member without a mobile holds only its email's). */
export function claimIdsOf(account: Pick<AccountDoc, 'kind' | 'email' | 'mobileKey'>): string[] {
  const ids = [emailClaimId(account.kind, account.email)];
  if (account.mobileKey) ids.push(mobileClaimId(account.kind, account.mobileKey));
  return ids;
}

/** How often a release that lost a race with another writer (409) reads the claim again. */
const MAX_RELEASE_ATTEMPTS = 8;

/**
 * Deletes one claim while it is still `accountId`'s, on the revision read. A claim someone else has
 * taken meanwhile (a registration that took over a lapsed one) is left alone, whatever happens
 * between the read and the delete: the delete names the revision, and a conflict reads again.
 */
export async function releaseClaim(deps: Pick<Deps, 'couch'>, id: string, accountId: string): Promise<Rev | null> {
  const db = deps.couch.use<ClaimDoc>(DB.accounts);
  for (let attempt = 1; ; attempt += 1) {
    const claim = await getDoc(db, id);
    if (!claim || claim.accountId !== accountId) return null;
    try {
      const { rev } = await db.destroy(id, claim._rev);
      return { _id: id, _rev: rev };
    } catch (err) {
      if (couchStatus(err) !== 409 || attempt >= MAX_RELEASE_ATTEMPTS) throw err;
    }
  }
}

/**
 * The account's email and mobile claims, only while they are still its own (the email may be
 * registered again already). Their ids are the email and the mobile number themselves, so even
 * their tombstones would keep them: they are purged as well where CouchDB can.
 */
export async function releaseClaims(deps: Pick<Deps, 'couch' | 'logger'>, account: AccountDoc): Promise<void> {
  const tombstones: Rev[] = [];
  for (const id of claimIdsOf(account)) {
    const tombstone = await releaseClaim(deps, id, account.profileId);
    if (tombstone) tombstones.push(tombstone);
  }
  await purgeTombstones(deps, DB.accounts, tombstones);
}

/**
 * Removes deleted documents for good, ids included (`POST /{db}/_purge`, Apache CouchDB 2.3 and
 * later). The embedded development server cannot purge (PouchDB has no purge for its adapters) and
 * answers 404: there the tombstones stay. A purge that fails is logged, never fails the caller: the
 * tombstone holds nothing but its id, and a later purge can still remove it.
 */
async function purgeTombstones(
  deps: Pick<Deps, 'couch' | 'logger'>,
  dbName: string,
  tombstones: readonly Rev[],
): Promise<void> {
  if (tombstones.length === 0) return;
  const body = Object.fromEntries(tombstones.map(({ _id, _rev }) => [_id, [_rev]]));
  try {
    await deps.couch.request({ db: dbName, method: 'POST', path: '_purge', body });
  } catch (err) {
    if (couchStatus(err) === 404) return;
    deps.logger.warn({ err, db: dbName, count: tombstones.length }, 'claims: could not purge tombstones');
  }
}
