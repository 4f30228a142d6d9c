import { describe, expect, it } from 'vitest';
import { ukCoachWeekStart, ukDayKey, ukGymWeekStart } from './demo-calendar.ts';

describe('demo calendar (Europe/London)', () => {
  it('counts days from the UK date, not the UTC one', () => {
    // 23:30 UTC on Sunday 28 June 2026 is already Monday 00:30 in British Summer Time.
    const lateSundayUtc = new Date('2026-06-28T23:30:00Z');
    expect(ukDayKey(lateSundayUtc)).toBe('2026-06-29');
    expect(ukDayKey(lateSundayUtc, 3)).toBe('2026-07-02');
  });

  it('starts gym weeks on Monday and coach weeks on Sunday', () => {
    const thursday = new Date('2026-11-19T12:00:00Z');
    expect(ukGymWeekStart(thursday)).toBe('2026-11-16');
    expect(ukGymWeekStart(thursday, 1)).toBe('2026-11-23');
    expect(ukCoachWeekStart(thursday)).toBe('2026-11-15');
    expect(ukCoachWeekStart(thursday, 1)).toBe('2026-11-22');
  });

  it('keeps whole days across the clocks going back', () => {
    // The clocks go back on Sunday 25 October 2026.
    const saturday = new Date('2026-10-24T22:30:00Z'); // 23:30 BST
    expect(ukDayKey(saturday, 1)).toBe('2026-10-25');
    expect(ukDayKey(saturday, 2)).toBe('2026-10-26');
    expect(ukGymWeekStart(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-19'); // Sunday 23:30 GMT
  });
});
