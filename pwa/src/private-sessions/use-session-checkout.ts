import { useCallback, useState } from 'react';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import { checkoutDestination } from '../gyms/index.ts';
import { ACCEPT_SESSION_FAILED } from '@mastr/rules/texts.ts';
import { checkoutFailure } from './session-checkout-errors.ts';
import { REQUEST_TEXTS } from './session-requests-model.ts';

export interface SessionCheckout {
  /** The request whose checkout is opening (stays set while the browser leaves for the checkout). */
  busyId: string | null;
  error: string;
  /** §8's 409 overlay: 'Conflict' and the server's message, until dismissed. */
  conflict: string | null;
  dismissConflict(): void;
  /** Requests a 409 said can no longer be paid (§8): they leave the list before sync brings the change. */
  hidden: ReadonlySet<string>;
  run(requestId: string, call: () => Promise<RedirectResponse>): Promise<void>;
}

/** Opens a PT checkout and sends the browser there, as the day-pass checkout does; needs a connection. */
export function useSessionCheckout(): SessionCheckout {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  const run = useCallback(async (requestId: string, call: () => Promise<RedirectResponse>) => {
    setError('');
    if (!navigator.onLine) return setError(REQUEST_TEXTS.offline);
    setBusyId(requestId);
    try {
      const destination = checkoutDestination((await call())?.url);
      if (destination) return window.location.assign(destination);
      // The address a checkout answered cannot be opened.
      setError(ACCEPT_SESSION_FAILED);
    } catch (err) {
      const failure = checkoutFailure(err);
      if (failure.kind === 'conflict') {
        setConflict(failure.message);
        if (!failure.openRequestIds?.has(requestId)) setHidden((ids) => new Set(ids).add(requestId));
      } else setError(failure.message);
    }
    setBusyId(null);
  }, []);

  return { busyId, error, conflict, dismissConflict: () => setConflict(null), hidden, run };
}
