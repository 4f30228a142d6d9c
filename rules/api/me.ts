/**
 * GET /api/me/users, /api/me/gyms, /api/me/coaches (§3, §7 "Private profile data"): the signed-in
 * account's own profile, the §3 field names with the bare profile id and the account's email and
 * mobile, and the §3 lists read from the tenant databases (passes, check-ins, schedule,
 * availability, memberships, requests). Nothing private to the server (password hash, Google
 * subject, verification state, CouchDB `type`/`_rev`, entry tokens) is ever part of it.
 *
 * Paid private sessions (§3 "Booking/session") are in the session lists (`SessionListFields`):
 * members and coaches get all six, a gym the four §3 names for it, and a visitor its
 * `privateSessions` (design/data-model.md "GET /api/me lists").
 *
 * History lists (expired day passes, past Mastr passes, visitors) hold the `ME_HISTORY_CAP`
 * (rules/constants.ts) most recent, newest first (design/data-model.md "GET /api/me lists").
 */
import type { Address, CoachRequestDoc, GymRequestDoc } from '../documents.ts';
import type { GoLiveStep } from '../go-live.ts';
import type { CoachAvailabilityDay } from './availability.ts';
import type { GymCoach, GymTimetable, MastrClassOption, RegisteredGym } from './directory.ts';
import type { DayPassView, MastrPassView } from './front-desk.ts';
import type { SessionView } from './sessions.ts';

/**
 * §3's session lists, worked out on the UK wall clock (rules/pt-bookings.ts `sessionLists`; a session
 * is completed once it has ended).
 */
export interface SessionListFields {
  /** Ids of `upcomingSessionsInformation`. */
  upcomingSessions: string[];
  /** Not completed, today and later, soonest first (the pages split today's from later ones). */
  upcomingSessionsInformation: SessionView[];
  /** Ids of the completed sessions listed (today's, then archived). */
  completedSessions: string[];
  /** Completed today, soonest first. */
  todaysCompletedSessionsInformation: SessionView[];
  /** Completed before today, newest first, capped. */
  archivedBookingsInformation: SessionView[];
  /** Cancelled, newest session first, capped. */
  cancelledSessions: SessionView[];
}

/** The four a gym answers (§3 Gym). */
export type GymSessionListFields = Pick<
  SessionListFields,
  | 'upcomingSessionsInformation'
  | 'cancelledSessions'
  | 'todaysCompletedSessionsInformation'
  | 'archivedBookingsInformation'
>;

interface Contact {
  /** The bare profile id. */
  _id: string;
  email: string;
  mobile: string;
}

/**
 * A member's request for a coach's slot (§3 "Private session request (coach)"), with what the coach's
 * reject call names back (§7: user_profile_id, booking_day_id, request_date, bookingTimeObject_id).
 */
export interface CoachSessionRequestView extends Pick<
  CoachRequestDoc,
  | 'startTime'
  | 'endTime'
  | 'clientName'
  | 'userProfile_id'
  | 'coachId'
  | 'coachFullName'
  | 'coachPrice'
  | 'gymId'
  | 'gymName'
  | 'experienceLevel'
  | 'accepted'
  | 'bookingDayId'
  | 'bookingTimeObject_id'
> {
  /** The bare request id. */
  _id: string;
}

/** A member's PT request to a gym (§3 "Private session request (gym)"), with the coaches who applied. */
export interface GymSessionRequestView extends Pick<
  GymRequestDoc,
  | 'startTime'
  | 'endTime'
  | 'gymId'
  | 'gymName'
  | 'requestedDiscipline'
  | 'sessionPrice'
  | 'experienceLevel'
  | 'accepted'
  | 'appliedCoaches'
  | 'userProfile_id'
  | 'clientName'
> {
  /** The bare request id. */
  _id: string;
}

/** The member's own profile fields (no lists). */
export interface UserProfile extends Contact {
  name: string;
  profileImage: string;
  coachProfileId: string | null;
}

export interface UserMe extends UserProfile, SessionListFields {
  /** Today's and later day passes, soonest first; cancelled ones left out. */
  upcomingDayPassesInformation: DayPassView[];
  /** Day passes of earlier days (or expired today), newest first, capped; cancelled ones left out. */
  expiredDayPassesInformation: DayPassView[];
  /** Mastr passes booked into a class today or later, soonest first. */
  upcomingMastrClassPassesInformation: MastrPassView[];
  /** Mastr passes not booked into a class yet, oldest purchase first. */
  unassignedMastrClassPassesInformation: MastrPassView[];
  /** The member's requests for coaches' slots, soonest first. */
  privateSessionRequestsInformation: CoachSessionRequestView[];
  /** The member's PT requests to gyms, soonest first. */
  privateSessionRequestsGymInformation: GymSessionRequestView[];
}

