import type { ClaimDoc } from '@mastr/rules/documents.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { getDoc } from '../tenant-docs.ts';

/**
 * The email and mobile claims of `mastr_accounts` (`email:{kind}:{email}`, `mobile:{kind}:{mobileKey}`):
 * deterministic ids, so CouchDB's own 409 decides who holds an address when instances race. The
 * accounts domain writes them with the account; registration, lapsed registrations and deletion
 * release them.
 */

/** A claim's id and the revision of its tombstone, for the purge. */
export type Tombstone = { _id: string; _rev: string };

const claimsDb = (couch: Couch) => couch.use<ClaimDoc>(DB.accounts);

/** The claim with this id, or null. */
export function getClaim(couch: Couch, claimId: string) {
  return getDoc(claimsDb(couch), claimId);
}

/** Writes a new claim: its revision, or null when the address is held already (409). */
export async function writeClaim(couch: Couch, claim: ClaimDoc): Promise<string | null> {
  try {
    return (await claimsDb(couch).insert(claim)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** Deletes the claim at the revision this caller wrote (a registration undoing its own writes). */
export async function removeClaimAt(couch: Couch, claimId: string, rev: string): Promise<void> {
  await claimsDb(couch).destroy(claimId, rev);
}

/** Deletes a claim whoever holds it, when there is one (a registration undoing its own writes). */
export async function removeClaim(couch: Couch, claimId: string): Promise<void> {
  try {
    const claim = await claimsDb(couch).get(claimId);
    await claimsDb(couch).destroy(claimId, claim._rev);
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}

/** How often a release that lost a race with another writer (409) reads the claim again. */
const MAX_RELEASE_ATTEMPTS = 8;

/**
 * Deletes one claim while it is still `accountId`'s, on the revision read. A claim someone else has
 * taken meanwhile (a registration that took over a lapsed one) is left alone, whatever happens
 * between the read and the delete: the delete names the revision, and a conflict reads again.
 * Answers the tombstone, or null when the claim was not the account's.
 */
export async function releaseClaim(couch: Couch, claimId: string, accountId: string): Promise<Tombstone | null> {
  const db = claimsDb(couch);
  for (let attempt = 1; ; attempt += 1) {
    const claim = await getDoc(db, claimId);
    if (!claim || claim.accountId !== accountId) return null;
    try {
      const { rev } = await db.destroy(claimId, claim._rev);
      return { _id: claimId, _rev: rev };
    } catch (err) {
      if (couchStatus(err) !== 409 || attempt >= MAX_RELEASE_ATTEMPTS) throw err;
    }
  }
}

/**
 * Removes the claims' tombstones for good, ids included (`POST /{db}/_purge`, Apache CouchDB 2.3 and
 * later): their ids are the email and the mobile number themselves. The embedded development server
 * cannot purge (PouchDB has no purge for its adapters) and answers 404: there the tombstones stay,
 * which is not an error. Any other failure is thrown to the caller.
 */
export async function purgeClaimTombstones(couch: Couch, tombstones: readonly Tombstone[]): Promise<void> {
  if (tombstones.length === 0) return;
  const body = Object.fromEntries(tombstones.map(({ _id, _rev }) => [_id, [_rev]]));
  try {
    await couch.request({ db: DB.accounts, method: 'POST', path: '_purge', body });
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}
