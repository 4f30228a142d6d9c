/**
 * §8 "Booking (day pass, Mastr, gym request)": 400 'Missing data'; 401 'Unauthorized'; anything
 * else 'Booking Failed'; no answer at all is the common 'No Server Response.'.
 */
import { ApiError, statusOf } from '../api/http.ts';

export function bookingErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return 'No Server Response.';
  if (status === 400) return 'Missing data';
  if (status === 401) return 'Unauthorized';
  return 'Booking Failed';
}

/**
 * A refused PT request also says why (e.g. a date too soon), since the member can fix it in the
 * open form: 'Missing data: <the server's reason>'.
 */
export function ptRequestErrorText(err: unknown): string {
  const text = bookingErrorText(err);
  const reason = err instanceof ApiError ? err.message.trim() : '';
  return statusOf(err) === 400 && reason && reason !== text ? `${text}: ${reason}` : text;
}
