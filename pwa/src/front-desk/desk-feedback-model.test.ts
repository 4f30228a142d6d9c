import { describe, expect, it } from 'vitest';
import {
  CAMERA_FAILURES,
  cameraFailure,
  checkInFeedback,
  scanButtonLabel,
  SCANNER_OFF,
  toggleScanner,
} from './desk-feedback-model.ts';

const alex = { clientName: 'Alex', passType: 'Adult', kind: 'day-pass', entryCode: 'ABC234' } as const;

describe('check-in feedback', () => {
  it('names the member, the pass type and the code when the check-in counted', () => {
    expect(checkInFeedback({ tone: 'success', text: 'Checked In.' }, alex)).toEqual({
      tone: 'success',
      text: 'Checked In. Alex · Adult Day Pass · ABC234',
    });
    expect(checkInFeedback({ tone: 'success', text: 'Checked In.' }, { ...alex, kind: 'mastr-pass' }).text).toBe(
      'Checked In. Alex · Mastr Class Pass · ABC234',
    );
  });

  it('leaves a refusal as it is', () => {
    const refusal = { tone: 'error', text: 'Already checked in at 10:04.' } as const;
    expect(checkInFeedback(refusal, alex)).toBe(refusal);
  });
});

describe('the QR scanner button', () => {
  it('starts, stops, and after a failure offers to try again instead of saying Stop scanning', () => {
    expect(scanButtonLabel(SCANNER_OFF)).toBe('Scan QR code');
    const on = toggleScanner(SCANNER_OFF);
    expect(scanButtonLabel(on)).toBe('Stop scanning');
    expect(toggleScanner(on)).toEqual(SCANNER_OFF);
    const failed = cameraFailure(new DOMException('no device', 'NotFoundError'));
    expect(failed).toEqual({ state: 'failed', reason: CAMERA_FAILURES.missing });
    expect(scanButtonLabel(failed)).toBe('Try the camera again');
    expect(toggleScanner(failed)).toEqual({ state: 'on' });
  });

  it('says why the camera did not start', () => {
    expect(cameraFailure(new DOMException('denied', 'NotAllowedError'))).toMatchObject({
      reason: CAMERA_FAILURES.refused,
    });
    expect(cameraFailure(new DOMException('busy', 'NotReadableError'))).toMatchObject({ reason: CAMERA_FAILURES.busy });
    expect(cameraFailure(new Error('odd'))).toMatchObject({ reason: CAMERA_FAILURES.other });
    expect(cameraFailure('nothing')).toMatchObject({ reason: CAMERA_FAILURES.other });
  });
});
