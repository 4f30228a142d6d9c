/**
 * What the front desk tells its staff (issue 15): one current message naming who was checked in,
 * and a camera that either scans, is off, or says plainly why it cannot start. Pure.
 */
import type { Message } from '../forms/index.ts';
import type { PassView } from './front-desk-model.ts';

/** The check-in's result, with the member's name, the pass type and the entry code when it counted. */
export function checkInFeedback(
  result: Message,
  view: Pick<PassView, 'clientName' | 'passType' | 'kind' | 'entryCode'>,
): Message {
  if (result.tone !== 'success') return result;
  const pass = view.kind === 'day-pass' ? `${view.passType} Day Pass` : 'Mastr Class Pass';
  return { ...result, text: `${result.text} ${view.clientName} · ${pass} · ${view.entryCode}` };
}

export type Scanner = { state: 'off' } | { state: 'on' } | { state: 'failed'; reason: string };

export const SCANNER_OFF: Scanner = { state: 'off' };

/** The scan button's label: it never says 'Stop scanning' while no camera runs. */
export function scanButtonLabel(scanner: Scanner): string {
  if (scanner.state === 'on') return 'Stop scanning';
  return scanner.state === 'failed' ? 'Try the camera again' : 'Scan QR code';
}

/** Pressing the scan button: stops a running camera, else (off or failed) starts it once. */
export function toggleScanner(scanner: Scanner): Scanner {
  return scanner.state === 'on' ? SCANNER_OFF : { state: 'on' };
}

export const CAMERA_FAILURES = {
  refused: 'Camera access was refused. Allow the camera in the browser’s site settings, or type the entry code.',
  missing: 'No camera was found on this device. Type the entry code instead.',
  busy: 'The camera is in use by another app. Close it and try again, or type the entry code.',
  other: 'The camera could not start. Type the entry code instead.',
} as const;

/** Why the camera did not start, from the error getUserMedia (through zxing) rejected with. */
export function cameraFailure(err: unknown): Scanner {
  const name =
    err instanceof Error || (typeof err === 'object' && err !== null && 'name' in err)
      ? String((err as { name: unknown }).name)
      : '';
  const reason =
    name === 'NotAllowedError' || name === 'SecurityError'
      ? CAMERA_FAILURES.refused
      : name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotSupportedError'
        ? CAMERA_FAILURES.missing
        : name === 'NotReadableError' || name === 'AbortError'
          ? CAMERA_FAILURES.busy
          : CAMERA_FAILURES.other;
  return { state: 'failed', reason };
}
