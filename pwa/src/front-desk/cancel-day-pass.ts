/** Cancelling an upcoming day pass: online only (§7, §8 "Cancel booking"). */
import { CANCEL_BOOKING_FAILED } from '@mastr/rules/texts.ts';
import { callApi, statusOf } from '../api/index.ts';

export const CANCEL_MESSAGES = {
  offline: 'You are offline. Cancelling a day pass needs a connection; nothing was changed.',
  missing: "Missing ID's",
  unauthorized: 'Unauthorized',
  failed: CANCEL_BOOKING_FAILED,
} as const;

export function cancelErrorText(status: number): string {
  if (status === 0) return CANCEL_MESSAGES.offline;
  if (status === 400) return CANCEL_MESSAGES.missing;
  if (status === 401) return CANCEL_MESSAGES.unauthorized;
  return CANCEL_MESSAGES.failed;
}

/** Resolves what the server refunded once cancelled, else the §8 text to show. */
export async function cancelDayPass(
  passId: string,
): Promise<{ cancelled: true; refundedPence: number } | { cancelled: false; text: string }> {
  try {
    const answer = await callApi('POST /api/booking/gym/cancel_day_pass/{id}', { params: { id: passId }, auth: true });
    return { cancelled: true, refundedPence: answer?.refundedPence ?? 0 };
  } catch (err) {
    return { cancelled: false, text: cancelErrorText(statusOf(err)) };
  }
}
