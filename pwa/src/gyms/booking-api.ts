/** Member booking calls from a gym profile (§7 "Member bookings"); each needs the member's token. */
import type { DayPassType } from '@mastr/rules/constants.ts';
import type { DayPassCheckoutRequest, GymSessionRequest, MastrClassCheckoutRequest } from '@mastr/rules/api/booking.ts';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import { callApi } from '../api/index.ts';

/** Kids passes use the kids flow, adult passes the adult flow (§4). */
export function createDayPassCheckout(passType: DayPassType, body: DayPassCheckoutRequest): Promise<RedirectResponse> {
  return callApi(`POST /api/booking/createCheckoutSession${passType}DayPass`, { body, auth: true });
}

export function createMastrClassCheckout(body: MastrClassCheckoutRequest): Promise<RedirectResponse> {
  return callApi('POST /api/booking/createCheckoutMastrClass', { body, auth: true });
}

export function requestGymPrivateSession(body: GymSessionRequest): Promise<void> {
  return callApi('POST /api/booking/handlePrivateSessionGymRequest', { body, auth: true }).then(() => undefined);
}
