import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { coachAnalyticsSummary, coachWeeklyFigures } from './coach-analytics-model.ts';

const NOW = new Date('2026-11-25T12:00:00Z'); // Wednesday; this coach week began Sunday 22 November
let n = 0;
function booking(startTime: string, overrides: Partial<BookingDoc> = {}): BookingDoc {
  n += 1;
  return {
    _id: `booking:${n}`,
    type: 'booking',
    bookingId: String(n),
    source: 'coach-request',
    startTime,
    endTime: startTime.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
    clientName: 'A',
    userProfile_id: 'm',
    coachId: 'c',
    coachFullName: 'C',
    gymId: 'g',
    gymName: 'G',
    discipline: 'Boxing',
    experienceLevel: 'Beginner',
    pricePence: 4500,
    coachReceivesPence: 3375,
    paymentId: 'p',
    slotClaimId: 's',
    cancelled: false,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe("the coach's weekly analytics", () => {
  it('counts eight Sunday weeks up to this one, sessions where they take place, with the coach’s part earned', () => {
    const weeks = coachWeeklyFigures(
      [
        booking('2026-11-22T09:00:00'), // this week's Sunday
        booking('2026-11-28T18:00:00'), // this Saturday, still to come
        booking('2026-10-04T10:00:00'), // the first of the eight weeks
        booking('2026-10-03T10:00:00'), // the Saturday before: outside
        booking('2026-11-29T10:00:00'), // next week: outside
      ],
      NOW,
    );
    expect(weeks.map((w) => w.weekStart)).toEqual([
      '2026-10-04',
      '2026-10-11',
      '2026-10-18',
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
    ]);
    expect(weeks.map((w) => w.sessions)).toEqual([1, 0, 0, 0, 0, 0, 0, 2]);
    expect(weeks[7]).toMatchObject({ label: '22 Nov', earningsPence: 6750 });
    expect(coachAnalyticsSummary(weeks)).toBe('3 sessions and £101.25 earned in the last 8 weeks');
  });

  it('drops a cancelled session, keeping its earnings only when the member was not refunded', () => {
    const weeks = coachWeeklyFigures(
      [
        booking('2026-11-23T09:00:00', { cancelled: true, refundOnCancel: true }),
        booking('2026-11-24T09:00:00', { cancelled: true, refundOnCancel: false }),
      ],
      NOW,
    );
    expect(weeks[7]).toMatchObject({ sessions: 0, earningsPence: 3375 });
  });
});
