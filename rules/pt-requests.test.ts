import { describe, expect, it } from 'vitest';
import {
  HOURLY_SLOTS,
  firstPtRequestDate,
  isPtRequestDateSelectable,
  lastPtRequestDate,
  privateSessionTimes,
  wallClockAt,
} from './pt-requests.ts';

describe('PT request date rule (§5: more than two days ahead, UK dates)', () => {
  const today = '2026-11-19';

  it('disables today up to two days ahead and enables three days ahead onwards', () => {
    expect(isPtRequestDateSelectable('2026-11-18', today)).toBe(false);
    expect(isPtRequestDateSelectable('2026-11-19', today)).toBe(false);
    expect(isPtRequestDateSelectable('2026-11-21', today)).toBe(false);
    expect(isPtRequestDateSelectable('2026-11-22', today)).toBe(true);
    expect(isPtRequestDateSelectable('2027-01-05', today)).toBe(true);
  });

  it('crosses month and year ends by calendar days', () => {
    expect(firstPtRequestDate('2026-12-30')).toBe('2027-01-02');
    expect(isPtRequestDateSelectable('2027-01-01', '2026-12-30')).toBe(false);
    expect(isPtRequestDateSelectable('2027-01-02', '2026-12-30')).toBe(true);
  });

  it('refuses anything that is not a YYYY-MM-DD date', () => {
    expect(isPtRequestDateSelectable('2026-11-30T10:00:00', today)).toBe(false);
    expect(isPtRequestDateSelectable('30/11/2026', today)).toBe(false);
    expect(isPtRequestDateSelectable('2026-11-31', today)).toBe(false);
    expect(isPtRequestDateSelectable('2027-02-29', today)).toBe(false);
    expect(isPtRequestDateSelectable('2028-02-29', today)).toBe(true);
  });
});

describe('the last PT request date: the end of next gym week, as far as the picker goes', () => {
  it('is the Sunday ending next gym week (gym weeks run Monday to Sunday)', () => {
    expect(lastPtRequestDate('2026-11-16')).toBe('2026-11-29'); // a Monday
    expect(lastPtRequestDate('2026-11-19')).toBe('2026-11-29'); // a Thursday
    expect(lastPtRequestDate('2026-11-22')).toBe('2026-11-29'); // a Sunday: next week ends a week later
    expect(lastPtRequestDate('2026-12-24')).toBe('2027-01-03');
  });
});

describe('PT request times', () => {
  it('offers the 19 hourly times 04:00 to 22:00', () => {
    expect(HOURLY_SLOTS).toHaveLength(19);
    expect(HOURLY_SLOTS[0]).toBe(14400);
    expect(HOURLY_SLOTS.at(-1)).toBe(79200);
  });

  it('writes an hour-long session as UK wall-clock strings', () => {
    expect(privateSessionTimes('2026-11-22', 14400)).toEqual({
      startTime: '2026-11-22T04:00:00',
      endTime: '2026-11-22T05:00:00',
    });
    expect(privateSessionTimes('2026-11-22', 79200)).toEqual({
      startTime: '2026-11-22T22:00:00',
      endTime: '2026-11-22T23:00:00',
    });
  });

  it('keeps seconds and refuses times outside the day', () => {
    expect(wallClockAt('2026-11-22', 45296)).toBe('2026-11-22T12:34:56');
    expect(() => wallClockAt('2026-11-22', 86400)).toThrow(RangeError);
    expect(() => wallClockAt('2026-11-22', -1)).toThrow(RangeError);
  });
});
