import { describe, expect, it } from 'vitest';
import { canCheckInAgain, checkInRefusal, decideCheckIn } from './check-in.ts';
import type { DayPassDoc, MastrPassDoc } from './documents.ts';
import { REFUSALS } from './refusals.ts';

const T = '2026-11-20T10:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(T) + ms).toISOString();
const MINUTE = 60_000;
const first = { checkInId: 'checkin:p:first', at: T };

describe('decideCheckIn', () => {
  it('counts the first check-in of a day pass', () => {
    expect(decideCheckIn('day-pass', [], T)).toEqual({ outcome: 'counted' });
  });

  it('marks a day-pass check-in inside 60 minutes of a counted one as its duplicate, on either side', () => {
    for (const at of [plus(59 * MINUTE + 59_000), plus(-(59 * MINUTE + 59_000)), T]) {
      const decision = decideCheckIn('day-pass', [first], at);
      expect(decision).toMatchObject({ outcome: 'duplicate', duplicateOf: first.checkInId });
    }
  });

  it('counts a day-pass check-in exactly 60 minutes or more away', () => {
    expect(decideCheckIn('day-pass', [first], plus(60 * MINUTE))).toEqual({ outcome: 'counted' });
    expect(decideCheckIn('day-pass', [first], plus(-60 * MINUTE))).toEqual({ outcome: 'counted' });
  });

  it('counts a Mastr class pass once: any later check-in is a duplicate of the first', () => {
    expect(decideCheckIn('mastr-pass', [], T)).toEqual({ outcome: 'counted' });
    expect(decideCheckIn('mastr-pass', [first], plus(5 * 3600_000))).toMatchObject({
      outcome: 'duplicate',
      duplicateOf: first.checkInId,
    });
  });
});

describe('canCheckInAgain', () => {
  it('offers the control until 60 minutes have passed since the latest check-in, then again', () => {
    expect(canCheckInAgain('day-pass', null, new Date(T))).toBe(true);
    expect(canCheckInAgain('day-pass', T, new Date(plus(60 * MINUTE - 1)))).toBe(false);
    expect(canCheckInAgain('day-pass', T, new Date(plus(60 * MINUTE)))).toBe(true);
  });

  it('never offers it again for a checked-in Mastr class pass', () => {
    expect(canCheckInAgain('mastr-pass', null, new Date(T))).toBe(true);
    expect(canCheckInAgain('mastr-pass', T, new Date(plus(24 * 3600_000)))).toBe(false);
  });
});

describe('checkInRefusal', () => {
  const dayPass = (extra: Partial<DayPassDoc> = {}) =>
    ({
      type: 'day-pass',
      dayDateStart: '2026-11-20T00:00:00',
      cancelled: false,
      expired: false,
      ...extra,
    }) as DayPassDoc;
  const mastrPass = (dateAndTimeStart: string | null) =>
    ({ type: 'mastr-pass', dateAndTimeStart, expired: false }) as MastrPassDoc;

  it('admits a live pass on its own UK day', () => {
    expect(checkInRefusal(dayPass(), T)).toBeNull();
    expect(checkInRefusal(mastrPass('2026-11-20T18:00:00'), T)).toBeNull();
    // 23:30 UK in summer is 22:30 UTC: still that UK day.
    expect(checkInRefusal(dayPass({ dayDateStart: '2026-07-01T00:00:00' }), '2026-07-01T22:30:00.000Z')).toBeNull();
  });

  it('refuses an unknown, cancelled, expired, unassigned or other-day pass with the reason', () => {
    expect(checkInRefusal(null, T)).toBe(REFUSALS.unknown);
    expect(checkInRefusal(dayPass({ cancelled: true }), T)).toBe(REFUSALS.cancelled);
    expect(checkInRefusal(dayPass({ expired: true }), T)).toBe(REFUSALS.expired);
    expect(checkInRefusal(mastrPass(null), T)).toBe(REFUSALS.unassigned);
    // A Mastr pass its member cancelled (decision 70) opens no door, even on its class's day.
    expect(checkInRefusal({ ...mastrPass('2026-11-20T18:00:00'), cancelled: true }, T)).toBe(REFUSALS.mastrCancelled);
    expect(checkInRefusal(dayPass({ dayDateStart: '2026-11-21T00:00:00' }), T)).toBe(REFUSALS.otherDay);
    expect(checkInRefusal(dayPass({ dayDateStart: '2026-07-01T00:00:00' }), '2026-07-01T23:30:00.000Z')).toBe(
      REFUSALS.otherDay,
    );
  });
});
