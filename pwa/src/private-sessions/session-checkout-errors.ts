/** §8 "Accept or checkout (user)": the texts of a failed PT checkout, as a pure function of the error. */
import { ApiError, statusOf } from '../api/http.ts';
import { REQUEST_TEXTS } from './session-requests-model.ts';

export type CheckoutFailure =
  /** 409: the request can no longer be paid; shown as a dismissible 'Conflict' overlay, the request leaves the list. */
  { kind: 'conflict'; title: 'Conflict'; message: string } | { kind: 'error'; message: string };

export function checkoutFailure(err: unknown): CheckoutFailure {
  const status = statusOf(err);
  if (status === 0) return { kind: 'error', message: REQUEST_TEXTS.offline };
  if (status === 409) {
    const reason = err instanceof ApiError ? err.message.trim() : '';
    return { kind: 'conflict', title: 'Conflict', message: reason || 'This request can no longer be paid.' };
  }
  if (status === 400) {
    const reason = err instanceof ApiError ? err.message.trim() : '';
    return { kind: 'error', message: reason && reason !== "Missing ID's" ? `Missing ID's: ${reason}` : "Missing ID's" };
  }
  if (status === 401) return { kind: 'error', message: 'Unauthorized' };
  return { kind: 'error', message: 'Accept Session Failed' };
}

/** The address a checkout answered can be opened; else 'Accept Session Failed'. */
export const UNUSABLE_CHECKOUT = 'Accept Session Failed';
