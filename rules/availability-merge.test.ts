import { describe, expect, it } from 'vitest';
import { keepsLockedSlots, mergeAvailability } from './availability-merge.ts';
import { COACH_WEEKDAYS } from './constants.ts';
import type { AvailabilityWeekDoc, TimeSlot } from './documents.ts';

const HOUR = 3600;
type Flag = '' | 'booked' | 'requested';

/** A week with slots given per weekday as [hour, flag] pairs. */
function week(
  slots: Partial<Record<number, [hour: number, flag?: Flag][]>>,
  updatedAt = '2026-11-16T10:00:00.000Z',
): AvailabilityWeekDoc {
  return {
    _id: 'availability:week:2026-11-15',
    type: 'availability-week',
    coachId: 'c0ac0ac0ac0ac0ac0ac0ac0a',
    weekStart: '2026-11-15',
    days: COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: `day-${weekday}`,
      weekday,
      abbreviation,
      times: (slots[weekday] ?? []).map(([hour, flag = '']): TimeSlot => ({
        _id: `slot-${weekday}-${hour}`,
        time: hour * HOUR,
        booked: flag === 'booked',
        requested: flag === 'requested',
      })),
    })),
    updatedAt,
  };
}

const timesOn = (doc: AvailabilityWeekDoc, weekday: number) =>
  doc.days
    .find((d) => d.weekday === weekday)!
    .times.map((t) => [t.time / HOUR, t.booked ? 'booked' : t.requested ? 'requested' : '']);

describe('mergeAvailability (coach offline edit against newer server state)', () => {
  it('restores a booked slot the coach removed offline and says why', () => {
    const server = week({ 2: [[8, 'booked'], [9]] });
    const device = week({ 2: [[9]] });
    const { merged, notices } = mergeAvailability(server, device);
    expect(timesOn(merged, 2)).toEqual([
      [8, 'booked'],
      [9, ''],
    ]);
    expect(notices).toEqual([
      {
        weekStart: '2026-11-15',
        weekday: 2,
        abbreviation: 'Tue',
        time: 8 * HOUR,
        reason: 'booked',
        message: '08:00 on Tue was kept: a client has booked it.',
      },
    ]);
  });

  it('restores a requested slot the coach removed with its own reason', () => {
    const { merged, notices } = mergeAvailability(week({ 5: [[17, 'requested']] }), week({}));
    expect(timesOn(merged, 5)).toEqual([[17, 'requested']]);
    expect(notices.map((n) => n.message)).toEqual(['17:00 on Fri was kept: a client has requested it.']);
  });

  it("keeps the coach's adds and removals of free slots, in time order, without notices", () => {
    const server = week({ 1: [[7], [12]], 3: [[10]] });
    const device = week({ 1: [[12], [6]], 3: [], 4: [[20]] });
    const { merged, notices } = mergeAvailability(server, device);
    expect(timesOn(merged, 1)).toEqual([
      [6, ''],
      [12, ''],
    ]);
    expect(timesOn(merged, 3)).toEqual([]);
    expect(timesOn(merged, 4)).toEqual([[20, '']]);
    expect(notices).toEqual([]);
  });

  it("never lets the device's flags override the server's", () => {
    // The device claims 09:00 is booked and 10:00 free; the server knows 09:00 is free and 10:00 requested.
    const server = week({ 2: [[9], [10, 'requested']] });
    const device = week({ 2: [[9, 'booked'], [10], [11, 'requested']] });
    const { merged, notices } = mergeAvailability(server, device);
    expect(timesOn(merged, 2)).toEqual([
      [9, ''],
      [10, 'requested'],
      [11, ''],
    ]);
    expect(notices).toEqual([]);
  });

  it('keeps the later of the two edit times', () => {
    const server = week({}, '2026-11-16T10:00:00.000Z');
    expect(mergeAvailability(server, week({}, '2026-11-16T11:00:00.000Z')).merged.updatedAt).toBe(
      '2026-11-16T11:00:00.000Z',
    );
    expect(mergeAvailability(server, week({}, '2026-11-16T09:00:00.000Z')).merged.updatedAt).toBe(
      '2026-11-16T10:00:00.000Z',
    );
  });

  it('produces a write the gateway accepts', () => {
    const server = week({ 2: [[8, 'booked'], [9]], 6: [[11, 'requested']] });
    const { merged } = mergeAvailability(server, week({ 2: [[9, 'booked']], 4: [[15]] }));
    expect(keepsLockedSlots(server, merged)).toBe(true);
  });
});

describe('keepsLockedSlots (the gateway check on a coach device write)', () => {
  const server = week({ 2: [[8, 'booked'], [9]], 5: [[17, 'requested']] });

  it('accepts adds and removals of free slots that leave booked and requested ones as they are', () => {
    expect(keepsLockedSlots(server, week({ 2: [[8, 'booked'], [10]], 5: [[17, 'requested']], 0: [[4]] }))).toBe(true);
  });

  it('refuses a write that removes a booked or requested slot', () => {
    expect(keepsLockedSlots(server, week({ 2: [[9]], 5: [[17, 'requested']] }))).toBe(false);
    expect(keepsLockedSlots(server, week({ 2: [[8, 'booked'], [9]] }))).toBe(false);
  });

  it('refuses a write that alters the flags of a locked slot', () => {
    expect(keepsLockedSlots(server, week({ 2: [[8], [9]], 5: [[17, 'requested']] }))).toBe(false);
    expect(keepsLockedSlots(server, week({ 2: [[8, 'requested'], [9]], 5: [[17, 'requested']] }))).toBe(false);
  });

  it('refuses a new lock from the device, on a free slot or a new one', () => {
    expect(
      keepsLockedSlots(
        server,
        week({
          2: [
            [8, 'booked'],
            [9, 'booked'],
          ],
          5: [[17, 'requested']],
        }),
      ),
    ).toBe(false);
    expect(
      keepsLockedSlots(server, week({ 2: [[8, 'booked'], [9]], 5: [[17, 'requested']], 6: [[20, 'requested']] })),
    ).toBe(false);
  });
});