/** The weekly Mastr class slot: gym weekday 1-7 and seconds from midnight (§3 "{product} default class"). */
interface MastrClassDefault {
  weekday: number;
  time: number;
  cancelled: boolean;
  nextClassDate?: string;
}

/** A gym weekday of the schedule (§3 "Schedule weekday"): 1 Monday .. 7 Sunday, default, current and next week. */
type GymScheduleDay = GymTimetable['schedule'][number];

/** One of the gym's next two Mastr classes with the passes booked into it (§3 "{product} availability entry"). */
export interface MastrClassAvailabilityEntry extends MastrClassOption {
  /** Ids of the Mastr passes booked into this class (their views are in `allMastrPasses`). */
  assignedPasses: string[];
}

/** A gym's visitor (§3 "Visitor"): a member with passes or private sessions at the gym, newest 7 of each first. */
export interface Visitor {
  /** The member's profile id. */
  _id: string;
  userName: string;
  email: string;
  /** Pass id and its day ('YYYY-MM-DDT00:00:00'), newest first, at most `MAX_VISITOR_ITEMS`. */
  dayPasses: { _id: string; date: string }[];
  /** Booking id and its start (UK wall clock), newest first, at most `MAX_VISITOR_ITEMS`; cancelled ones left out. */
  privateSessions: { _id: string; date: string }[];
}

/** The gym's own profile fields (no lists). */
export interface GymProfile extends Contact {
  gymName: string;
  address: Address;
  /** Shown Active or Inactive. */
  status: boolean;
  mastrPlan: string | null;
  subscribed: boolean;
  bio: string;
  adultDayPassPrice: number; // pence
  kidsDayPassPrice: number; // pence
  profileImage: string;
  coverImage: string;
  stripeAccountDetailsSubmittedStatus: boolean;
  mastrClassActive: boolean;
  mastrClassDefault: MastrClassDefault | null;
}

export interface GymMe extends GymProfile, GymSessionListFields {
  /** What the gym still lacks to be Active (rules/go-live.ts), payments included; empty once Active. */
  missingSteps: GoLiveStep[];
  /** The next two Mastr classes (none while the Mastr class is off). */
  mastrClassAvailability: MastrClassAvailabilityEntry[];
  /**
   * Every Mastr pass sold at the gym: booked into a class today or later (soonest first), then the
   * unassigned ones (oldest purchase first), then past classes (newest first, capped).
   */
  allMastrPasses: MastrPassView[];
  /** Most recent visitor first, capped. */
  visitors: Visitor[];
  /** Today's and later day passes, soonest first; cancelled ones left out (the front desk's list). */
  upcomingDayPassesInformation: DayPassView[];
  /** Day passes of earlier days (or expired today), newest first, capped; cancelled ones left out. */
  expiredDayPassesInformation: DayPassView[];
  /** Registered coaches, active or not, newest registration first. */
  coachesInformation: GymCoach[];
  /** Coaches asking to join (pending), oldest request first. */
  requestsInformation: GymCoach[];
  /** Monday to Sunday. */
  schedule: GymScheduleDay[];
}

/** The coach's own profile fields (no lists). */
export interface CoachProfile extends Contact {
  firstName: string;
  lastName: string;
  discipline: string;
  sessionPreferenceType: string;
  /** Shown Active or Inactive. */
  status: boolean;
  profileImage: string;
  price: number; // pence per hour
  instagramUsername: string;
  tiktokUsername: string;
  youtubeUsername: string;
  stripeAccountDetailsSubmittedStatus: boolean;
}

export interface CoachMe extends CoachProfile, SessionListFields {
  /** What the coach still lacks to be Active (rules/go-live.ts), payments included; empty once Active. */
  missingSteps: GoLiveStep[];
  /** Ids of the gyms the coach is registered at, oldest registration first. */
  registeredGyms: string[];
  /** Ids of the gyms the coach has asked to join, oldest request first. */
  pendingRequests: string[];
  /** The gyms of `registeredGyms`, in the same order, active or not. */
  registeredGymsInformation: RegisteredGym[];
  /** The gyms of `pendingRequests`, in the same order. */
  pendingRequestsInformation: RegisteredGym[];
  /** Sunday to Saturday, with the default, current-week and next-week hours. */
  availability: CoachAvailabilityDay[];
  /** Members' requests for the coach's slots, soonest first. */
  privateSessionRequestsInformation: CoachSessionRequestView[];
}

/** The answer of GET /api/me/{plural of kind}, per kind. */
export interface MeProfiles {
  user: UserMe;
  gym: GymMe;
  coach: CoachMe;
}
