import { useEffect, useState } from 'react';
import type { PaymentsMode } from '@mastr/rules/api/payments.ts';
import { isTestMode, loadPaymentsMode, type ModeCache } from './payments-mode.ts';
// Its rule stays in payments' stylesheet, which the start-up loads already: a sheet of its own here
// would move the other payment rules off `/` and add a stylesheet to the pages that use them.
import '../payments/payments.css';

/** sessionStorage, if the browser lets this page use it (it throws when storage is blocked). */
function sessionCache(): ModeCache | null {
  try {
    const storage = window.sessionStorage;
    return {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        try {
          storage.setItem(key, value);
        } catch {
          // A full or read-only storage only costs one more request on the next page load.
        }
      },
    };
  } catch {
    return null;
  }
}

// One request per page load, however many bars render the badge.
let pending: Promise<PaymentsMode | null> | null = null;

function usePaymentsMode(): PaymentsMode | null {
  const [mode, setMode] = useState<PaymentsMode | null>(null);
  useEffect(() => {
    let live = true;
    pending ??= loadPaymentsMode(sessionCache());
    void pending.then((loaded) => {
      if (loaded === null) pending = null;
      if (live) setMode(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return mode;
}

/** "Test mode" while payments go to Stripe's test mode or the local test provider; nothing for live payments or when unknown. */
export function TestModeBadge() {
  const mode = usePaymentsMode();
  if (!isTestMode(mode)) return null;
  return (
    <span className="test-mode-badge" title="Payments here use test cards: no real money moves.">
      Test mode
    </span>
  );
}
