/**
 * §8 "Booking (day pass, Mastr, gym request)": 400 'Missing data'; 401 'Unauthorized'; anything
 * else 'Booking Failed'; no answer at all is the common 'No Server Response.'.
 */
import { ApiError, statusOf } from '../api/index.ts';

export function bookingErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return 'No Server Response.';
  if (status === 400) return 'Missing data';
  if (status === 401) return 'Unauthorized';
  return 'Booking Failed';
}

/**
 * A refused booking also says why (a date too soon, a gym that cannot take payments yet), since the
 * member can act on it: 'Missing data: <the server's reason>'.
 */
export function bookingErrorWithReason(err: unknown): string {
  const text = bookingErrorText(err);
  const reason = err instanceof ApiError ? err.message.trim() : '';
  if (statusOf(err) !== 400 || !reason) return text;
  // The server may phrase its reason in the catalogue's words already ('Missing data: ...').
  return reason.startsWith(text) ? reason : `${text}: ${reason}`;
}
