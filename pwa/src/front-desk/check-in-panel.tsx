import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { ENTRY_CODE_LENGTH } from '@mastr/rules/constants.ts';
import { FormMessage, errorMessage, type Message } from '../forms/form-message.tsx';
import { passForScannedToken } from './entry-scan.ts';
import { findTodayPassByCode, type CodeLookup, type PassView } from './front-desk-model.ts';
import type { useFrontDesk } from './use-front-desk.ts';

const QrScanner = lazy(() => import('./qr-scanner.tsx'));

type FrontDesk = ReturnType<typeof useFrontDesk>;

/** Check in by typed entry code or by the member's QR code; both work offline. */
export function CheckInPanel({ desk }: { desk: FrontDesk }) {
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const { publicKeys, gymId, checkIn } = desk;
  // Until the local copy has answered, its lists are empty: a lookup must not say 'no pass'.
  const lists = desk.ready ? desk.lists : null;

  const checkInFound = useCallback(
    async (lookup: CodeLookup, method: 'code' | 'qr') => {
      if ('error' in lookup) return setMessage(errorMessage(lookup.error));
      const view: PassView = lookup.found;
      const result = await checkIn(view, method);
      setMessage(
        result.tone === 'success'
          ? { ...result, text: `${result.text} ${view.clientName} · ${view.entryCode}` }
          : result,
      );
      if (result.tone === 'success') setCode('');
    },
    [checkIn],
  );

  const onScanned = useCallback(
    (token: string) => {
      setScanning(false);
      if (!gymId) return;
      void passForScannedToken(token, publicKeys, lists, gymId, new Date()).then((lookup) =>
        checkInFound(lookup, 'qr'),
      );
    },
    [publicKeys, lists, gymId, checkInFound],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    void checkInFound(findTodayPassByCode(lists, code), 'code');
  }

  return (
    <section className="dash-panel check-in-panel" aria-labelledby="check-in-title">
      <h2 id="check-in-title" className="dash-panel__title">
        Check In
      </h2>
      <form className="check-in-panel__form" onSubmit={submit}>
        <label className="form-field__label" htmlFor="entry-code">
          Entry code
        </label>
        <input
          id="entry-code"
          className="form-field__input check-in-panel__code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={ENTRY_CODE_LENGTH + 2}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className="button" aria-label="Check In by entry code">
          Check In
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setScanning((s) => !s)}
          aria-expanded={scanning}
        >
          {scanning ? 'Stop scanning' : 'Scan QR code'}
        </button>
      </form>
      {scanning && (
        <Suspense fallback={<p className="dash-note">Starting the camera…</p>}>
          <QrScanner onCode={onScanned} />
        </Suspense>
      )}
      <FormMessage message={message} />
    </section>
  );
}
