import { describe, expect, it } from 'vitest';
import { coachHourOf, isAcceptanceLapsed, isSessionCompleted, PAYMENT_WINDOW_MS, sessionLists } from './pt-bookings.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT).
const NOW = new Date('2026-11-18T10:00:00Z');

describe('isAcceptanceLapsed', () => {
  const request = { accepted: true, acceptedAt: NOW.toISOString(), startTime: '2026-11-20T18:00:00' };
  it('holds an accepted request for 24 hours, then lapses', () => {
    expect(isAcceptanceLapsed(request, new Date(NOW.getTime() + PAYMENT_WINDOW_MS - 1))).toBe(false);
    expect(isAcceptanceLapsed(request, new Date(NOW.getTime() + PAYMENT_WINDOW_MS))).toBe(true);
  });
  it('lapses at the session start when that comes first (UK wall clock, BST in summer)', () => {
    const soon = { ...request, startTime: '2026-11-18T12:00:00' };
    expect(isAcceptanceLapsed(soon, new Date('2026-11-18T11:59:59Z'))).toBe(false);
    expect(isAcceptanceLapsed(soon, new Date('2026-11-18T12:00:00Z'))).toBe(true);
    const summer = { accepted: true, acceptedAt: '2026-07-01T08:00:00Z', startTime: '2026-07-01T12:00:00' };
    expect(isAcceptanceLapsed(summer, new Date('2026-07-01T10:59:59Z'))).toBe(false);
    expect(isAcceptanceLapsed(summer, new Date('2026-07-01T11:00:00Z'))).toBe(true);
  });
  it('never lapses a request that is not accepted', () => {
    expect(isAcceptanceLapsed({ ...request, accepted: false }, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('coachHourOf', () => {
  it("names the coach week's Sunday, the weekday and the seconds of a start", () => {
    expect(coachHourOf('2026-11-20T18:00:00')).toEqual({ weekStart: '2026-11-15', weekday: 5, time: 64800 });
    expect(coachHourOf('2026-11-22T07:00:00')).toEqual({ weekStart: '2026-11-22', weekday: 0, time: 25200 });
  });
});

describe('sessionLists', () => {
  const at = (start: string, cancelled = false) => ({
    startTime: start,
    endTime: start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
    cancelled,
  });
  it('splits upcoming (today and later, soonest first), completed today, archived and cancelled (newest first)', () => {
    const bookings = [
      at('2026-11-19T07:00:00'),
      at('2026-11-18T09:00:00'),
      at('2026-11-18T08:00:00'),
      at('2026-11-18T10:00:00'),
      at('2026-11-16T07:00:00'),
      at('2026-11-17T07:00:00'),
      at('2026-11-20T07:00:00', true),
      at('2026-11-10T07:00:00', true),
    ];
    const lists = sessionLists(bookings, NOW, 50);
    expect(lists.upcoming.map((b) => b.startTime)).toEqual(['2026-11-18T10:00:00', '2026-11-19T07:00:00']);
    expect(lists.todaysCompleted.map((b) => b.startTime)).toEqual(['2026-11-18T08:00:00', '2026-11-18T09:00:00']);
    expect(lists.archived.map((b) => b.startTime)).toEqual(['2026-11-17T07:00:00', '2026-11-16T07:00:00']);
    expect(lists.cancelled.map((b) => b.startTime)).toEqual(['2026-11-20T07:00:00', '2026-11-10T07:00:00']);
    expect(sessionLists(bookings, NOW, 1).archived).toHaveLength(1);
  });
  it('counts a session completed from its end on', () => {
    expect(isSessionCompleted(at('2026-11-18T09:00:00'), NOW)).toBe(true);
    expect(isSessionCompleted(at('2026-11-18T09:30:00'), NOW)).toBe(false);
    expect(isSessionCompleted(at('2026-11-18T08:00:00', true), NOW)).toBe(false);
  });
});
