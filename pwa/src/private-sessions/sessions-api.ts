/** The member's private-session calls of §7 "Member bookings": the two PT checkouts (each answers `{url}`) and the cancel. */
import type { CancelBookingResponse } from '@mastr/rules/api/sessions.ts';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import { callApi } from '../api/index.ts';

/** 'Complete Request' on an accepted coach request: a checkout at the coach's price. */
export function openCoachRequestCheckout(requestId: string): Promise<RedirectResponse> {
  return callApi('POST /api/booking/coachrequest/create-checkout/{id}', { params: { id: requestId }, auth: true });
}

/** A coach chosen for a gym request: a checkout at the fixed £20. */
export function openGymRequestCheckout(requestId: string, coachId: string): Promise<RedirectResponse> {
  return callApi('POST /api/booking/gymrequest/create-checkout/{requestId}', {
    params: { requestId },
    body: { coachProfile_id: coachId },
    auth: true,
  });
}

/** The member cancels one of their sessions; the server applies the refund rule. */
export function cancelMemberBooking(bookingId: string): Promise<CancelBookingResponse> {
  return callApi('POST /api/booking/user/cancel_booking/{id}', { params: { id: bookingId }, auth: true });
}
