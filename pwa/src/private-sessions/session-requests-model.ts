/**
 * What the member's Coach Requests and Gym Requests tabs list (§2 privatesessions, §4 "Private
 * request"), from the request copies replicated into their database: soonest first, requests whose
 * session has started (or whose acceptance has lapsed, decision 38) left out, since none can be paid.
 */
import { NO_PRIVATE_SESSION_REQUESTS } from '@mastr/rules/texts.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { formatHourlyRate, formatPence } from '@mastr/rules/money.ts';
import { byStartAscending } from '@mastr/rules/pass-listing.ts';
import { hasSessionStarted, isAcceptanceLapsed } from '@mastr/rules/pt-bookings.ts';

export const REQUEST_TEXTS = {
  none: NO_PRIVATE_SESSION_REQUESTS,
  complete: 'Complete Request',
  offline: 'You are offline. Paying for a session needs a connection; nothing was changed.',
  waiting: 'Waiting for the coach to accept.',
  noCoachYet: 'Waiting for coaches to apply.',
} as const;

/** When a session is: 'EEEE do LLLL yyyy' and 'HH:mm – HH:mm'. */
export interface SessionWhen {
  date: string;
  time: string;
}

const whenOf = (session: { startTime: string; endTime: string }): SessionWhen => ({
  date: formatWallClock(session.startTime, DATE_FORMATS.long),
  time: `${formatWallClock(session.startTime, DATE_FORMATS.time)} – ${formatWallClock(session.endTime, DATE_FORMATS.time)}`,
});

interface MemberCoachRequest extends SessionWhen {
  id: string;
  /** What the checkout names. */
  requestId: string;
  coachFullName: string;
  gymName: string;
  experienceLevel: string;
  /** '£45/hr': what the checkout charges. */
  price: string;
}

export interface MemberCoachRequests {
  /** Accepted by the coach, to be paid ('Complete Request'). */
  accepted: MemberCoachRequest[];
  /** Waiting for the coach. */
  requested: MemberCoachRequest[];
}

export function memberCoachRequests(
  docs: readonly CoachRequestDoc[],
  now: Date,
  hidden: ReadonlySet<string> = new Set(),
): MemberCoachRequests {
  const lists: MemberCoachRequests = { accepted: [], requested: [] };
  const listed = docs
    .filter((doc) => !hidden.has(doc.requestId) && !hasSessionStarted(doc, now) && !isAcceptanceLapsed(doc, now))
    .sort(byStartAscending((doc) => doc.startTime));
  for (const doc of listed) {
    (doc.accepted ? lists.accepted : lists.requested).push({
      id: doc._id,
      requestId: doc.requestId,
      coachFullName: doc.coachFullName,
      gymName: doc.gymName,
      experienceLevel: doc.experienceLevel,
      price: formatHourlyRate(doc.coachPrice),
      ...whenOf(doc),
    });
  }
  return lists;
}

interface CoachChoice {
  /** The coach's profile id, which the checkout's `coachProfile_id` names. */
  coachId: string;
  coachName: string;
  coachDiscipline: string;
  coachProfileImage: string;
  /** The coach's own rate, shown struck through next to the fixed price (§4, §9). */
  coachPrice: string;
  /** What the member pays for the session: the request's price, £20 (§9). */
  price: string;
}

export interface MemberGymRequest extends SessionWhen {
  id: string;
  requestId: string;
  gymName: string;
  discipline: string;
  experienceLevel: string;
  /** '£20/hr': the request's price as the auction lists it. */
  sessionPrice: string;
  coaches: CoachChoice[];
}

export interface MemberGymRequests {
  /** Coaches applied: the member picks one and pays ('Accepted Gym Requests'). */
  accepted: MemberGymRequest[];
  /** No coach has applied yet ('Gym Requests'). */
  open: MemberGymRequest[];
}

export function memberGymRequests(
  docs: readonly GymRequestDoc[],
  now: Date,
  hidden: ReadonlySet<string> = new Set(),
): MemberGymRequests {
  const lists: MemberGymRequests = { accepted: [], open: [] };
  const listed = docs
    .filter((doc) => !hidden.has(doc.requestId) && !hasSessionStarted(doc, now))
    .sort(byStartAscending((doc) => doc.startTime));
  for (const doc of listed) {
    const coaches = doc.appliedCoaches.map((coach) => ({
      coachId: coach.coach_id,
      coachName: coach.coachName,
      coachDiscipline: coach.coachDiscipline,
      coachProfileImage: coach.coachProfileImage,
      coachPrice: formatHourlyRate(coach.coachPrice),
      price: formatPence(doc.sessionPrice),
    }));
    (coaches.length > 0 ? lists.accepted : lists.open).push({
      id: doc._id,
      requestId: doc.requestId,
      gymName: doc.gymName,
      discipline: doc.requestedDiscipline,
      experienceLevel: doc.experienceLevel,
      sessionPrice: formatHourlyRate(doc.sessionPrice),
      coaches,
      ...whenOf(doc),
    });
  }
  return lists;
}
