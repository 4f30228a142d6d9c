import { describe, expect, it } from 'vitest';
import type { ClassItem } from '@mastr/rules/documents.ts';
import type { TimetableDay } from '@mastr/rules/timetable.ts';
import {
  classTimes,
  emptyDayText,
  formatDayMonth,
  LEGEND_LABELS,
  mastrChipsOn,
  shortLabelOf,
  timetableColumns,
  toneOf,
} from './timetable-view.ts';

function cls(_id: string, startTime: number, kidsClass = false, discipline = 'Boxing'): ClassItem {
  return { _id, discipline, difficulty: 'Any', startTime, endTime: startTime + 3600, location: 'Main', kidsClass };
}

describe('legend', () => {
  it("holds each of §9's short labels once", () => {
    expect(LEGEND_LABELS).toEqual(['MMA', 'Box', 'KB', 'Gi', 'No-Gi', 'Wres', 'Judo', 'S&C', 'Circ', 'JJ', 'OM']);
  });

  it('gives every label its own colour token', () => {
    const tones = LEGEND_LABELS.map(toneOf);
    expect(new Set(tones).size).toBe(LEGEND_LABELS.length);
    expect(toneOf('No-Gi')).toBe('nogi');
    expect(toneOf('S&C')).toBe('sc');
    expect(toneOf('Yoga')).toBe('other');
  });

  it('labels disciplines by their short label', () => {
    expect(shortLabelOf('Greco-Roman Wrestling')).toBe('Wres');
    expect(shortLabelOf('Kids No-Gi Jiu-Jitsu')).toBe('JJ');
    expect(shortLabelOf('Yoga')).toBe('Yoga');
  });
});

describe('formats', () => {
  it("shows times HH:mm and dates 'EEEE do LLLL'", () => {
    expect(classTimes({ startTime: 25200, endTime: 28800 })).toBe('07:00 - 08:00');
    expect(classTimes({ startTime: 79200, endTime: 86400 })).toBe('22:00 - 00:00');
    expect(formatDayMonth('2026-11-18')).toBe('Wednesday 18th November');
    expect(formatDayMonth('2026-11-22')).toBe('Sunday 22nd November');
  });

  it('says which view has no classes', () => {
    expect(emptyDayText(false)).toBe('No Classes Today');
    expect(emptyDayText(true)).toBe('No Kids Classes Today');
  });
});

describe('timetable columns', () => {
  const days: TimetableDay[] = [
    {
      weekday: 1,
      currentWeekClasses: [cls('mon-pm', 64800), cls('mon-am', 25200), cls('mon-kids', 57600, true)],
      nextWeekClasses: [],
    },
    { weekday: 3, currentWeekClasses: [], nextWeekClasses: [cls('next-wed', 43200)] },
  ];

  it('lays out Monday to Sunday with dates, AM/PM split and sorted classes', () => {
    const columns = timetableColumns({
      days,
      weekKind: 'currentWeek',
      weekStart: '2026-11-16',
      today: '2026-11-18',
      kids: false,
    });
    expect(columns.map((c) => c.abbreviation)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(columns.map((c) => c.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(columns[0].am.map((c) => c._id)).toEqual(['mon-am']);
    expect(columns[0].pm.map((c) => c._id)).toEqual(['mon-pm']);
    expect(columns.map((c) => c.expired)).toEqual([true, true, false, false, false, false, false]);
  });

  it('shows only kids classes in the kids view', () => {
    const [monday] = timetableColumns({
      days,
      weekKind: 'currentWeek',
      weekStart: '2026-11-16',
      today: '2026-11-18',
      kids: true,
    });
    expect([...monday.am, ...monday.pm].map((c) => c._id)).toEqual(['mon-kids']);
  });

  it("reads next week's classes, none of them expired", () => {
    const columns = timetableColumns({
      days,
      weekKind: 'nextWeek',
      weekStart: '2026-11-23',
      today: '2026-11-18',
      kids: false,
    });
    expect(columns[2].pm.map((c) => c._id)).toEqual(['next-wed']);
    expect(columns.some((c) => c.expired)).toBe(false);
    expect(columns[6].dayOfMonth).toBe(29);
  });
});

describe('Mastr Classes in the grid (issue 24)', () => {
  const options = [
    { _id: 'next', classDateAndTime: '2026-11-29T10:00:00', cancelled: false },
    { _id: 'following', classDateAndTime: '2026-12-06T18:00:00', cancelled: false },
    { _id: 'gone', classDateAndTime: '2026-11-30T09:00:00', cancelled: true },
  ];
  it('sits on its date, AM before noon and PM after, in the adult view of a live Mastr Class', () => {
    expect(mastrChipsOn('2026-11-29', options, { active: true, kids: false })).toEqual([
      { id: 'next', half: 'am', time: '10:00' },
    ]);
    expect(mastrChipsOn('2026-12-06', options, { active: true, kids: false })).toEqual([
      { id: 'following', half: 'pm', time: '18:00' },
    ]);
    expect(mastrChipsOn('2026-11-28', options, { active: true, kids: false })).toEqual([]);
  });
  it('shows nothing cancelled, nothing in the kids view and nothing while the gym hides it', () => {
    expect(mastrChipsOn('2026-11-30', options, { active: true, kids: false })).toEqual([]);
    expect(mastrChipsOn('2026-11-29', options, { active: true, kids: true })).toEqual([]);
    expect(mastrChipsOn('2026-11-29', options, { active: false, kids: false })).toEqual([]);
  });
});
