/**
 * The public directory (§7 "Public data"): typed fetchers for the four GET calls that gyms and
 * coaches pages read. No token is sent — the server answers only public gyms and coaches and never a
 * private field. Errors are `ApiError`s (404 for an unknown or non-public id).
 */
import type { Address, ClassItem, TimeSlot } from '@mastr/rules/documents.ts';
import { api } from '../api/http.ts';

/** A coach's avatar on a gym card (active coaches only, at most 9 on list cards). */
interface CoachAvatar {
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

export interface GymListItem {
  _id: string;
  gymName: string;
  address: Address;
  bio: string;
  adultDayPassPrice: number; // pence
  kidsDayPassPrice: number; // pence
  profileImage: string;
  coverImage: string;
  mastrClassActive: boolean;
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

export interface MastrClassOption {
  _id: string;
  week: 'Next Class' | 'Following Class';
  /** UK wall clock 'YYYY-MM-DDTHH:mm:ss'. */
  classDateAndTime: string;
  cancelled: boolean;
}

export interface GymDetail extends Omit<GymListItem, 'coachesInformation'> {
  activeCoachCount: number;
  /** Newest registration first (§2 lists the gym's coaches in reverse order). */
  coachesInformation: GymCoach[];
  schedule: GymScheduleDay[];
  /** Mondays, 'YYYY-MM-DD', UK. */
  currentWeekStart: string;
  nextWeekStart: string;
  mastrClassAvailability: MastrClassOption[];
}

export interface CoachListItem {
  _id: string;
  firstName: string;
  lastName: string;
  discipline: string;
  price: number; // pence per hour
  sessionPreferenceType: string;
  profileImage: string;
  gymsInformation: GymAvatar[];
}

/** A public gym the coach is registered to. */
export interface RegisteredGym {
  _id: string;
  gymName: string;
  profileImage: string;
}

/** One coach weekday (0 Sunday .. 6 Saturday) with its hourly slots per week. */
export interface CoachAvailabilityDay {
  _id: string;
  weekday: number;
  abbreviation: string;
  defaultTimes: TimeSlot[];
  currentWeekTimes: TimeSlot[];
  nextWeekTimes: TimeSlot[];
}

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

export function fetchGyms(signal?: AbortSignal): Promise<GymListItem[]> {
  return api<GymListItem[]>('/api/gyms', { signal });
}

export function fetchGym(id: string, signal?: AbortSignal): Promise<GymDetail> {
  return api<GymDetail>(`/api/gyms/${encodeURIComponent(id)}`, { signal });
}

/** Newest first (§4: the coach list is shown in reverse order; the server already reverses it). */
export function fetchCoaches(signal?: AbortSignal): Promise<CoachListItem[]> {
  return api<CoachListItem[]>('/api/coaches', { signal });
}

export function fetchCoach(id: string, signal?: AbortSignal): Promise<CoachDetail> {
  return api<CoachDetail>(`/api/coaches/${encodeURIComponent(id)}`, { signal });
}
