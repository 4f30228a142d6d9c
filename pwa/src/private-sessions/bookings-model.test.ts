import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { bookingSections } from '../data/index.ts';
import { sessionCancelledText, sessionCancelPrompt, sessionCount } from './bookings-model.ts';

// Thursday 19 November 2026, 12:30 in the UK (GMT).
const NOW = new Date('2026-11-19T12:30:00Z');

function booking(id: string, start: string, extra: Partial<BookingDoc> = {}): BookingDoc {
  const hour = Number(start.slice(11, 13));
  return {
    _id: `booking:${id}`,
    type: 'booking',
    bookingId: id,
    source: 'coach-request',
    startTime: `${start}:00`,
    endTime: `${start.slice(0, 11)}${String(hour + 1).padStart(2, '0')}:00:00`,
    clientName: 'Sam Member',
    userProfile_id: 'member',
    coachId: 'coach',
    coachFullName: 'Alex Coach',
    gymId: 'gym',
    gymName: 'Iron Temple',
    discipline: 'Boxing',
    experienceLevel: 'Beginner',
    pricePence: 4500,
    paymentId: 'pay',
    slotClaimId: 'claim',
    cancelled: false,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: '2026-11-10T10:00:00.000Z',
    ...extra,
  };
}

describe('bookingSections', () => {
  const docs = [
    booking('later', '2026-11-21T10:00'),
    booking('soon', '2026-11-20T08:00'),
    booking('today-late', '2026-11-19T18:00'),
    booking('now', '2026-11-19T12:00'),
    booking('done', '2026-11-19T09:00'),
    booking('done-early', '2026-11-19T07:00'),
    booking('yesterday', '2026-11-18T10:00'),
    booking('cancelled', '2026-11-19T15:00', {
      cancelled: true,
      cancelledAt: '2026-11-18T10:00:00Z',
      cancelledBy: 'coach',
    }),
  ];

  it("splits today's completed, today's (one under way included) and upcoming sessions, soonest first", () => {
    const sections = bookingSections(docs, NOW);
    expect(sections.todaysCompleted.map((s) => s.bookingId)).toEqual(['done-early', 'done']);
    expect(sections.today.map((s) => s.bookingId)).toEqual(['now', 'today-late']);
    expect(sections.upcoming.map((s) => s.bookingId)).toEqual(['soon', 'later']);
    expect(sections.upcoming[0]).toMatchObject({
      date: 'Friday 20th November 2026',
      time: '08:00 – 09:00',
      coachFullName: 'Alex Coach',
    });
  });

  it('leaves out sessions cancelled here before sync brings their cancelled copy', () => {
    expect(bookingSections(docs, NOW, new Set(['soon'])).upcoming.map((s) => s.bookingId)).toEqual(['later']);
  });

  it('counts sessions', () => {
    expect(sessionCount(1)).toBe('1 Session');
    expect(sessionCount(0)).toBe('0 Sessions');
  });
});

describe('sessionCancelPrompt (§1 refund rule, decision 40)', () => {
  const [later] = bookingSections([booking('x', '2026-11-20T08:00')], NOW).upcoming;
  const [today] = bookingSections([booking('y', '2026-11-19T18:00')], NOW).today;
  const [started] = bookingSections([booking('z', '2026-11-19T12:00')], NOW).today;

  it('states a full refund up to the day before', () => {
    const prompt = sessionCancelPrompt(later, NOW);
    expect(prompt).toMatchObject({ canCancel: true, outcome: 'You will get a full refund to your card.' });
    expect(prompt.question).toBe(
      'Cancel your PT session with Alex Coach at Iron Temple on Friday 20th November 2026 at 08:00?',
    );
  });

  it('states that a same-day cancellation is not refunded', () => {
    expect(sessionCancelPrompt(today, NOW)).toMatchObject({
      canCancel: true,
      outcome: expect.stringMatching(/no automatic refund/),
    });
  });

  it('refuses once the session has started', () => {
    expect(sessionCancelPrompt(started, NOW)).toMatchObject({
      canCancel: false,
      outcome: 'This session has already started.',
    });
  });

  it("says what happened, in the server's words when it gives them", () => {
    expect(sessionCancelledText('Session Cancelled. Your payment will be refunded in full.', 4500)).toMatch(
      /refunded in full/,
    );
    expect(sessionCancelledText(undefined, 0)).toBe('Session Cancelled.');
  });
});
