import { describe, expect, it } from 'vitest';
import { notificationText } from './memberships.ts';

describe("the gym's cancellations told to the member (decision 71)", () => {
  it('name the gym, the day or class, and the money', () => {
    const gym = { otherName: 'Iron Temple' };
    expect(
      notificationText({
        ...gym,
        event: 'day-pass-cancelled-by-gym',
        sessionStart: '2026-11-22T00:00:00',
        refundedPence: 800,
      }),
    ).toBe(
      'Iron Temple cancelled your day pass for Sunday 22nd November 2026. You have been refunded £8 in full to your card.',
    );
    expect(
      notificationText({ ...gym, event: 'mastr-class-cancelled-by-gym', sessionStart: '2026-07-04T18:00:00' }),
    ).toBe(
      'Iron Temple cancelled the Mastr Class on Saturday 4th July 2026 at 18:00. Your pass is kept: book it into another class, or cancel it for a full refund.',
    );
  });
  it('leave the date out when a device dropped it, and say there is nothing to refund without an amount', () => {
    expect(notificationText({ otherName: 'Iron Temple', event: 'day-pass-cancelled-by-gym' })).toBe(
      'Iron Temple cancelled your day pass. No payment was taken for it, so there is nothing to refund.',
    );
    expect(notificationText({ otherName: 'Iron Temple', event: 'mastr-class-cancelled-by-gym' })).toMatch(
      /^Iron Temple cancelled the Mastr Class\. Your pass is kept/,
    );
  });
});
