/** §8 "Accept or checkout (user)": the texts of a failed PT checkout, as a pure function of the error. */
import { ACCEPT_SESSION_FAILED } from '@mastr/rules/texts.ts';
import type { CheckoutConflictResponse } from '@mastr/rules/api/sessions.ts';
import { ApiError, statusOf } from '../api/index.ts';
import { REQUEST_TEXTS } from './session-requests-model.ts';

export type CheckoutFailure =
  /**
   * 409: shown as a dismissible 'Conflict' overlay. The request leaves the list, unless the gym
   * request list the 409 carries afresh (`openRequestIds`) still holds it (e.g. only that coach can
   * no longer take it).
   */
  | { kind: 'conflict'; title: 'Conflict'; message: string; openRequestIds?: ReadonlySet<string> }
  | { kind: 'error'; message: string };

/** The request ids of a gym-request 409's fresh list, when it carries one. */
function openRequestIdsOf(err: unknown): ReadonlySet<string> | undefined {
  if (!(err instanceof ApiError) || typeof err.body !== 'object' || err.body === null) return undefined;
  const list = (err.body as Partial<CheckoutConflictResponse>).privateSessionRequestsGymInformation;
  return Array.isArray(list) ? new Set(list.map((r) => r._id)) : undefined;
}

export function checkoutFailure(err: unknown): CheckoutFailure {
  const status = statusOf(err);
  if (status === 0) return { kind: 'error', message: REQUEST_TEXTS.offline };
  if (status === 409) {
    const reason = err instanceof ApiError ? err.message.trim() : '';
    const openRequestIds = openRequestIdsOf(err);
    return {
      kind: 'conflict',
      title: 'Conflict',
      message: reason || 'This request can no longer be paid.',
      ...(openRequestIds ? { openRequestIds } : {}),
    };
  }
  if (status === 400) {
    const reason = err instanceof ApiError ? err.message.trim() : '';
    return { kind: 'error', message: reason && reason !== "Missing ID's" ? `Missing ID's: ${reason}` : "Missing ID's" };
  }
  if (status === 401) return { kind: 'error', message: 'Unauthorized' };
  return { kind: 'error', message: ACCEPT_SESSION_FAILED };
}
