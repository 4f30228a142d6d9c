import { membershipDocId } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { getDoc } from '../tenant-docs.ts';

/** The one membership document of a gym and a coach (in the profiles database), or null. */
export async function getMembership(couch: Couch, gymId: string, coachId: string): Promise<MembershipDoc | null> {
  const doc = await getDoc(couch.use<MembershipDoc>(DB.profiles), membershipDocId(gymId, coachId));
  return doc?.type === 'membership' ? doc : null;
}
