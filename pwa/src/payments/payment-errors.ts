/** The §8 texts of the payment screens, as pure functions of the error `api()` threw. */
import { ApiError, statusOf } from '../api/index.ts';
import { CANCEL_MESSAGES } from '../front-desk/index.ts';
import { bookingErrorWithReason } from '../gyms/index.ts';
import type { FailureTexts } from './use-redirect-call.ts';

/**
 * §8 "Subscription": 400 'Missing data' (with the server's reason, e.g. already subscribed),
 * 401 'Unauthorized', anything else 'Booking Failed' — the catalogue's booking texts.
 */
export const SUBSCRIPTION_FAILURES: FailureTexts = { refused: bookingErrorWithReason, unusable: 'Booking Failed' };

/**
 * §8 "Cancel booking" for the member's own day pass: 400 "Missing ID's" with the server's reason
 * (e.g. 'Sales are final after 23:00 on the day of the session.'), 401 'Unauthorized', anything else
 * 'Cancel Booking Failed'; no answer at all means the device is offline and nothing changed.
 */
export function memberCancelErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return CANCEL_MESSAGES.offline;
  if (status === 401) return CANCEL_MESSAGES.unauthorized;
  if (status !== 400) return CANCEL_MESSAGES.failed;
  const reason = err instanceof ApiError ? err.message.trim() : '';
  return reason && !reason.startsWith(CANCEL_MESSAGES.missing)
    ? `${CANCEL_MESSAGES.missing}: ${reason}`
    : reason || CANCEL_MESSAGES.missing;
}
