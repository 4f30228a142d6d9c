/**
 * The public directory (§3, §7 "Public data"): GET /api/gyms, /api/coaches, /api/gyms/{id} and
 * /api/coaches/{id}. Public gyms (active and subscribed) and coaches (active) only, built field by
 * field, so no private field (email, mobile, payment status, memberships) is ever part of them.
 */
import type { MASTR_CLASS_WEEKS } from '../constants.ts';
import type { Address, ClassItem } from '../documents.ts';
import type { CoachAvailabilityDay } from './availability.ts';

/** A coach's avatar on a gym card (active coaches only, at most 9 on list cards). */
export interface CoachAvatar {
  _id: string;
  status: boolean;
  profileImage: string;
  firstName: string;
  lastName: string;
}

/** A gym's avatar on a coach card (active gyms only, at most 9). */
export interface GymAvatar {
  _id: string;
  status: boolean;
  profileImage: string;
  gymName: string;
}

/** The fields every gym answer starts with. */
export interface GymCard {
  _id: string;
  gymName: string;
  address: Address;
  bio: string;
  adultDayPassPrice: number; // pence
  kidsDayPassPrice: number; // pence
  profileImage: string;
  coverImage: string;
  mastrClassActive: boolean;
}

/** GET /api/gyms: oldest first, each with up to nine active registered coaches. */
export interface GymListItem extends GymCard {
  coachesInformation: CoachAvatar[];
}

/** A registered coach as the gym profile lists it. */
export interface GymCoach extends CoachAvatar {
  discipline: string;
  price: number; // pence per hour
}

/** One gym weekday (1 Monday .. 7 Sunday) with its classes for the default, current and next week. */
interface GymScheduleDay {
  _id: string;
  weekday: number;
  abbreviation: string;
  defaultClasses: ClassItem[];
  currentWeekClasses: ClassItem[];
  nextWeekClasses: ClassItem[];
}

/** A gym's public timetable: seven days, and the two weeks it covers. */
export interface GymTimetable {
  schedule: GymScheduleDay[];
  /** Mondays, 'YYYY-MM-DD', UK. */
  currentWeekStart: string;
  nextWeekStart: string;
}

/** One of the gym's next two Mastr classes (§3 "{product} availability entry"). */
export interface MastrClassOption {
  /** Derived from the gym and the start, so a checkout can name the class back. */
  _id: string;
  week: (typeof MASTR_CLASS_WEEKS)[number];
  /** UK wall clock 'YYYY-MM-DDTHH:mm:ss'. */
  classDateAndTime: string;
  cancelled: boolean;
}

/** GET /api/gyms/{id}. */
export interface GymDetail extends GymCard, GymTimetable {
  /**
   * False only for a member holding a pass at a gym no longer listed (its plan ended or it went
   * Inactive): the page stays reachable for them, and sells nothing (decision 65).
   */
  listed: boolean;
  activeCoachCount: number;
  /** Newest registration first (§2 lists the gym's coaches in reverse order). */
  coachesInformation: GymCoach[];
  mastrClassAvailability: MastrClassOption[];
}

/** The fields every coach answer starts with. */
export interface CoachCard {
  _id: string;
  firstName: string;
  lastName: string;
  discipline: string;
  price: number; // pence per hour
  sessionPreferenceType: string;
  profileImage: string;
}

/** GET /api/coaches: newest first, each with up to nine active registered gyms. */
export interface CoachListItem extends CoachCard {
  gymsInformation: GymAvatar[];
}

/** A public gym the coach is registered to. */
export interface RegisteredGym {
  _id: string;
  gymName: string;
  profileImage: string;
}

/** GET /api/coaches/{id}. */
export interface CoachDetail extends CoachListItem {
  instagramUsername: string;
  tiktokUsername: string;
  youtubeUsername: string;
  registeredGymsInformation: RegisteredGym[];
  availability: CoachAvailabilityDay[];
  /** Sundays, 'YYYY-MM-DD', UK. */
  currentWeekStart: string;
  nextWeekStart: string;
}
