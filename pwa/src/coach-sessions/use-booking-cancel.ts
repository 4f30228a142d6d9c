import { useCallback, useState } from 'react';
import { callApi, statusOf } from '../api/index.ts';
import { BOOKINGS_TEXTS, cancelErrorText } from './coach-bookings-model.ts';

/**
 * The coach's cancel of an upcoming session (§7 `POST /api/booking/coach/cancel_booking/{id}`, the
 * member refunded in full): online only, one at a time. A success leaves the lists at once; the
 * device's booking follows by replication.
 */
export function useBookingCancel() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [cancelledHere, setCancelledHere] = useState<ReadonlySet<string>>(new Set());

  const cancel = useCallback(async (bookingId: string) => {
    setDone(null);
    if (!navigator.onLine) return setError(BOOKINGS_TEXTS.offline);
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi('POST /api/booking/coach/cancel_booking/{bookingId}', {
        params: { bookingId },
        auth: true,
      });
      setCancelledHere((was) => new Set(was).add(bookingId));
      setDone(answer.message || BOOKINGS_TEXTS.cancelled);
    } catch (err) {
      setError(cancelErrorText(statusOf(err)));
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, done, cancelledHere, cancel };
}
