/**
 * A member's bookings (§7 "Member bookings"): checkouts answer a RedirectResponse to Stripe's hosted
 * checkout; every amount comes from stored prices, never from the request (design/payments.md).
 */
import type { CoachWeekKind } from '../coach-slots.ts';
import type { EXPERIENCE_LEVELS } from '../constants.ts';
import type { TimeSlot } from '../documents.ts';
import type { CoachAvailabilityDay } from './availability.ts';

export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** POST /api/booking/createCheckoutSession{Adult|Kids}DayPass. */
export interface DayPassCheckoutRequest {
  /** Must be the signed-in member. */
  user_id: string;
  gym_id: string;
  /** 'YYYY-MM-DD' (UK). */
  passDayDate: string;
}

/** POST /api/booking/createCheckoutMastrClass. */
export interface MastrClassCheckoutRequest {
  user_id: string;
  gym_id: string;
  /** The class's UK wall clock 'YYYY-MM-DDTHH:mm:ss'. */
  mastrClassDate: string;
  mastrClassId: string;
}

/** POST /api/booking/handlePrivateSessionGymRequest: a PT request to a gym; answers `{message}` (201). */
export interface GymSessionRequest {
  gym_id: string;
  /** 'YYYY-MM-DD' (UK). */
  selectedDate: string;
  /** An hourly slot, seconds from midnight. */
  selectedTime: number;
  selectedDiscipline: string;
  selectedExperienceLevel: string;
}

/** POST /api/booking/handlePrivateSessionCoachRequest: a request for one of a coach's slots. */
export interface CoachSlotRequest {
  /** Sent by the page but never trusted: the member comes from the token. */
  userEmail?: string;
  /** Sent by the page but never trusted: the price comes from the coach's profile. */
  coachPrice?: number;
  coach_id: string;
  /** Must be the signed-in member. */
  user_id: string;
  gym_id: string;
  selectedExperience: ExperienceLevel;
  bookingTimeObject: TimeSlot;
  /** The page's day id; the server finds the slot by week, date and time instead. */
  bookingDayId: string;
  bookingDate: string;
  currentOrNextWeek: CoachWeekKind;
}

/**
 * What a coach slot request answers: 'Request Sent' (201), or the server's explanation when
 * someone took the slot first (409, same shape); either way the coach's fresh availability.
 */
export interface CoachSlotRequestResponse {
  message: string;
  availability: CoachAvailabilityDay[];
}

/** POST /api/booking/user/cancel_day_pass/{id}: what happened, in the server's words, and the refund. */
export interface MemberCancelResponse {
  message: string;
  refundedPence: number;
}
