import { describe, expect, it } from 'vitest';
import { todaysBookingCount, todaysBookingsText } from './todays-bookings.ts';

// 23:30 UTC on 14 July is 00:30 BST on 15 July: today in the UK is the 15th.
const NOW = new Date('2026-07-14T23:30:00Z');
const session = (id: string, startTime: string) => ({ _id: id, startTime });

describe("today's bookings", () => {
  it("counts upcoming sessions starting on today's UK date and those completed today, each once", () => {
    const count = todaysBookingCount(
      {
        upcomingSessionsInformation: [
          session('a', '2026-07-15T09:00:00'),
          session('b', '2026-07-15T18:00:00Z'),
          session('c', '2026-07-14T20:00:00'),
          session('d', '2026-07-16T09:00:00'),
        ],
        todaysCompletedSessionsInformation: [session('e', '2026-07-15T06:00:00'), session('a', '2026-07-15T09:00:00')],
      },
      NOW,
    );
    expect(count).toBe(3);
  });

  it('counts an empty list as none booked', () => {
    expect(todaysBookingCount({ upcomingSessionsInformation: [], todaysCompletedSessionsInformation: [] }, NOW)).toBe(
      0,
    );
    expect(todaysBookingsText(0)).toBe('No sessions booked today.');
  });

  it('says the count in words', () => {
    expect(todaysBookingsText(1)).toBe('1 session booked today.');
    expect(todaysBookingsText(4)).toBe('4 sessions booked today.');
  });
});
