/**
 * A member's request for one of a coach's slots (§4 "Coach slot", §7 "Member bookings"): the body of
 * `POST /api/booking/handlePrivateSessionCoachRequest`, the call, and what each answer means for the
 * profile page. The server prices the session from the coach's stored profile; `coachPrice` is sent
 * only because the contract names it.
 */
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import type { CoachSlotRequest, CoachSlotRequestResponse, ExperienceLevel } from '@mastr/rules/api/booking.ts';
import type { CoachDetail } from '@mastr/rules/api/directory.ts';
import { ApiError, callApi, statusOf } from '../api/index.ts';
import type { SlotChoice } from './availability-grid-model.ts';

export const REQUEST_SENT = 'Request Sent';

export interface ConfirmedDetails {
  gymId: string;
  experience: ExperienceLevel;
}

/** The signed-in member as the session knows them. */
export interface Member {
  profileId: string;
  email: string;
}

export function coachRequestBody(
  coach: Pick<CoachDetail, '_id' | 'price'>,
  choice: SlotChoice,
  details: ConfirmedDetails,
  member: Member,
): CoachSlotRequest {
  const { _id, time, booked, requested } = choice.slot;
  return {
    userEmail: member.email,
    coach_id: coach._id,
    user_id: member.profileId,
    gym_id: details.gymId,
    coachPrice: coach.price,
    selectedExperience: details.experience,
    bookingTimeObject: { _id, time, booked, requested },
    bookingDayId: choice.dayId,
    bookingDate: choice.date,
    currentOrNextWeek: choice.weekKind,
  };
}

export function sendCoachRequest(body: CoachSlotRequest): Promise<CoachSlotRequestResponse> {
  return callApi('POST /api/booking/handlePrivateSessionCoachRequest', { body, auth: true });
}

function bodyMessage(err: unknown): string {
  const body = err instanceof ApiError ? err.body : undefined;
  const message =
    body && typeof body === 'object' && 'message' in body ? (body as { message: unknown }).message : undefined;
  return typeof message === 'string' ? message.trim() : '';
}

/**
 * §8 booking texts: 400 'Missing data' with the server's reason, 401 'Unauthorized', anything else
 * 'Booking Failed'. A 409 (someone took the slot first) shows the server's own explanation.
 */
export function coachRequestErrorText(err: unknown): string {
  const status = statusOf(err);
  const reason = bodyMessage(err);
  if (status === 0) return 'No Server Response.';
  if (status === 400) return reason ? `Missing data: ${reason}` : 'Missing data';
  if (status === 401) return 'Unauthorized';
  if (status === 409) return reason || 'Booking Failed';
  return 'Booking Failed';
}

/** The fresh availability a 409 carries, so the grid shows who won the slot; null otherwise. */
export function availabilityAfterConflict(err: unknown): CoachAvailabilityDay[] | null {
  if (statusOf(err) !== 409 || !(err instanceof ApiError)) return null;
  const body = err.body as { availability?: unknown } | undefined;
  return Array.isArray(body?.availability) ? (body.availability as CoachAvailabilityDay[]) : null;
}
