import { describe, expect, it } from 'vitest';
import type { ClassItem } from './documents.ts';
import { INVITATION_ONLY } from './constants.ts';
import {
  alsoIncluded,
  classesOnDate,
  dayPassClasses,
  gymWeekDate,
  gymWeekDates,
  gymWeekStart,
  gymWeekdayOf,
  isDayPassDateOpen,
  isExpiredDay,
  locateInWindow,
  mastrOptionState,
  sortByStart,
  splitAmPm,
  type TimetableDay,
} from './timetable.ts';

function cls(_id: string, startTime: number, extra: Partial<ClassItem> = {}): ClassItem {
  return {
    _id,
    discipline: 'MMA',
    difficulty: 'Fundamentals',
    startTime,
    endTime: startTime + 3600,
    location: 'Mat 1',
    kidsClass: false,
    ...extra,
  };
}

describe('gym weeks (Monday to Sunday, UK dates)', () => {
  it('starts the current week on the Monday on or before today, the next one 7 days later', () => {
    const thursday = new Date('2026-11-19T12:00:00Z');
    expect(gymWeekStart(thursday)).toBe('2026-11-16');
    expect(gymWeekStart(thursday, 1)).toBe('2026-11-23');
    expect(gymWeekStart(new Date('2026-11-16T08:00:00Z'))).toBe('2026-11-16');
  });

  it('puts Sunday at the end of the week, not the start', () => {
    expect(gymWeekStart(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-16');
    expect(gymWeekdayOf('2026-11-22')).toBe(7);
    expect(gymWeekdayOf('2026-11-16')).toBe(1);
  });

  it('takes the UK date, not the UTC one', () => {
    // 23:30 UTC on Sunday 28 June 2026 is already Monday 00:30 in British Summer Time.
    expect(gymWeekStart(new Date('2026-06-28T23:30:00Z'))).toBe('2026-06-29');
  });

  it('lists the seven dates Monday to Sunday, across a month end', () => {
    expect(gymWeekDates('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(gymWeekDate('2026-12-28', 7)).toBe('2027-01-03');
  });
});

describe('expired days', () => {
  const monday = '2026-11-16';
  const today = '2026-11-18'; // Wednesday

  it('expires the current week days before today only', () => {
    expect(isExpiredDay('currentWeek', monday, 1, today)).toBe(true);
    expect(isExpiredDay('currentWeek', monday, 2, today)).toBe(true);
    expect(isExpiredDay('currentWeek', monday, 3, today)).toBe(false);
    expect(isExpiredDay('currentWeek', monday, 7, today)).toBe(false);
  });

  it('never expires next week', () => {
    expect(isExpiredDay('nextWeek', '2026-11-23', 1, today)).toBe(false);
  });
});

describe('class order and AM/PM', () => {
  it('sorts by start without touching the input', () => {
    const input = [cls('b', 64800), cls('a', 21600), cls('c', 43200)];
    expect(sortByStart(input).map((c) => c._id)).toEqual(['a', 'c', 'b']);
    expect(input.map((c) => c._id)).toEqual(['b', 'a', 'c']);
  });

  it('puts starts before 12:00 in AM and 12:00 onwards in PM', () => {
    const { am, pm } = splitAmPm([
      cls('noon', 43200),
      cls('late-morning', 43199),
      cls('dawn', 16200),
      cls('evening', 68400),
    ]);
    expect(am.map((c) => c._id)).toEqual(['dawn', 'late-morning']);
    expect(pm.map((c) => c._id)).toEqual(['noon', 'evening']);
  });
});

describe('day-pass classes', () => {
  const day = [
    cls('adult-pm', 68400),
    cls('kids', 57600, { kidsClass: true, discipline: 'Kids Judo' }),
    cls('pro', 36000, { difficulty: INVITATION_ONLY }),
    cls('adult-am', 25200),
    cls('kids-pro', 54000, { kidsClass: true, difficulty: INVITATION_ONLY }),
  ];

  it('keeps the chosen kind, leaves out invitation-only, sorted by start', () => {
    expect(dayPassClasses(day, false).map((c) => c._id)).toEqual(['adult-am', 'adult-pm']);
    expect(dayPassClasses(day, true).map((c) => c._id)).toEqual(['kids']);
  });

  it("'Also included' lists the same kind's other classes that day", () => {
    expect(alsoIncluded(day, day[3]).map((c) => c._id)).toEqual(['adult-pm']);
    expect(alsoIncluded(day, day[1])).toEqual([]);
    // Opening an invitation-only class never lists it as included with itself or others like it.
    expect(alsoIncluded(day, day[2]).map((c) => c._id)).toEqual(['adult-am', 'adult-pm']);
  });

  it('opens today and later dates only', () => {
    expect(isDayPassDateOpen('2026-11-17', '2026-11-18')).toBe(false);
    expect(isDayPassDateOpen('2026-11-18', '2026-11-18')).toBe(true);
    expect(isDayPassDateOpen('2026-11-25', '2026-11-18')).toBe(true);
  });
});

describe('dates in the two-week window', () => {
  const days: TimetableDay[] = [
    { weekday: 3, currentWeekClasses: [cls('this-wed', 36000)], nextWeekClasses: [cls('next-wed', 36000)] },
    { weekday: 7, currentWeekClasses: [], nextWeekClasses: [cls('next-sun', 36000)] },
  ];

  it('places a date in the current or next week by its weekday', () => {
    expect(locateInWindow('2026-11-16', '2026-11-16')).toEqual({ weekKind: 'currentWeek', weekday: 1 });
    expect(locateInWindow('2026-11-29', '2026-11-16')).toEqual({ weekKind: 'nextWeek', weekday: 7 });
    expect(locateInWindow('2026-11-30', '2026-11-16')).toBeNull();
    expect(locateInWindow('2026-11-15', '2026-11-16')).toBeNull();
  });

  it("reads that week's classes of the date", () => {
    expect(classesOnDate(days, '2026-11-16', '2026-11-18').map((c) => c._id)).toEqual(['this-wed']);
    expect(classesOnDate(days, '2026-11-16', '2026-11-25').map((c) => c._id)).toEqual(['next-wed']);
    expect(classesOnDate(days, '2026-11-16', '2026-11-29').map((c) => c._id)).toEqual(['next-sun']);
    expect(classesOnDate(days, '2026-11-16', '2026-11-17')).toEqual([]);
  });
});

describe('Mastr class options', () => {
  // 10:00 in London on 18 November 2026 (GMT).
  const now = new Date('2026-11-18T10:00:00Z');
  const next = { _id: 'n', classDateAndTime: '2026-11-20T18:00:00', cancelled: false };

  it('is open until it starts, then past', () => {
    expect(mastrOptionState(next, null, now)).toBe('open');
    expect(mastrOptionState({ ...next, classDateAndTime: '2026-11-18T10:00:00' }, null, now)).toBe('past');
    expect(mastrOptionState({ ...next, classDateAndTime: '2026-11-18T10:30:00' }, null, now)).toBe('open');
  });

  it('reads the wall clock in UK time and ignores a trailing Z', () => {
    // 17:30 UTC in July is 18:30 in London: a class at 18:00 UK has started.
    const summerEvening = new Date('2026-07-01T17:30:00Z');
    expect(mastrOptionState({ ...next, classDateAndTime: '2026-07-01T18:00:00Z' }, null, summerEvening)).toBe('past');
  });

  it('disables the selected one, and cancelled ones whatever else', () => {
    expect(mastrOptionState(next, 'n', now)).toBe('selected');
    expect(mastrOptionState({ ...next, cancelled: true }, 'n', now)).toBe('cancelled');
    expect(mastrOptionState({ ...next, cancelled: true, classDateAndTime: '2026-01-01T10:00:00' }, null, now)).toBe(
      'cancelled',
    );
  });
});
