import { isId, membershipDocId } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc } from '@mastr/rules/documents.ts';
import { isPublicGym } from '@mastr/rules/listing.ts';
import { MEMBERSHIP_REFUSALS, membershipStep, type MembershipAction } from '@mastr/rules/memberships.ts';
import { couchStatus } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { getDoc } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';
import { profilesById } from '../directory/directory-queries.ts';

/**
 * The coach–gym relation's six calls (§4, §7; rules/memberships.ts decides each transition). The
 * relation is the one document `membership:{gymId}:{coachId}` in `mastr_profiles`: a request creates
 * it (an insert without a revision, so of two simultaneous requests on any instances one is refused
 * by CouchDB with 409), an accept rewrites it and every ending deletes it, each under the revision it
 * read. A call that loses such a race reads the document again and decides again from what won, so
 * accept racing cancel, or an accept racing a reject, ends in one state, and the public lists (read
 * from the same documents) agree with both dashboards at once (design/decisions.md 33).
 */

export type MembershipOutcome = { outcome: 'done' } | { outcome: 'refused'; message: string };

/** Read-decide-write until the write lands on the revision it read (bounded like `updateDoc`). */
const MAX_ATTEMPTS = 8;

async function transition(deps: Deps, action: MembershipAction, gymId: string, coachId: string) {
  const db = deps.couch.use<MembershipDoc>(DB.profiles);
  const id = membershipDocId(gymId, coachId);
  for (let attempt = 1; ; attempt += 1) {
    const current = await getDoc(db, id);
    const live = current?.type === 'membership' ? current : null;
    const step = membershipStep(action, live?.state ?? null);
    try {
      switch (step.step) {
        case 'refused':
          return { outcome: 'refused', message: step.message } as const;
        case 'unchanged':
          return { outcome: 'done' } as const;
        case 'delete':
          await db.destroy(id, live!._rev);
          return { outcome: 'done' } as const;
        case 'write': {
          const doc: MembershipDoc = {
            _id: id,
            ...(live ? { _rev: live._rev } : {}),
            type: 'membership',
            gymId,
            coachId,
            state: step.state,
            updatedAt: deps.now().toISOString(),
          };
          await db.insert(doc);
          return { outcome: 'done' } as const;
        }
      }
    } catch (err) {
      if (couchStatus(err) !== 409 || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

/** A coach asks to join a public gym; asking again while pending adds nothing. */
export async function requestGym(deps: Deps, coachId: string, gymId: string): Promise<MembershipOutcome> {
  const gym = isId(gymId) ? (await profilesById(deps.couch, 'gym', [gymId])).get(gymId) : undefined;
  if (!gym || !isPublicGym(gym)) return { outcome: 'refused', message: MEMBERSHIP_REFUSALS.unknownGym };
  return transition(deps, 'request', gymId, coachId);
}

/**
 * The other five: a coach cancels (`cancel`) or leaves (`leave`) a gym, a gym accepts (`approve`),
 * rejects (`reject`) or terminates (`terminate`) a coach. An id that names no relation is refused
 * like a relation in the wrong state: each side acts only on its own pairs, since the pair is the
 * caller's own profile id and the other id.
 */
export async function changeMembership(
  deps: Deps,
  action: Exclude<MembershipAction, 'request'>,
  gymId: string,
  coachId: string,
): Promise<MembershipOutcome> {
  if (!isId(gymId) || !isId(coachId)) return { outcome: 'refused', message: refusalOf(action) };
  return transition(deps, action, gymId, coachId);
}

function refusalOf(action: Exclude<MembershipAction, 'request'>): string {
  const step = membershipStep(action, null);
  return step.step === 'refused' ? step.message : MEMBERSHIP_REFUSALS.unknownGym;
}
