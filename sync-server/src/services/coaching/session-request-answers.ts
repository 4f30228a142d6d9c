import { SESSION_ALREADY_STARTED } from '@mastr/rules/texts.ts';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc } from '@mastr/rules/documents.ts';
import { hasSessionStarted, isAcceptanceLapsed } from '@mastr/rules/pt-bookings.ts';
import type { Deps } from '../../deps.ts';
import { coachRequestsIn, getCoachRequest, updateRequestCopy } from '../../couch/stores/session-requests-store.ts';
import { getSlotClaim } from '../../couch/stores/slot-claims-store.ts';
import { endCoachRequest } from './request-ending.ts';
import { sessionOfRequest, tellSession } from './session-notifications.ts';

/**
 * A coach's answers to members' slot requests (§7 sessionrequests accept and reject, §4 "Private
 * request (coach)"). The coach's copy says which requests are the coach's (ids come from the token,
 * so no coach can answer another's); both copies change, the member's first-hand list included.
 * Accepting starts the member's payment window (design/decisions.md 38); rejecting ends the request
 * as a member's withdrawal would: slot lock and claim released, both copies deleted.
 */

export const ANSWER_REFUSALS = {
  unknown: 'This request no longer exists.',
  started: SESSION_ALREADY_STARTED,
  paid: 'This session has been paid for: cancel the booking instead.',
} as const;

export type AnswerOutcome = { outcome: 'answered' } | { outcome: 'refused'; message: string };

async function coachCopy(deps: Deps, coachId: string, requestId: string) {
  if (!isId(requestId)) return null;
  const doc = await getCoachRequest(deps.couch, 'coach', coachId, requestId);
  return doc?.coachId === coachId ? doc : null;
}

export async function acceptSessionRequest(deps: Deps, coachId: string, requestId: string): Promise<AnswerOutcome> {
  const request = await coachCopy(deps, coachId, requestId);
  if (!request) return refused(ANSWER_REFUSALS.unknown);
  if (request.accepted) return { outcome: 'answered' }; // a repeated accept changes nothing
  const now = deps.now();
  if (hasSessionStarted(request, now)) return refused(ANSWER_REFUSALS.started);
  const acceptedAt = now.toISOString();
  const accept = (current: (CoachRequestDoc & { _rev: string }) | null) =>
    current && !current.accepted ? { ...current, accepted: true, acceptedAt } : null;
  const written = await updateRequestCopy(deps.couch, 'coach', coachId, request._id, accept);
  if (!written) return refused(ANSWER_REFUSALS.unknown); // rejected meanwhile
  await updateRequestCopy(deps.couch, 'member', request.userProfile_id, request._id, accept);
  await tellMember(deps, request, 'session-accepted');
  return { outcome: 'answered' };
}

export async function rejectSessionRequest(deps: Deps, coachId: string, requestId: string): Promise<AnswerOutcome> {
  const request = await coachCopy(deps, coachId, requestId);
  if (!request) return refused(ANSWER_REFUSALS.unknown);
  const claim = await getSlotClaim(deps.couch, coachId, request.slotClaimId);
  if (claim?.requestId === request.requestId && claim.booking) return refused(ANSWER_REFUSALS.paid);
  await endCoachRequest(deps, request);
  await tellMember(deps, request, 'session-rejected');
  return { outcome: 'answered' };
}

const tellMember = (deps: Deps, request: CoachRequestDoc, event: 'session-accepted' | 'session-rejected') =>
  tellSession(deps, {
    event,
    session: sessionOfRequest(request, ''),
    otherName: request.coachFullName,
    notify: ['member'],
    mail: ['member'],
  });

/**
 * Releases the coach's accepted requests whose payment window has passed (rules/pt-bookings.ts
 * `isAcceptanceLapsed`): there is no background job, so whoever reads or asks for the coach's slots
 * (the public profile, a new slot request, the coach's and members' own views, a checkout) releases
 * them first. Idempotent, and a claim a payment booked meanwhile is never touched. Resolves to the
 * requests it left in place, so a reader can tell when the next one lapses (decision 145).
 */
export async function releaseLapsedAcceptances(deps: Deps, coachId: string): Promise<CoachRequestDoc[]> {
  const now = deps.now();
  const requests = await coachRequestsIn(deps.couch, 'coach', coachId);
  const kept: CoachRequestDoc[] = [];
  for (const request of requests) {
    // Paid meanwhile: the booking, not the window, decides now (the webhook removes the request).
    if (!isAcceptanceLapsed(request, now) || (await getSlotClaim(deps.couch, coachId, request.slotClaimId))?.booking)
      kept.push(request);
    else await endCoachRequest(deps, request);
  }
  return kept;
}

const refused = (message: string): AnswerOutcome => ({ outcome: 'refused', message });
