import { describe, expect, it } from 'vitest';
import { addDaysToKey, coachWeekDate, coachWeekStart, coachWeekdayOf, isPastCoachDay } from './coach-week.ts';

describe('coach weeks (Sunday to Saturday, UK dates)', () => {
  it('starts the current week on the Sunday on or before today, the next one 7 days later', () => {
    const thursday = new Date('2026-11-19T12:00:00Z');
    expect(coachWeekStart(thursday)).toBe('2026-11-15');
    expect(coachWeekStart(thursday, 1)).toBe('2026-11-22');
    const sunday = new Date('2026-11-22T09:00:00Z');
    expect(coachWeekStart(sunday)).toBe('2026-11-22');
  });

  it('takes the UK date, not the UTC one', () => {
    // 23:30 UTC on Saturday 27 June 2026 is already Sunday 00:30 in British Summer Time.
    expect(coachWeekStart(new Date('2026-06-27T23:30:00Z'))).toBe('2026-06-28');
    // 23:30 UTC on Sunday 25 October 2026 (after the clocks went back) is still Sunday in the UK.
    expect(coachWeekStart(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });

  it('crosses months and years by calendar days', () => {
    expect(addDaysToKey('2026-12-27', 7)).toBe('2027-01-03');
    expect(addDaysToKey('2026-03-01', -1)).toBe('2026-02-28');
    expect(coachWeekDate('2026-11-29', 6)).toBe('2026-12-05');
    expect(coachWeekdayOf('2026-11-29')).toBe(0);
  });

  it('treats only days before today as past', () => {
    const wednesday = new Date('2026-11-18T10:00:00Z');
    expect(isPastCoachDay('2026-11-15', 2, wednesday)).toBe(true); // Tuesday
    expect(isPastCoachDay('2026-11-15', 3, wednesday)).toBe(false); // today
    expect(isPastCoachDay('2026-11-22', 0, wednesday)).toBe(false); // next week
  });
});
