import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { bookingErrorText, bookingErrorWithReason } from './booking-errors.ts';

describe('booking error texts (§8)', () => {
  it('maps statuses to the catalogue', () => {
    expect(bookingErrorText(new ApiError(400, 'Bad date'))).toBe('Missing data');
    expect(bookingErrorText(new ApiError(401, 'Nope'))).toBe('Unauthorized');
    expect(bookingErrorText(new ApiError(404, 'Not Found'))).toBe('Booking Failed');
    expect(bookingErrorText(new ApiError(500, 'Boom'))).toBe('Booking Failed');
    expect(bookingErrorText(new ApiError(0, 'No Server Response'))).toBe('No Server Response.');
    expect(bookingErrorText(new Error('offline'))).toBe('No Server Response.');
  });

  it("adds the server's reason to a refused booking", () => {
    expect(bookingErrorWithReason(new ApiError(400, 'The date must be more than two days ahead'))).toBe(
      'Missing data: The date must be more than two days ahead',
    );
    expect(bookingErrorWithReason(new ApiError(400, 'Missing data: this gym cannot take payments yet'))).toBe(
      'Missing data: this gym cannot take payments yet',
    );
    expect(bookingErrorWithReason(new ApiError(400, ''))).toBe('Missing data');
    expect(bookingErrorWithReason(new ApiError(401, 'Missing token'))).toBe('Unauthorized');
    expect(bookingErrorWithReason(new ApiError(403, 'Forbidden'))).toBe('Booking Failed');
  });
});
