import type { GymSessionRequestView } from '@mastr/rules/api/me.ts';
import { gymRequestId, isId, membershipDocId } from '@mastr/rules/doc-ids.ts';
import type { GymProfileDoc, GymRequestDoc, MembershipDoc } from '@mastr/rules/documents.ts';
import { hasSessionStarted } from '@mastr/rules/pt-bookings.ts';
import { DB } from '../../couch/databases.ts';
import { newId } from '../../couch/ids.ts';
import type { Deps } from '../../deps.ts';
import { docsWithPrefix, getDoc, tenantDb, updateDoc } from '../../couch/tenant-docs.ts';
import { getProfile } from '../accounts/profiles-store.ts';
import { publicImageUrl } from '../accounts/profile-images.ts';
import { gymRequestList } from './request-views.ts';
import { tellSession } from './session-notifications.ts';

/**
 * The gym-request auction (§7 auctionhouse and apply, §4 "Applying"): the PT requests members sent
 * to a gym, open to the coaches registered there. A coach applies once; the application is added to
 * the gym's copy under its revision (two applies of one coach at once: one wins, the other is told
 * it has applied already), then mirrored to the member's copy, where 'Accepted Gym Requests' lists
 * the request once a coach applied (`accepted`).
 */

export const AUCTION_REFUSALS = {
  notRegistered: 'You are not registered to this Gym.',
  notSignedUp: 'You have not finished signing up.',
  unknown: 'This request is no longer available.',
  started: 'This session has already started.',
} as const;
export const ALREADY_APPLIED = 'You have already applied for this session.';

export type AuctionOutcome<T> =
  { outcome: 'ok'; value: T } | { outcome: 'refused'; message: string } | { outcome: 'conflict'; message: string };

async function registeredGym(deps: Deps, coachId: string, gymId: string): Promise<GymProfileDoc | null> {
  if (!isId(gymId)) return null;
  const [membership, gym] = await Promise.all([
    getDoc(deps.couch.use<MembershipDoc>(DB.profiles), membershipDocId(gymId, coachId)),
    getProfile(deps.couch, 'gym', gymId),
  ]);
  return membership?.state === 'registered' && gym?.type === 'gym' ? gym : null;
}

/** The gym's requests whose session has not started, soonest first. */
async function openRequests(deps: Deps, gymId: string): Promise<GymSessionRequestView[]> {
  const now = deps.now();
  const requests = await docsWithPrefix(tenantDb<GymRequestDoc>(deps.couch, 'gym', gymId), gymRequestId(''));
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
  const written = await updateDoc(
    tenantDb<GymRequestDoc>(deps.couch, 'gym', gymId),
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
  // The member's copy mirrors the gym's (every coach who applied, in order).
  await updateDoc(tenantDb<GymRequestDoc>(deps.couch, 'member', written!.userProfile_id), written!._id, (current) =>
    current ? { ...current, accepted: true, appliedCoaches: written!.appliedCoaches } : null,
  );
  await tellSession(deps, [['member', written!.userProfile_id]], 'coach-applied', {
    gymId,
    coachId,
    memberId: written!.userProfile_id,
    otherName: application.coachName,
    sessionStart: written!.startTime,
  });
  return { outcome: 'ok', value: await openRequests(deps, gymId) };
}
