import { useCallback, useState } from 'react';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import { bookingErrorWithReason } from './booking-errors.ts';
import { checkoutDestination } from './checkout-destination.ts';

export interface CheckoutState {
  /** Disables the dialog's controls; for day passes it stays set after a failure (§4). */
  processing: boolean;
  /** A call is on its way (or the browser is leaving for the checkout): nothing may close the dialog. */
  inFlight: boolean;
  /** The §8 failure text (with the server's reason for a 400), '' when none. */
  error: string;
  start(open: () => Promise<RedirectResponse>): Promise<void>;
}

/**
 * Runs a checkout call and sends the browser to the hosted checkout it returns (§4 "Day pass
 * booking"). A day pass keeps its processing flag after an error, as §4 says, so a failed booking is
 * not blindly resent from the same dialog; other bookings may try again.
 */
export function useCheckout({ keepProcessingOnError }: { keepProcessingOnError: boolean }): CheckoutState {
  const [processing, setProcessing] = useState(false);
  const [inFlight, setInFlight] = useState(false);
  const [error, setError] = useState('');

  const start = useCallback(
    async (open: () => Promise<RedirectResponse>) => {
      setProcessing(true);
      setInFlight(true);
      setError('');
      let destination: string | null = null;
      try {
        const session = await open();
        destination = checkoutDestination(session?.url);
        if (!destination) setError('Booking Failed');
      } catch (err) {
        setError(bookingErrorWithReason(err));
      }
      if (destination) {
        window.location.assign(destination);
        return;
      }
      setInFlight(false);
      if (!keepProcessingOnError) setProcessing(false);
    },
    [keepProcessingOnError],
  );

  return { processing, inFlight, error, start };
}
