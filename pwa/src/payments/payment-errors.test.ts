import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { memberCancelErrorText, SUBSCRIPTION_FAILURES } from './payment-errors.ts';

describe('subscription failures (§8)', () => {
  it('maps statuses to the catalogue', () => {
    expect(SUBSCRIPTION_FAILURES.refused(new ApiError(400, ''))).toBe('Missing data');
    expect(SUBSCRIPTION_FAILURES.refused(new ApiError(400, 'Already subscribed'))).toBe(
      'Missing data: Already subscribed',
    );
    expect(SUBSCRIPTION_FAILURES.refused(new ApiError(401, 'Missing token'))).toBe('Unauthorized');
    expect(SUBSCRIPTION_FAILURES.refused(new ApiError(500, 'Boom'))).toBe('Booking Failed');
    expect(SUBSCRIPTION_FAILURES.unusable).toBe('Booking Failed');
  });
});

describe("a member's day-pass cancel failures (§8 'Cancel booking')", () => {
  it("says Missing ID's with the server's reason on a 400", () => {
    expect(memberCancelErrorText(new ApiError(400, 'Sales are final after 23:00 on the day of the session.'))).toBe(
      "Missing ID's: Sales are final after 23:00 on the day of the session.",
    );
    expect(memberCancelErrorText(new ApiError(400, "Missing ID's: no such pass"))).toBe("Missing ID's: no such pass");
    expect(memberCancelErrorText(new ApiError(400, ''))).toBe("Missing ID's");
  });

  it('maps the other statuses', () => {
    expect(memberCancelErrorText(new ApiError(401, 'Missing token'))).toBe('Unauthorized');
    expect(memberCancelErrorText(new ApiError(404, 'Not Found'))).toBe('Cancel Booking Failed');
    expect(memberCancelErrorText(new ApiError(500, 'Boom'))).toBe('Cancel Booking Failed');
  });

  it('says the device is offline when no answer came', () => {
    expect(memberCancelErrorText(new ApiError(0, 'No Server Response'))).toMatch(/^You are offline/);
  });
});
