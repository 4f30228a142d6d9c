/**
 * Private sessions (§7 "Coach gyms, availability, auction, requests" and "Member bookings"): a
 * coach's answers to slot requests, the gym-request auction, the PT checkouts and the cancels of a
 * paid session (design/decisions.md 37-40).
 */
import type { BookingDoc } from '../documents.ts';
import type { CoachSessionRequestView, GymSessionRequestView } from './me.ts';

/** POST .../sessionrequests/accept/{requestId} and PUT .../reject/{requestId}: the coach's requests, read after the write. */
export interface SessionRequestsResponse {
  privateSessionRequestsInformation: CoachSessionRequestView[];
}

/**
 * PUT /api/me/coaches/sessionrequests/reject/{requestId}: what the page sends (§7). Never trusted:
 * the server finds the request, its member and its slot from the request id.
 */
export interface RejectSessionRequest {
  user_profile_id?: string;
  booking_day_id?: string;
  request_date?: string;
  bookingTimeObject_id?: string;
}

/** GET /api/me/coaches/auctionhouse/gym/{gymId}: the gym and its open PT requests, soonest first. */
export interface AuctionHouseResponse {
  _id: string;
  gymName: string;
  privateSessionRequestsInformation: GymSessionRequestView[];
}

/** POST /api/me/coaches/auctionhouse/apply/{gymId}/{requestId}: the gym's open requests after the apply. */
export interface AuctionApplyResponse {
  privateSessionRequestsInformation: GymSessionRequestView[];
}

/** POST /api/booking/gymrequest/create-checkout/{requestId}: the applied coach the member chose. */
export interface GymRequestCheckoutRequest {
  coachProfile_id: string;
}

/**
 * A 409 of a PT checkout (§8 "Coach request checkout 409"): the request can no longer be paid (taken,
 * lapsed, booked already). A gym request's 409 also carries the member's gym requests afresh.
 */
export interface CheckoutConflictResponse {
  message: string;
  privateSessionRequestsGymInformation?: GymSessionRequestView[];
}

/** A paid private session (§3 "Booking/session"), `completed` worked out on the UK wall clock. */
export interface SessionView extends Pick<
  BookingDoc,
  | 'startTime'
  | 'endTime'
  | 'clientName'
  | 'gymName'
  | 'coachFullName'
  | 'discipline'
  | 'gymId'
  | 'coachId'
  | 'userProfile_id'
  | 'experienceLevel'
  | 'cancelled'
> {
  /** The bare booking id. */
  _id: string;
  completed: boolean;
}

/** POST /api/booking/{coach|user}/cancel_booking/{id}: what happened and the refund. */
export interface CancelBookingResponse {
  message: string;
  refundedPence: number;
}
