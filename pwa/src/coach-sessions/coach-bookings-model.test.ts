import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { bookingSections } from '../data/index.ts';
import {
  cancelErrorText,
  cancelQuestion,
  errorLine,
  sessionCount,
  todaysSessionCount,
  BOOKINGS_TEXTS,
} from './coach-bookings-model.ts';

// 12:30 UK on Tuesday 1 December 2026 (GMT).
const NOW = new Date('2026-12-01T12:30:00Z');

function booking(id: string, startTime: string, fields: Partial<BookingDoc> = {}): BookingDoc {
  const hour = Number(startTime.slice(11, 13)) + 1;
  return {
    _id: `booking:${id}`,
    type: 'booking',
    bookingId: id,
    source: 'coach-request',
    startTime,
    endTime: `${startTime.slice(0, 11)}${String(hour).padStart(2, '0')}:00:00`,
    clientName: `Client ${id}`,
    userProfile_id: 'u1',
    coachId: 'c1',
    coachFullName: 'Coach One',
    gymId: 'g1',
    gymName: 'Iron Gym',
    discipline: 'Boxing',
    experienceLevel: 'Beginner',
    pricePence: 4000,
    paymentId: 'p',
    slotClaimId: 's',
    cancelled: false,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

const ids = (rows: { bookingId: string }[]) => rows.map((row) => row.bookingId);

describe("the coach's Bookings lists (the shared booking view)", () => {
  const docs = [
    booking('later', '2026-12-09T18:00:00'),
    booking('tomorrow', '2026-12-02T07:00:00'),
    booking('evening', '2026-12-01T19:00:00'),
    booking('now', '2026-12-01T12:00:00'),
    booking('morning', '2026-12-01T09:00:00'),
    booking('early', '2026-12-01T06:00:00'),
    booking('yesterday', '2026-11-30T10:00:00'),
    booking('cancelled', '2026-12-03T10:00:00', {
      cancelled: true,
      cancelledAt: '2026-11-29T10:00:00.000Z',
      cancelledBy: 'member',
    }),
  ];

  it("splits today's completed, today's to come (one under way too) and later sessions, soonest first", () => {
    const lists = bookingSections(docs, NOW);
    expect(ids(lists.todaysCompleted)).toEqual(['early', 'morning']);
    expect(ids(lists.today)).toEqual(['now', 'evening']);
    expect(ids(lists.upcoming)).toEqual(['tomorrow', 'later']);
  });

  it("counts today's sessions for the home's Today's Bookings as the page lists them", () => {
    expect(todaysSessionCount(docs, NOW)).toBe(4);
    expect(todaysSessionCount([], NOW)).toBe(0);
    // A session cancelled today is on neither.
    const cancelled = booking('cancelled-today', '2026-12-01T15:00:00', { cancelled: true, cancelledBy: 'coach' });
    expect(todaysSessionCount([...docs, cancelled], NOW)).toBe(4);
  });

  it('reads a session as §2 and the Cancel PT modal show it', () => {
    expect(bookingSections(docs, NOW).upcoming[0]).toMatchObject({
      clientName: 'Client tomorrow',
      discipline: 'Boxing',
      gymName: 'Iron Gym',
      date: 'Wednesday 2nd December 2026',
      start: '07:00',
      end: '08:00',
    });
  });

  it('drops a session cancelled on this device before replication says so', () => {
    expect(ids(bookingSections(docs, NOW, new Set(['later'])).upcoming)).toEqual(['tomorrow']);
  });
});

describe('texts', () => {
  it('counts sessions', () => {
    expect(sessionCount(0)).toBe('0 Sessions');
    expect(sessionCount(1)).toBe('1 Session');
    expect(sessionCount(2)).toBe('2 Sessions');
  });

  it('asks and answers as §2 and §8 say', () => {
    expect(cancelQuestion('Sam')).toBe('Cancel PT with Sam?');
    expect(cancelErrorText(0)).toBe(BOOKINGS_TEXTS.offline);
    expect(cancelErrorText(400)).toBe("Missing ID's");
    expect(cancelErrorText(401)).toBe('Unauthorized');
    expect(cancelErrorText(500)).toBe('Cancel Booking Failed');
    expect(errorLine('Cancel Booking Failed')).toBe('Error: Cancel Booking Failed');
  });
});
