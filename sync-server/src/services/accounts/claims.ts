import { emailClaimId, mobileClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { purgeClaimTombstones, releaseClaim, type Tombstone } from '../../couch/stores/claims-store.ts';
import type { Deps } from '../../deps.ts';

/**
 * The email and mobile claims an account holds (couch/stores/claims-store.ts): deterministic ids, so
 * CouchDB's own 409 decides who holds an address when instances race.
 */

/** The claim ids an account holds (a Google member without a mobile holds only its email's). */
export function claimIdsOf(account: Pick<AccountDoc, 'kind' | 'email' | 'mobileKey'>): string[] {
  const ids = [emailClaimId(account.kind, account.email)];
  if (account.mobileKey) ids.push(mobileClaimId(account.kind, account.mobileKey));
  return ids;
}

/**
 * The account's email and mobile claims, only while they are still its own (the email may be
 * registered again already). Their ids are the email and the mobile number themselves, so even
 * their tombstones would keep them: they are purged as well where CouchDB can (not the embedded
 * server). A purge that fails is logged, never fails the caller: the tombstone holds nothing but its
 * id, and a later purge can still remove it.
 */
export async function releaseClaims(deps: Pick<Deps, 'couch' | 'logger'>, account: AccountDoc): Promise<void> {
  const tombstones: Tombstone[] = [];
  for (const id of claimIdsOf(account)) {
    const tombstone = await releaseClaim(deps.couch, id, account.profileId);
    if (tombstone) tombstones.push(tombstone);
  }
  try {
    await purgeClaimTombstones(deps.couch, tombstones);
  } catch (err) {
    deps.logger.warn({ err, count: tombstones.length }, 'claims: could not purge tombstones');
  }
}
