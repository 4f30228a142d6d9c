import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { ENTRY_CODE_LENGTH } from '@mastr/rules/constants.ts';
import { FormMessage, errorMessage, type Message } from '../forms/index.ts';
import {
  cameraFailure,
  checkInFeedback,
  scanButtonLabel,
  SCANNER_OFF,
  toggleScanner,
  type Scanner,
} from './desk-feedback-model.ts';
import { passForScannedToken } from './entry-scan.ts';
import { findTodayPassByCode, type CodeLookup } from './front-desk-model.ts';
import type { useFrontDesk } from './use-front-desk.ts';

const QrScanner = lazy(() => import('./qr-scanner.tsx'));

type FrontDesk = ReturnType<typeof useFrontDesk>;

/**
 * Check in by typed entry code or by the member's QR code; both work offline. The page owns the one
 * current message (a tap in the list below replaces it too); after each check-in the code field is
 * cleared and focused for the next member, and a camera that cannot start says why and turns off.
 */
export function CheckInPanel({
  desk,
  message,
  onMessage,
}: {
  desk: FrontDesk;
  message: Message | null;
  onMessage(message: Message): void;
}) {
  const [code, setCode] = useState('');
  const [scanner, setScanner] = useState<Scanner>(SCANNER_OFF);
  const field = useRef<HTMLInputElement>(null);
  const { publicKeys, gymId, checkIn } = desk;
  // Until the local copy has answered, its lists are empty: a lookup must not say 'no pass'.
  const lists = desk.ready ? desk.lists : null;

  const checkInFound = useCallback(
    async (lookup: CodeLookup, method: 'code' | 'qr') => {
      if ('error' in lookup) onMessage(errorMessage(lookup.error));
      else {
        const result = checkInFeedback(await checkIn(lookup.found, method), lookup.found);
        onMessage(result);
        if (result.tone === 'success') setCode('');
      }
      field.current?.focus();
    },
    [checkIn, onMessage],
  );

  const onScanned = useCallback(
    (token: string) => {
      setScanner(SCANNER_OFF);
      if (!gymId) return;
      void passForScannedToken(token, publicKeys, lists, gymId, new Date()).then((lookup) =>
        checkInFound(lookup, 'qr'),
      );
    },
    [publicKeys, lists, gymId, checkInFound],
  );

  const onCameraFailure = useCallback((err: unknown) => setScanner(cameraFailure(err)), []);

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
          ref={field}
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
          onClick={() => setScanner(toggleScanner)}
          aria-expanded={scanner.state === 'on'}
        >
          {scanButtonLabel(scanner)}
        </button>
      </form>
      {scanner.state === 'on' && (
        <Suspense fallback={<p className="dash-note">Starting the camera…</p>}>
          <QrScanner onCode={onScanned} onFailure={onCameraFailure} />
        </Suspense>
      )}
      {scanner.state === 'failed' && (
        <p className="dash-note dash-note--offline camera-failure" role="status">
          {scanner.reason}
        </p>
      )}
      <FormMessage message={message} takeFocus={false} />
    </section>
  );
}
