import {
  NOT_FINISHED_SIGNING_UP,
  NOT_REGISTERED_TO_THIS_GYM,
  REQUEST_NO_LONGER_AVAILABLE,
  SESSION_ALREADY_STARTED,
} from '@mastr/rules/texts.ts';
import type { GymSessionRequestView } from '@mastr/rules/api/me.ts';
import { gymRequestId, isId } from '@mastr/rules/doc-ids.ts';
import type { GymProfileDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { hasSessionStarted } from '@mastr/rules/pt-bookings.ts';
import { newId } from '../../couch/ids.ts';
import type { Deps } from '../../deps.ts';
import { getMembership } from '../../couch/stores/memberships-store.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { gymRequestsById, gymRequestsIn, updateRequestCopy } from '../../couch/stores/session-requests-store.ts';
import { publicImageUrl } from '../accounts/index.ts';
import { gymRequestList } from './request-views.ts';
import { sessionOfRequest, tellSession } from './session-notifications.ts';

/**
 * The gym-request auction (§7 auctionhouse and apply, §4 "Applying"): the PT requests members sent
 * to a gym, open to the coaches registered there. A coach applies once; the application is added to
 * the gym's copy under its revision (two applies of one coach at once: one wins, the other is told
 * it has applied already), then mirrored to the member's copy, where 'Accepted Gym Requests' lists
 * the request once a coach applied (`accepted`).
 */

export const AUCTION_REFUSALS = {
  notRegistered: NOT_REGISTERED_TO_THIS_GYM,
  notSignedUp: NOT_FINISHED_SIGNING_UP,
  unknown: REQUEST_NO_LONGER_AVAILABLE,
  started: SESSION_ALREADY_STARTED,
} as const;
export const ALREADY_APPLIED = 'You have already applied for this session.';

export type AuctionOutcome<T> =
  { outcome: 'ok'; value: T } | { outcome: 'refused'; message: string } | { outcome: 'conflict'; message: string };

async function registeredGym(deps: Deps, coachId: string, gymId: string): Promise<GymProfileDoc | null> {
  if (!isId(gymId)) return null;
  const [membership, gym] = await Promise.all([
    getMembership(deps.couch, gymId, coachId),
    getProfile(deps.couch, 'gym', gymId),
  ]);
  return membership?.state === 'registered' && gym?.type === 'gym' ? gym : null;
}

/** The gym's requests whose session has not started, soonest first. */
async function openRequests(deps: Deps, gymId: string): Promise<GymSessionRequestView[]> {
  const now = deps.now();
  const requests = await gymRequestsIn(deps.couch, 'gym', gymId);
  return gymRequestList(requests.filter((r) => r.type === 'gym-request' && !hasSessionStarted(r, now)));
}

export async function auctionHouse(
  deps: Deps,
  coachId: string,
  gymId: string,
): Promise<
  AuctionOutcome<{ _id: string; gymName: string; privateSessionRequestsInformation: GymSessionRequestView[] }>
> {
  const gym = await registeredGym(deps, coachId, gymId);
  if (!gym) return { outcome: 'refused', message: AUCTION_REFUSALS.notRegistered };
  return {
    outcome: 'ok',
    value: { _id: gymId, gymName: gym.gymName, privateSessionRequestsInformation: await openRequests(deps, gymId) },
  };
}

export async function applyForRequest(
  deps: Deps,
  coachId: string,
  gymId: string,
  requestId: string,
): Promise<AuctionOutcome<GymSessionRequestView[]>> {
  const [gym, coach] = await Promise.all([
    registeredGym(deps, coachId, gymId),
    getProfile(deps.couch, 'coach', coachId),
  ]);
  if (!gym) return { outcome: 'refused', message: AUCTION_REFUSALS.notRegistered };
  // An Inactive coach (no price, no payments account: decision 28) could never be paid for the session.
  if (coach?.type !== 'coach' || !coach.status) return { outcome: 'refused', message: AUCTION_REFUSALS.notSignedUp };
  if (!isId(requestId)) return { outcome: 'refused', message: AUCTION_REFUSALS.unknown };
  const now = deps.now();
  let verdict: AuctionOutcome<never> | null = null;
  const application = {
    _id: newId(),
    coach_id: coachId,
    coachName: `${coach.firstName} ${coach.lastName}`.trim(),
    coachProfileImage: publicImageUrl(coach.profileImage),
    coachDiscipline: coach.discipline,
    coachPrice: coach.price,
  };
  const written = await updateRequestCopy<GymRequestDoc>(
    deps.couch,
    'gym',
    gymId,
    gymRequestId(requestId),
    (current) => {
      verdict = null;
      if (current?.type !== 'gym-request') verdict = { outcome: 'refused', message: AUCTION_REFUSALS.unknown };
      else if (hasSessionStarted(current, now)) verdict = { outcome: 'refused', message: AUCTION_REFUSALS.started };
      else if (current.appliedCoaches.some((c) => c.coach_id === coachId))
        verdict = { outcome: 'conflict', message: ALREADY_APPLIED };
      if (verdict) return null;
      return { ...current!, accepted: true, appliedCoaches: [...current!.appliedCoaches, application] };
    },
  );
  if (verdict) return verdict;
  await mirrorToMember(deps, written!);
  await tellSession(deps, {
    event: 'coach-applied',
    session: { ...sessionOfRequest(written!, written!.requestedDiscipline), coachId, coachName: application.coachName },
    otherName: application.coachName,
    notify: ['member'],
    mail: ['member'],
  });
  return { outcome: 'ok', value: await openRequests(deps, gymId) };
}

/** The member's copy mirrors the gym's: every coach who applied, in order, and `accepted` once one has. */
async function mirrorToMember(deps: Deps, gymCopy: GymRequestDoc): Promise<void> {
  const coachIds = (r: GymRequestDoc) => r.appliedCoaches.map((c) => c.coach_id).join();
  await updateRequestCopy<GymRequestDoc>(deps.couch, 'member', gymCopy.userProfile_id, gymCopy._id, (current) =>
    current && (current.accepted !== gymCopy.accepted || coachIds(current) !== coachIds(gymCopy))
      ? { ...current, accepted: gymCopy.accepted, appliedCoaches: gymCopy.appliedCoaches }
      : null,
  );
}

/**
 * Takes a coach's applications off a gym's requests: the coach left the gym, was terminated or
 * deleted its account, so no member can choose them any more (decision 40). The gym's copy decides
 * under its revision and the member's mirrors it; a request left with no coach is open again (the
 * member's 'Gym Requests'). Idempotent. Named requests (`requestIds`, a checkout that found the coach
 * gone) have their member's copy brought in line even when the gym's no longer lists the coach, which
 * mends a withdrawal that stopped between the two copies.
 */
export async function withdrawApplications(
  deps: Deps,
  coachId: string,
  gymId: string,
  requestIds?: readonly string[],
): Promise<void> {
  const requests = requestIds
    ? await gymRequestsById(deps.couch, gymId, requestIds)
    : await gymRequestsIn(deps.couch, 'gym', gymId);
  for (const request of requests) {
    if (request.type !== 'gym-request') continue;
    const listed = request.appliedCoaches.some((c) => c.coach_id === coachId);
    if (!listed && !requestIds) continue;
    const gymCopy = listed
      ? await updateRequestCopy<GymRequestDoc>(deps.couch, 'gym', gymId, request._id, (current) => {
          if (current?.type !== 'gym-request') return null;
          const appliedCoaches = current.appliedCoaches.filter((c) => c.coach_id !== coachId);
          if (appliedCoaches.length === current.appliedCoaches.length) return null;
          return { ...current, appliedCoaches, accepted: appliedCoaches.length > 0 };
        })
      : request;
    if (gymCopy?.type === 'gym-request') await mirrorToMember(deps, gymCopy);
  }
}
