import { useCallback, useState } from 'react';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import { checkoutDestination } from '../gyms/index.ts';

/** How a screen words a failure; without it failures are only logged (§8 "Stripe link failures"). */
export interface FailureTexts {
  /** The call failed: the §8 text for that error. */
  refused(err: unknown): string;
  /** The server answered without an address the browser may open. */
  unusable: string;
}

export interface RedirectCall {
  /** Set from the click until the call fails; stays set while the browser leaves for the address. */
  busy: boolean;
  error: string;
  run(call: () => Promise<RedirectResponse>): Promise<void>;
}

/** Runs a call that answers `{url}` and sends the browser there (Stripe onboarding, login, checkout, billing portal). */
export function useRedirectCall(texts: FailureTexts | null): RedirectCall {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const run = useCallback(
    async (call: () => Promise<RedirectResponse>) => {
      setBusy(true);
      setError('');
      try {
        const destination = checkoutDestination((await call())?.url);
        if (destination) {
          window.location.assign(destination);
          return;
        }
        console.error('The payments call answered without an address to open');
        setError(texts?.unusable ?? '');
      } catch (err) {
        console.error('The payments call failed', err);
        setError(texts?.refused(err) ?? '');
      }
      setBusy(false);
    },
    [texts],
  );

  return { busy, error, run };
}
