import type { DocumentScope } from 'nano';
import type { CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import { getDoc, tenantDb, updateDoc } from '../../couch/tenant-docs.ts';

/**
 * Ending a PT request for good: both copies go (design/sync.md "Deletes": the full document with
 * `_deleted: true`, which `scrub` may first strip of names), and a coach request gives its slot
 * back (design/sync.md "Coach slot requests": the lock is cleared and the claim deleted while the
 * claim still names this request, so a later request that claimed the slot since is never touched).
 * Every step is idempotent, so a run that stopped half-way can simply run again. Used by account
 * deletion; a member's withdrawal or a coach's reject, when they come, end requests the same way.
 */

type Doc = { _id: string; _rev?: string };
type Deletable<T> = T & { _deleted?: boolean };

/** Deletes a document as a full document (optionally scrubbed first); a missing one, or a missing database, is fine. */
export async function deleteAsFullDocument<T extends Doc>(
  db: DocumentScope<T>,
  id: string,
  scrub: (doc: T) => T = (doc) => doc,
): Promise<void> {
  await updateDoc(db as DocumentScope<Deletable<T>>, id, (current) =>
    current ? { ...scrub(current), _deleted: true } : null,
  );
}

const copyIn = <T extends Doc>(deps: Pick<Deps, 'couch'>, kind: TenantKind, owner: string) =>
  tenantDb<T>(deps.couch, kind, owner);

/** Withdraws or rejects a member's request for a coach's slot: slot released, both copies deleted. */
export async function endCoachRequest(
  deps: Deps,
  request: CoachRequestDoc,
  scrub: (doc: CoachRequestDoc) => CoachRequestDoc = (doc) => doc,
): Promise<void> {
  const coachDb = copyIn<CoachRequestDoc | SlotClaimDoc>(deps, 'coach', request.coachId);
  const claim = await getDoc(coachDb, request.slotClaimId);
  // A claim a payment booked meanwhile belongs to the booking now: only cancelling it frees the slot.
  if (claim?.type === 'slot-claim' && claim.requestId === request.requestId && !claim.booking) {
    await updateDoc(coachDb as DocumentScope<Deletable<CoachRequestDoc | SlotClaimDoc>>, claim._id, (current) =>
      current?.type === 'slot-claim' && current.requestId === request.requestId && !current.booking
        ? { ...current, _deleted: true }
        : null,
    );
  }
  await deleteAsFullDocument(copyIn<CoachRequestDoc>(deps, 'coach', request.coachId), request._id, scrub);
  await deleteAsFullDocument(copyIn<CoachRequestDoc>(deps, 'member', request.userProfile_id), request._id, scrub);
}

/** Withdraws a member's PT request to a gym: both copies deleted. */
export async function endGymRequest(
  deps: Deps,
  request: GymRequestDoc,
  scrub: (doc: GymRequestDoc) => GymRequestDoc = (doc) => doc,
): Promise<void> {
  await deleteAsFullDocument(copyIn<GymRequestDoc>(deps, 'gym', request.gymId), request._id, scrub);
  await deleteAsFullDocument(copyIn<GymRequestDoc>(deps, 'member', request.userProfile_id), request._id, scrub);
}
