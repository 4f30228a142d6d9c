import { entryCodeClaimId } from '@mastr/rules/doc-ids.ts';
import type { EntryCodeClaimDoc } from '@mastr/rules/documents.ts';
import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { findDocs } from '../../../couch/find.ts';
import { QUERIES } from '../../../couch/queries.ts';

/**
 * Entry-code claims (`entry-code-claim:{gymId}:{code}` in the accounts database): CouchDB's one
 * creation of an id makes a pass's short entry code unique within its gym.
 */

export interface HeldClaim {
  code: string;
  id: string;
  rev: string;
}

/** Takes the code at the gym for this pass: the claim, or null when the code is taken. */
export async function claimEntryCode(
  couch: Couch,
  gymId: string,
  code: string,
  passId: string,
): Promise<HeldClaim | null> {
  const id = entryCodeClaimId(gymId, code);
  try {
    const { rev } = await couch
      .use<EntryCodeClaimDoc>(DB.accounts)
      .insert({ _id: id, type: 'entry-code-claim', passId });
    return { code, id, rev };
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** The claim a pass id already holds at the gym, if an earlier attempt made one. */
export async function claimOfPass(couch: Couch, gymId: string, passId: string): Promise<HeldClaim | null> {
  const prefix = entryCodeClaimId(gymId, '');
  const docs = await findDocs<EntryCodeClaimDoc>(couch, QUERIES.entryCodeClaimsOfPass(passId));
  // The embedded server's `_find` may answer a claim deleted meanwhile (a race's loser freeing it) as null.
  const left = docs.find((doc) => doc?._id.startsWith(prefix));
  return left ? { code: left._id.slice(prefix.length), id: left._id, rev: left._rev! } : null;
}

/** Frees a claim; one freed already (or taken over since) is fine. */
export async function releaseEntryCode(couch: Couch, claim: HeldClaim): Promise<void> {
  await couch
    .use(DB.accounts)
    .destroy(claim.id, claim.rev)
    .catch((e: unknown) => {
      if (couchStatus(e) !== 404 && couchStatus(e) !== 409) throw e;
    });
}
