/**
 * The coach–gym relation's six calls (§7 "Gym management and passes", "Coach gyms"): each answers the
 * lists §7 says the page reads, as GET /api/me/gyms|coaches would answer them after the call.
 * Refusals are 400 `{message}` (rules/memberships.ts MEMBERSHIP_REFUSALS); the pages show §8's text.
 */
import type { CoachMe, GymMe } from './me.ts';

/** POST /api/me/coaches/requestgym. */
export interface RequestGymRequest {
  gym_id: string;
}

export type RequestGymResponse = Pick<CoachMe, 'pendingRequests' | 'pendingRequestsInformation'>;
/** PUT /api/me/coaches/requestgym/{gymId}: §7 names only `pendingRequests`; the list is sent too. */
export type CancelGymRequestResponse = Pick<CoachMe, 'pendingRequests' | 'pendingRequestsInformation'>;
/** PUT /api/me/coaches/registeredgym/{gymId}. */
export type LeaveGymResponse = Pick<CoachMe, 'registeredGyms' | 'registeredGymsInformation'>;

/** POST /api/me/gyms/mycoaches/approve/{coachId}. */
export type ApproveCoachResponse = Pick<GymMe, 'requestsInformation' | 'coachesInformation'>;
/** DELETE /api/me/gyms/mycoaches/{coachId}. */
export type TerminateCoachResponse = Pick<GymMe, 'coachesInformation'>;
/** PUT /api/me/gyms/myrequests/{coachId}. */
export type RejectCoachResponse = Pick<GymMe, 'requestsInformation'>;
