import { describe, expect, it } from 'vitest';
import { INVITATION_ONLY } from '@mastr/rules/constants.ts';
import type { ClassItem } from '@mastr/rules/documents.ts';
import type { TimetableDay } from '@mastr/rules/timetable.ts';
import {
  dayPassClassesOn,
  isDayPassDateDisabled,
  isPtDateDisabled,
  mastrOptionViews,
  passTypeOf,
  pickerWeeks,
  ptRequestBody,
} from './booking-models.ts';

function cls(_id: string, startTime: number, extra: Partial<ClassItem> = {}): ClassItem {
  return {
    _id,
    discipline: 'MMA',
    difficulty: 'Any',
    startTime,
    endTime: startTime + 3600,
    location: 'Main',
    kidsClass: false,
    ...extra,
  };
}

describe('booking pickers', () => {
  it('offer the current and the next Monday-to-Sunday week', () => {
    const [current, next] = pickerWeeks('2026-11-16');
    expect(current[0]).toBe('2026-11-16');
    expect(current[6]).toBe('2026-11-22');
    expect(next[0]).toBe('2026-11-23');
    expect(next[6]).toBe('2026-11-29');
  });

  it('disable day-pass dates before today', () => {
    expect(isDayPassDateDisabled('2026-11-17', '2026-11-18')).toBe(true);
    expect(isDayPassDateDisabled('2026-11-18', '2026-11-18')).toBe(false);
  });

  it('disable PT dates on or before two days ahead', () => {
    expect(isPtDateDisabled('2026-11-20', '2026-11-18')).toBe(true);
    expect(isPtDateDisabled('2026-11-21', '2026-11-18')).toBe(false);
  });
});

describe('day pass dialog', () => {
  const days: TimetableDay[] = [
    {
      weekday: 3,
      currentWeekClasses: [
        cls('late', 68400),
        cls('kids', 57600, { kidsClass: true }),
        cls('pro', 25200, { difficulty: INVITATION_ONLY }),
        cls('early', 25200),
      ],
      nextWeekClasses: [cls('next', 36000)],
    },
  ];

  it("lists that date's classes of the pass type, without invitation-only", () => {
    expect(dayPassClassesOn(days, '2026-11-16', '2026-11-18', false).map((c) => c._id)).toEqual(['early', 'late']);
    expect(dayPassClassesOn(days, '2026-11-16', '2026-11-18', true).map((c) => c._id)).toEqual(['kids']);
    expect(dayPassClassesOn(days, '2026-11-16', '2026-11-25', false).map((c) => c._id)).toEqual(['next']);
    expect(dayPassClassesOn(days, '2026-11-16', '2026-11-19', false)).toEqual([]);
  });

  it('names the pass type for the checkout flow', () => {
    expect(passTypeOf(false)).toBe('Adult');
    expect(passTypeOf(true)).toBe('Kids');
  });
});

describe('PT request dialog', () => {
  const full = { date: '2026-11-21', time: 14400, discipline: 'Judo', experience: 'Beginner' };

  it('builds the request only once everything is chosen', () => {
    expect(ptRequestBody('g1', full)).toEqual({
      gym_id: 'g1',
      selectedDate: '2026-11-21',
      selectedTime: 14400,
      selectedDiscipline: 'Judo',
      selectedExperienceLevel: 'Beginner',
    });
    expect(ptRequestBody('g1', { ...full, date: null })).toBeNull();
    expect(ptRequestBody('g1', { ...full, time: null })).toBeNull();
    expect(ptRequestBody('g1', { ...full, discipline: '' })).toBeNull();
    expect(ptRequestBody('g1', { ...full, experience: '' })).toBeNull();
  });
});

describe('Mastr class dialog', () => {
  const now = new Date('2026-11-18T10:00:00Z');
  const options = [
    { _id: 'a', week: 'Next Class', classDateAndTime: '2026-11-20T18:00:00', cancelled: false },
    { _id: 'b', week: 'Following Class', classDateAndTime: '2026-11-27T18:00:00', cancelled: true },
  ];

  it('describes each option and disables cancelled, selected and past ones', () => {
    expect(mastrOptionViews(options, null, now)).toEqual([
      { _id: 'a', week: 'Next Class', when: 'Friday 20th November, 18:00', state: 'open', disabled: false, note: '' },
      {
        _id: 'b',
        week: 'Following Class',
        when: 'Friday 27th November, 18:00',
        state: 'cancelled',
        disabled: true,
        note: 'Cancelled',
      },
    ]);
    expect(mastrOptionViews(options, 'a', now)[0]).toMatchObject({
      state: 'selected',
      disabled: true,
      note: 'Selected',
    });
    expect(mastrOptionViews(options, null, new Date('2026-11-20T18:30:00Z'))[0]).toMatchObject({
      state: 'past',
      disabled: true,
    });
  });
});
