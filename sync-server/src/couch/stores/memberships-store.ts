import { membershipDocId, membershipDocPrefix } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc } from '@mastr/rules/documents.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { findDocs } from '../find.ts';
import { QUERIES } from '../queries.ts';
import { docsWithPrefix, getDoc } from '../tenant-docs.ts';

/**
 * A coach's relation to a gym, `membership:{gymId}:{coachId}` in `mastr_profiles`: asked for and
 * answered by the memberships domain, read by the PT checkouts and the auctions (is the coach still
 * registered there?). The directory's lists of them are `directory-queries.ts`. The writes name the
 * revision read (a new relation: none) and answer a lost race (409) as a value, so the caller reads
 * again and decides again from what won.
 */

const membershipsDb = (couch: Couch) => couch.use<MembershipDoc>(DB.profiles);

/** The one membership document of a gym and a coach (in the profiles database), or null. */
export async function getMembership(
  couch: Couch,
  gymId: string,
  coachId: string,
): Promise<(MembershipDoc & { _rev: string }) | null> {
  const doc = await getDoc(membershipsDb(couch), membershipDocId(gymId, coachId));
  return doc?.type === 'membership' ? doc : null;
}

/** Writes the relation on the revision it carries (none: a new one): its new revision, or null on a lost race. */
export async function writeMembership(couch: Couch, membership: MembershipDoc): Promise<string | null> {
  try {
    return (await membershipsDb(couch).insert(membership)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** Deletes the relation at the revision read: false on a lost race. */
export async function removeMembership(couch: Couch, membership: MembershipDoc & { _rev: string }): Promise<boolean> {
  try {
    await membershipsDb(couch).destroy(membership._id, membership._rev);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/** Every document in a gym's key range of memberships (`membership:{gymId}:…`), whole, in id order. */
export function membershipDocsOfGym(couch: Couch, gymId: string): Promise<MembershipDoc[]> {
  return docsWithPrefix(membershipsDb(couch), membershipDocPrefix(gymId));
}

/** Every relation of a coach, registered or pending, whole (the coach index, couch/databases.ts). */
export function membershipDocsOfCoach(couch: Couch, coachId: string): Promise<MembershipDoc[]> {
  return findDocs<MembershipDoc>(couch, QUERIES.membershipsOfCoach(coachId, ['registered', 'pending'], 100_000));
}
