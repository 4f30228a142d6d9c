import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../../deps.ts';
import { deleteRequestCopy } from '../../couch/stores/session-requests-store.ts';
import { deleteSlotClaimWhile, getSlotClaim } from '../../couch/stores/slot-claims-store.ts';

/**
 * Ending a PT request for good: both copies go (design/sync.md "Deletes": the full document with
 * `_deleted: true`, which `scrub` may first strip of names), and a coach request gives its slot
 * back (design/sync.md "Coach slot requests": the lock is cleared and the claim deleted while the
 * claim still names this request, so a later request that claimed the slot since is never touched).
 * Every step is idempotent, so a run that stopped half-way can simply run again. Used by account
 * deletion; a member's withdrawal or a coach's reject, when they come, end requests the same way.
 */

/** The request's own claim, not one a payment booked meanwhile (that belongs to the booking now: only cancelling it frees the slot). */
const heldByRequest = (request: CoachRequestDoc) => (claim: { requestId: string; booking?: unknown }) =>
  claim.requestId === request.requestId && !claim.booking;

/** Withdraws or rejects a member's request for a coach's slot: slot released, both copies deleted. */
export async function endCoachRequest(
  deps: Deps,
  request: CoachRequestDoc,
  scrub: (doc: CoachRequestDoc) => CoachRequestDoc = (doc) => doc,
): Promise<void> {
  const claim = await getSlotClaim(deps.couch, request.coachId, request.slotClaimId);
  if (claim && heldByRequest(request)(claim))
    await deleteSlotClaimWhile(deps.couch, request.coachId, claim._id, heldByRequest(request));
  await deleteRequestCopy(deps.couch, 'coach', request.coachId, request._id, scrub);
  await deleteRequestCopy(deps.couch, 'member', request.userProfile_id, request._id, scrub);
}

/** Withdraws a member's PT request to a gym: both copies deleted. */
export async function endGymRequest(
  deps: Deps,
  request: GymRequestDoc,
  scrub: (doc: GymRequestDoc) => GymRequestDoc = (doc) => doc,
): Promise<void> {
  await deleteRequestCopy(deps.couch, 'gym', request.gymId, request._id, scrub);
  await deleteRequestCopy(deps.couch, 'member', request.userProfile_id, request._id, scrub);
}
