/**
 * A member's bookings (§7 "Member bookings"): checkouts answer a RedirectResponse to Stripe's hosted
 * checkout; every amount comes from stored prices, never from the request (design/payments.md).
 */
import type { CoachWeekKind, ShownSlot } from '../coach-slots.ts';
import type { EXPERIENCE_LEVELS } from '../constants.ts';
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
  bookingTimeObject: ShownSlot;
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

/**
 * How a cancelled day pass finally stands. A cancel call that finds the pass cancelled already (the
 * other side, or this side's other tap, won: design/payments.md "Refunds") answers §8's 400 'This day
 * pass is already cancelled.' with it, once whatever that cancellation left undone is finished.
 */
export interface DayPassCancellation {
  passId: string;
  cancelled: true;
  /** Null for a pass cancelled before who cancelled was recorded. */
  cancelledBy: 'member' | 'gym' | null;
  cancelledAt: string | null;
  /** What has been refunded of the pass's payment, in pence (0 when none is due or it was never paid). */
  refundedPence: number;
}

/**
 * How a cancelled Mastr class pass finally stands, in the 400 'This Mastr pass is already
 * cancelled.' of a repeated cancel (decision 70). Only its member cancels a Mastr pass.
 */
export interface MastrPassCancellation {
  passId: string;
  cancelled: true;
  cancelledBy: 'member';
  cancelledAt: string | null;
  refundedPence: number;
}

/** The 400 body of a refused member cancellation; `pass` only when it was cancelled already. */
export interface MemberCancelRefusal {
  message: string;
  pass?: DayPassCancellation | MastrPassCancellation;
}
