import { describe, expect, it } from 'vitest';
import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import type { ShownSlot } from '@mastr/rules/coach-slots.ts';
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import { availabilityGrid, slotChoice } from './availability-grid-model.ts';

const HOUR = 3600;
// Wednesday 18 November 2026 (UK): the current coach week starts Sunday the 15th, the next the 22nd.
const TODAY = '2026-11-18';
const WEEKS = { currentWeekStart: '2026-11-15', nextWeekStart: '2026-11-22' };
const [SUN, TUE, WED, THU] = [0, 2, 3, 4];

function slot(hour: number, flag?: 'booked' | 'requested'): ShownSlot {
  return {
    _id: `slot-${hour}-${flag ?? 'free'}`,
    time: hour * HOUR,
    booked: flag === 'booked',
    requested: flag === 'requested',
  };
}

/** Seven days, Sunday first; `current` and `next` give some days' slots. */
function availability(
  current: Record<number, ShownSlot[]>,
  next: Record<number, ShownSlot[]> = {},
): CoachAvailabilityDay[] {
  return COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
    _id: `day-${weekday}`,
    weekday,
    abbreviation,
    defaultTimes: [],
    currentWeekTimes: current[weekday] ?? [],
    nextWeekTimes: next[weekday] ?? [],
  }));
}

describe('availability grid', () => {
  it('lays the week out Sunday to Saturday with each day dated from the week start', () => {
    const shuffled = availability({}).reverse();
    const week = availabilityGrid({ availability: shuffled, ...WEEKS }, 'nextWeek', TODAY);
    expect(week.days.map((d) => d.abbreviation)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(week.weekStart).toBe('2026-11-22');
    expect(week.title).toBe('Next Week');
  });

  it("shows the chosen week's slots in time order as HH:mm", () => {
    const days = availability({ [THU]: [slot(18), slot(8)] }, { [THU]: [slot(6)] });
    const current = availabilityGrid({ availability: days, ...WEEKS }, 'currentWeek', TODAY);
    const next = availabilityGrid({ availability: days, ...WEEKS }, 'nextWeek', TODAY);
    expect(current.days[THU].slots.map((s) => s.label)).toEqual(['08:00', '18:00']);
    expect(next.days[THU].slots.map((s) => s.label)).toEqual(['06:00']);
  });

  it('marks booked and requested slots and never lets them be picked', () => {
    const days = availability({}, { [TUE]: [slot(8, 'booked'), slot(9, 'requested'), slot(10)] });
    const week = availabilityGrid({ availability: days, ...WEEKS }, 'nextWeek', TODAY);
    expect(week.days[TUE].slots.map((s) => [s.status, s.selectable])).toEqual([
      ['booked', false],
      ['requested', false],
      ['free', true],
    ]);
  });

  it('closes today and earlier days of the current week, and only those', () => {
    const days = availability({ [SUN]: [slot(8)], [WED]: [slot(20)], [THU]: [slot(8)] });
    const week = availabilityGrid({ availability: days, ...WEEKS }, 'currentWeek', TODAY);
    expect(week.days.map((d) => d.closed)).toEqual([true, true, true, true, false, false, false]);
    expect(week.days[SUN].slots[0]).toMatchObject({ status: 'unavailable', selectable: false });
    expect(week.days[WED].slots[0]).toMatchObject({ status: 'unavailable', selectable: false });
    expect(week.days[THU].slots[0]).toMatchObject({ status: 'free', selectable: true });
  });

  it('keeps every day of the next week open, even the weekday of today', () => {
    const days = availability({}, { [SUN]: [slot(8)], [WED]: [slot(8)] });
    const week = availabilityGrid({ availability: days, ...WEEKS }, 'nextWeek', TODAY);
    expect(week.days.every((d) => !d.closed)).toBe(true);
    expect(week.days[WED].slots[0].selectable).toBe(true);
  });

  it('names each slot button with its day, time and state', () => {
    const days = availability({ [TUE]: [slot(8)], [THU]: [slot(8), slot(9, 'booked'), slot(10, 'requested')] });
    const week = availabilityGrid({ availability: days, ...WEEKS }, 'currentWeek', TODAY);
    expect(week.days[TUE].slots[0].name).toBe('Tue 08:00, unavailable');
    expect(week.days[THU].slots.map((s) => s.name)).toEqual([
      'Thu 08:00, free',
      'Thu 09:00, booked',
      'Thu 10:00, requested',
    ]);
  });

  it('allows only next from the current week and only previous from the next week', () => {
    const days = availability({});
    expect(availabilityGrid({ availability: days, ...WEEKS }, 'currentWeek', TODAY)).toMatchObject({
      canGoBack: false,
      canGoForward: true,
    });
    expect(availabilityGrid({ availability: days, ...WEEKS }, 'nextWeek', TODAY)).toMatchObject({
      canGoBack: true,
      canGoForward: false,
    });
  });

  it('turns a picked slot into a choice carrying its week, day id and UK date', () => {
    const days = availability({}, { [TUE]: [slot(8)] });
    const week = availabilityGrid({ availability: days, ...WEEKS }, 'nextWeek', TODAY);
    const day = week.days[TUE];
    expect(slotChoice(week, day, day.slots[0])).toEqual({
      weekKind: 'nextWeek',
      dayId: 'day-2',
      weekday: TUE,
      abbreviation: 'Tue',
      date: '2026-11-24',
      slot: slot(8),
    });
  });
});
