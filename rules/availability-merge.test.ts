import { describe, expect, it } from 'vitest';
import { droppedHeldHours, keepsHeldHours, mergeAvailability, withoutSlotFlags } from './availability-merge.ts';
import { claimsByHour, type ClaimsByHour } from './coach-slots.ts';
import { COACH_WEEKDAYS } from './constants.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from './documents.ts';

const HOUR = 3600;
const WEEK = '2026-11-15';

/** A week with its offered hours per weekday. */
function week(slots: Partial<Record<number, number[]>>, updatedAt = '2026-11-16T10:00:00.000Z'): AvailabilityWeekDoc {
  return {
    _id: `availability:week:${WEEK}`,
    type: 'availability-week',
    coachId: 'c0ac0ac0ac0ac0ac0ac0ac0a',
    weekStart: WEEK,
    days: COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: `day-${weekday}`,
      weekday,
      abbreviation,
      times: (slots[weekday] ?? []).map((hour) => ({ _id: `slot-${weekday}-${hour}`, time: hour * HOUR })),
    })),
    updatedAt,
  };
}

/** The week's slot claims: [weekday, hour, 'booked' | 'requested']. */
function claims(...held: [weekday: number, hour: number, state: 'booked' | 'requested'][]): ClaimsByHour {
  return claimsByHour(
    held.map(([weekday, hour, state]): SlotClaimDoc => ({
      _id: `slot-claim:${WEEK}:${weekday}:${hour * HOUR}`,
      type: 'slot-claim',
      requestId: `r${weekday}${hour}`,
      weekStart: WEEK,
      weekday,
      time: hour * HOUR,
      createdAt: '2026-11-16T09:00:00.000Z',
      ...(state === 'booked' ? { booking: { bookingId: 'b', checkoutSessionId: 'cs' } } : {}),
    })),
    WEEK,
  );
}

const hoursOn = (doc: AvailabilityWeekDoc, weekday: number) =>
  doc.days.find((d) => d.weekday === weekday)!.times.map((t) => t.time / HOUR);

describe('mergeAvailability (coach offline edit against newer server state)', () => {
  it('restores an hour a paid session holds that the coach removed offline, and says why', () => {
    const { merged, notices } = mergeAvailability(week({ 2: [8, 9] }), week({ 2: [9] }), claims([2, 8, 'booked']));
    expect(hoursOn(merged, 2)).toEqual([8, 9]);
    expect(notices).toEqual([
      {
        weekStart: WEEK,
        weekday: 2,
        abbreviation: 'Tue',
        time: 8 * HOUR,
        reason: 'booked',
        message: '08:00 on Tue was kept: a client has booked it.',
      },
    ]);
  });

  it('restores a requested hour the coach removed with its own reason', () => {
    const { merged, notices } = mergeAvailability(week({ 5: [17] }), week({}), claims([5, 17, 'requested']));
    expect(hoursOn(merged, 5)).toEqual([17]);
    expect(notices.map((n) => n.message)).toEqual(['17:00 on Fri was kept: a client has requested it.']);
  });

  it("keeps the coach's adds and removals of free hours, in time order, without notices", () => {
    const server = week({ 1: [7, 12], 3: [10] });
    const device = week({ 1: [12, 6], 3: [], 4: [20] });
    const { merged, notices } = mergeAvailability(server, device, claims([3, 11, 'booked']));
    expect(hoursOn(merged, 1)).toEqual([6, 12]);
    expect(hoursOn(merged, 3)).toEqual([]);
    expect(hoursOn(merged, 4)).toEqual([20]);
    expect(notices).toEqual([]);
  });

  it('drops the flags an old document or device still carries', () => {
    const legacy = (doc: AvailabilityWeekDoc) => ({
      ...doc,
      days: doc.days.map((d) => ({ ...d, times: d.times.map((t) => ({ ...t, booked: true, requested: true })) })),
    });
    const { merged } = mergeAvailability(legacy(week({ 2: [9] })), legacy(week({ 2: [9, 10] })), claims());
    expect(merged.days.find((d) => d.weekday === 2)!.times).toEqual([
      { _id: 'slot-2-9', time: 9 * HOUR },
      { _id: 'slot-2-10', time: 10 * HOUR },
    ]);
    expect(withoutSlotFlags(legacy(week({ 0: [4] }))).days[0]!.times).toEqual([{ _id: 'slot-0-4', time: 4 * HOUR }]);
  });

  it('keeps the later of the two edit times', () => {
    const server = week({}, '2026-11-16T10:00:00.000Z');
    expect(mergeAvailability(server, week({}, '2026-11-16T11:00:00.000Z'), claims()).merged.updatedAt).toBe(
      '2026-11-16T11:00:00.000Z',
    );
    expect(mergeAvailability(server, week({}, '2026-11-16T09:00:00.000Z'), claims()).merged.updatedAt).toBe(
      '2026-11-16T10:00:00.000Z',
    );
  });

  it('produces a write the gateway accepts', () => {
    const server = week({ 2: [8, 9], 6: [11] });
    const held = claims([2, 8, 'booked'], [6, 11, 'requested']);
    const { merged } = mergeAvailability(server, week({ 2: [9], 4: [15] }), held);
    expect(keepsHeldHours(server, merged, held)).toBe(true);
  });
});

describe('keepsHeldHours (the gateway check on a coach device write)', () => {
  const server = week({ 2: [8, 9], 5: [17] });
  const held = claims([2, 8, 'booked'], [5, 17, 'requested']);

  it('accepts adds and removals of free hours that keep the held ones', () => {
    expect(keepsHeldHours(server, week({ 2: [8, 10], 5: [17], 0: [4] }), held)).toBe(true);
  });

  it('refuses a write that removes a booked or requested hour', () => {
    expect(keepsHeldHours(server, week({ 2: [9], 5: [17] }), held)).toBe(false);
    expect(keepsHeldHours(server, week({ 2: [8, 9] }), held)).toBe(false);
  });

  it('lets an hour go that a claim holds but the week never offered (a gym request booked it)', () => {
    expect(droppedHeldHours(week({ 2: [9] }), week({}), claims([2, 8, 'booked']))).toEqual([]);
  });

  it('never holds an hour of the default week (claims name a dated week)', () => {
    const defaultWeek = { ...server, _id: 'availability:default', weekStart: null };
    expect(keepsHeldHours(defaultWeek, { ...defaultWeek, days: week({}).days }, held)).toBe(true);
  });
});
