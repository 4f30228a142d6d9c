import type { CoachSessionRequestView, GymSessionRequestView } from '@mastr/rules/api/me.ts';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { byStartAscending } from '@mastr/rules/pass-listing.ts';

/**
 * Private session requests in the §3 shapes GET /api/me answers (rules/api/me.ts), soonest first,
 * built field by field: the slot-claim bookkeeping and CouchDB's fields stay on the server.
 */

const soonestFirst = byStartAscending((r: { startTime: string }) => r.startTime);

function coachRequestView(r: CoachRequestDoc): CoachSessionRequestView {
  return {
    _id: r.requestId,
    startTime: r.startTime,
    endTime: r.endTime,
    clientName: r.clientName,
    userProfile_id: r.userProfile_id,
    coachId: r.coachId,
    coachFullName: r.coachFullName,
    coachPrice: r.coachPrice,
    gymId: r.gymId,
    gymName: r.gymName,
    experienceLevel: r.experienceLevel,
    accepted: r.accepted,
    bookingDayId: r.bookingDayId,
    bookingTimeObject_id: r.bookingTimeObject_id,
  };
}

function gymRequestView(r: GymRequestDoc): GymSessionRequestView {
  return {
    _id: r.requestId,
    startTime: r.startTime,
    endTime: r.endTime,
    gymId: r.gymId,
    gymName: r.gymName,
    requestedDiscipline: r.requestedDiscipline,
    sessionPrice: r.sessionPrice,
    experienceLevel: r.experienceLevel,
    accepted: r.accepted,
    appliedCoaches: r.appliedCoaches.map((c) => ({
      _id: c._id,
      coach_id: c.coach_id,
      coachName: c.coachName,
      coachProfileImage: c.coachProfileImage,
      coachDiscipline: c.coachDiscipline,
      coachPrice: c.coachPrice,
    })),
    userProfile_id: r.userProfile_id,
    clientName: r.clientName,
  };
}

/** Requests for coaches' slots (in a coach's or a member's database), soonest first. */
export function coachRequestList(requests: readonly CoachRequestDoc[]): CoachSessionRequestView[] {
  return [...requests].sort(soonestFirst).map(coachRequestView);
}

/** PT requests to gyms (in a gym's or a member's database), soonest first. */
export function gymRequestList(requests: readonly GymRequestDoc[]): GymSessionRequestView[] {
  return [...requests].sort(soonestFirst).map(gymRequestView);
}
