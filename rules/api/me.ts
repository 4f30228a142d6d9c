/**
 * GET /api/me/users, /api/me/gyms, /api/me/coaches (§3, §7 "Private profile data"): the signed-in
 * account's own profile, the §3 field names with the bare profile id and the account's email and
 * mobile. Nothing private to the server (password hash, Google subject, verification state, CouchDB
 * `type`/`_rev`) is ever part of it.
 */
import type { Address } from '../documents.ts';
import type { AccountKind } from '../roles.ts';

/**
 * A §3 list this answer always sends empty: passes, bookings, requests and memberships live in the
 * tenant databases, which the PWA reads through sync (design/sync.md). Kept for the §3 shape.
 */
type EmptyList = never[];

interface Contact {
  /** The bare profile id. */
  _id: string;
  email: string;
  mobile: string;
}

export interface UserMe extends Contact {
  name: string;
  profileImage: string;
  coachProfileId: string | null;
  upcomingDayPassesInformation: EmptyList;
  expiredDayPassesInformation: EmptyList;
  upcomingMastrClassPassesInformation: EmptyList;
  unassignedMastrClassPassesInformation: EmptyList;
  privateSessionRequestsInformation: EmptyList;
  privateSessionRequestsGymInformation: EmptyList;
  upcomingSessions: EmptyList;
  upcomingSessionsInformation: EmptyList;
  completedSessions: EmptyList;
  cancelledSessions: EmptyList;
  todaysCompletedSessionsInformation: EmptyList;
  archivedBookingsInformation: EmptyList;
}

/** The weekly Mastr class slot: gym weekday 1-7 and seconds from midnight (§3 "{product} default class"). */
interface MastrClassDefault {
  weekday: number;
  time: number;
  cancelled: boolean;
  nextClassDate?: string;
}

export interface GymMe extends Contact {
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
  mastrClassAvailability: EmptyList;
  allMastrPasses: EmptyList;
  visitors: EmptyList;
  upcomingDayPassesInformation: EmptyList;
  expiredDayPassesInformation: EmptyList;
  coachesInformation: EmptyList;
  requestsInformation: EmptyList;
  schedule: EmptyList;
  upcomingSessionsInformation: EmptyList;
  cancelledSessions: EmptyList;
  todaysCompletedSessionsInformation: EmptyList;
  archivedBookingsInformation: EmptyList;
}

export interface CoachMe extends Contact {
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
  registeredGyms: EmptyList;
  pendingRequests: EmptyList;
  registeredGymsInformation: EmptyList;
  pendingRequestsInformation: EmptyList;
  availability: EmptyList;
  privateSessionRequestsInformation: EmptyList;
  upcomingSessions: EmptyList;
  upcomingSessionsInformation: EmptyList;
  completedSessions: EmptyList;
  cancelledSessions: EmptyList;
  todaysCompletedSessionsInformation: EmptyList;
  archivedBookingsInformation: EmptyList;
}

/** The answer of GET /api/me/{plural of kind}, per kind. */
export interface MeProfiles {
  user: UserMe;
  gym: GymMe;
  coach: CoachMe;
}

export type MeResponse = MeProfiles[AccountKind];
