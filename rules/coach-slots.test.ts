import { describe, expect, it } from 'vitest';
import {
  coachSlotDate,
  coachSlotTimes,
  coachWeekStartOf,
  isDaySelectable,
  isSlotSelectable,
  claimedSlot,
  claimsByHour,
  slotState,
} from './coach-slots.ts';

const free = { booked: false, requested: false };

describe('coach slot state (§4)', () => {
  it('is booked before requested before free', () => {
    expect(slotState({ booked: true, requested: true })).toBe('booked');
    expect(slotState({ booked: true, requested: false })).toBe('booked');
    expect(slotState({ booked: false, requested: true })).toBe('requested');
    expect(slotState(free)).toBe('free');
  });
});

describe('slot selectability (§4)', () => {
  const wednesday = '2026-11-18'; // coach weekday 3

  it('refuses today and earlier days of the current week, accepts later ones', () => {
    expect(isDaySelectable('currentWeek', 0, wednesday)).toBe(false);
    expect(isDaySelectable('currentWeek', 2, wednesday)).toBe(false);
    expect(isDaySelectable('currentWeek', 3, wednesday)).toBe(false);
    expect(isDaySelectable('currentWeek', 4, wednesday)).toBe(true);
    expect(isDaySelectable('currentWeek', 6, wednesday)).toBe(true);
  });

  it('accepts every day of next week, today included', () => {
    for (let weekday = 0; weekday <= 6; weekday += 1)
      expect(isDaySelectable('nextWeek', weekday, wednesday)).toBe(true);
  });

  it('on Saturday nothing in the current week is selectable', () => {
    for (let weekday = 0; weekday <= 6; weekday += 1)
      expect(isDaySelectable('currentWeek', weekday, '2026-11-21')).toBe(false);
  });

  it('refuses booked and requested slots on any day', () => {
    expect(isSlotSelectable('nextWeek', 1, wednesday, free)).toBe(true);
    expect(isSlotSelectable('nextWeek', 1, wednesday, { booked: true, requested: false })).toBe(false);
    expect(isSlotSelectable('nextWeek', 1, wednesday, { booked: false, requested: true })).toBe(false);
    expect(isSlotSelectable('currentWeek', 3, wednesday, free)).toBe(false);
  });
});

describe('slot dates', () => {
  it('finds the current and next Sunday on UK dates', () => {
    const thursday = new Date('2026-11-19T12:00:00Z');
    expect(coachWeekStartOf('currentWeek', thursday)).toBe('2026-11-15');
    expect(coachWeekStartOf('nextWeek', thursday)).toBe('2026-11-22');
    // 00:30 on Sunday in British Summer Time is still Saturday in UTC.
    expect(coachWeekStartOf('currentWeek', new Date('2026-06-27T23:30:00Z'))).toBe('2026-06-28');
  });

  it('dates a weekday from its week start and times the hour-long session', () => {
    expect(coachSlotDate('2026-11-29', 6)).toBe('2026-12-05');
    expect(coachSlotTimes('2026-11-29', 2, 64800)).toEqual({
      startTime: '2026-12-01T18:00:00',
      endTime: '2026-12-01T19:00:00',
    });
  });
});

describe("a slot's claim decides its state", () => {
  const claims = claimsByHour(
    [
      {
        type: 'slot-claim',
        weekStart: '2026-11-22',
        weekday: 1,
        time: 43200,
        booking: { bookingId: 'b', checkoutSessionId: 'cs' },
      },
      { type: 'slot-claim', weekStart: '2026-11-22', weekday: 2, time: 43200 },
      { type: 'slot-claim', weekStart: '2026-11-29', weekday: 3, time: 43200 },
    ],
    '2026-11-22',
  );

  it('a paid claim reads booked and a waiting one requested', () => {
    expect(claimedSlot(1, 43200, claims)).toEqual({ booked: true, requested: false });
    expect(claimedSlot(2, 43200, claims)).toEqual({ booked: false, requested: true });
  });

  it("an hour without a claim in that week is free (old documents' flags are never read)", () => {
    expect(claimedSlot(1, 46800, claims)).toEqual(free);
    expect(claimedSlot(3, 43200, claims)).toEqual(free);
  });
});
