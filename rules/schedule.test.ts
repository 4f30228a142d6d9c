import { describe, expect, it } from 'vitest';
import type { ClassItem, ScheduleWeekDoc } from './documents.ts';
import {
  changesPastDays,
  classEndOptions,
  classRefusal,
  classStartOptions,
  emptyDefaultSchedule,
  mergeSchedule,
  scheduleWeekStart,
  weekFromDefault,
  withClassAdded,
  withClassRemoved,
  withClassReplaced,
} from './schedule.ts';
import { splitAmPm } from './timetable.ts';

const H = 3600;
const NOW = new Date('2026-11-25T12:00:00Z'); // a Wednesday

function item(id: string, startTime: number, overrides: Partial<ClassItem> = {}): ClassItem {
  return {
    _id: id,
    discipline: 'Boxing',
    difficulty: 'Fundamentals',
    startTime,
    endTime: startTime + H,
    location: 'Main mat',
    kidsClass: false,
    ...overrides,
  };
}

let n = 0;
const newId = () => `id${++n}`;

function week(classes: Record<number, ClassItem[]>, updatedAt = '2026-11-25T10:00:00.000Z'): ScheduleWeekDoc {
  const doc = emptyDefaultSchedule('gym1', new Date(updatedAt), () => 'x');
  return {
    ...doc,
    _id: 'schedule:week:2026-11-23',
    weekStart: '2026-11-23',
    days: doc.days.map((d) => ({ ...d, _id: `day-${d.weekday}`, classes: classes[d.weekday] ?? [] })),
  };
}

const ids = (doc: ScheduleWeekDoc, weekday: number) =>
  doc.days.find((d) => d.weekday === weekday)!.classes.map((c) => c._id);

describe('the 30-minute grid', () => {
  it('offers starts 04:30–11:30 in the morning and 12:00–22:00 in the evening', () => {
    const am = classStartOptions('am');
    const pm = classStartOptions('pm');
    expect(am[0]).toBe(4.5 * H);
    expect(am.at(-1)).toBe(11.5 * H);
    expect(pm[0]).toBe(12 * H);
    expect(pm.at(-1)).toBe(22 * H);
    expect(am.length + pm.length).toBe(36);
  });

  it('offers no end until a start is chosen, then every half hour after it up to midnight', () => {
    expect(classEndOptions(null)).toEqual([]);
    expect(classEndOptions(undefined)).toEqual([]);
    expect(classEndOptions(4 * H)).toEqual([]); // off the grid
    const ends = classEndOptions(22 * H);
    expect(ends).toEqual([22.5 * H, 23 * H, 23.5 * H, 24 * H]);
    expect(classEndOptions(18 * H).every((e) => e > 18 * H)).toBe(true);
  });
});

describe('classRefusal', () => {
  it('accepts a class on the grid that ends after it starts', () => {
    expect(classRefusal(item('a', 4.5 * H))).toBeNull();
    expect(classRefusal(item('a', 22 * H, { endTime: 24 * H }))).toBeNull();
    expect(classRefusal(item('a', 9 * H, { discipline: 'Kids Judo', kidsClass: true, difficulty: 'Any' }))).toBeNull();
  });

  it('refuses a start off the grid or outside 04:30–22:00', () => {
    for (const start of [4 * H, 9 * H + 900, 22.5 * H, -1800, 9.5 * H + 0.5])
      expect(classRefusal(item('a', start, { endTime: 23.5 * H }))).toMatch(/half hour/);
  });

  it('refuses an end not after its start, off the grid or past midnight', () => {
    expect(classRefusal(item('a', 9 * H, { endTime: 9 * H }))).toMatch(/end after/);
    expect(classRefusal(item('a', 9 * H, { endTime: 8 * H }))).toMatch(/end after/);
    expect(classRefusal(item('a', 9 * H, { endTime: 10 * H + 60 }))).toMatch(/by midnight/);
    expect(classRefusal(item('a', 21 * H, { endTime: 24.5 * H }))).toMatch(/by midnight/);
  });

  it('refuses an unknown discipline or difficulty, a kids flag not matching, a blank location', () => {
    expect(classRefusal(item('a', 9 * H, { discipline: 'Yoga' }))).toMatch(/discipline/);
    expect(classRefusal(item('a', 9 * H, { difficulty: 'Expert' }))).toMatch(/difficulty/);
    expect(classRefusal(item('a', 9 * H, { kidsClass: true }))).toMatch(/Kids/);
    expect(classRefusal(item('a', 9 * H, { discipline: 'Kids Boxing' }))).toMatch(/Kids/);
    expect(classRefusal(item('a', 9 * H, { location: '  ' }))).toMatch(/location/);
    expect(classRefusal(item('a', 9 * H, { location: 'x'.repeat(101) }))).toMatch(/location/);
  });
});

describe('AM/PM split', () => {
  it('puts a start before 12:00 in the morning and 12:00 itself in the evening, each in start order', () => {
    const { am, pm } = splitAmPm([item('c', 12 * H), item('b', 11.5 * H), item('a', 6 * H), item('d', 18 * H)]);
    expect(am.map((c) => c._id)).toEqual(['a', 'b']);
    expect(pm.map((c) => c._id)).toEqual(['c', 'd']);
  });
});

describe('weeks', () => {
  it('names the default, the current and the next UK gym week by their Mondays', () => {
    expect(scheduleWeekStart('default', NOW)).toBeNull();
    expect(scheduleWeekStart('currentWeek', NOW)).toBe('2026-11-23');
    expect(scheduleWeekStart('nextWeek', NOW)).toBe('2026-11-30');
    // Sunday 23:30 UK is still the week that began on the Monday before.
    expect(scheduleWeekStart('currentWeek', new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-23');
    expect(scheduleWeekStart('currentWeek', new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    // In British Summer Time, Sunday 23:30 UTC is already Monday in the UK.
    expect(scheduleWeekStart('currentWeek', new Date('2026-06-28T23:30:00Z'))).toBe('2026-06-29');
  });

  it('starts a new week from a copy of the default, keeping its day and class ids', () => {
    const base = withClassAdded(emptyDefaultSchedule('gym1', NOW, newId), 1, item('k1', 9 * H), NOW);
    const wk = weekFromDefault(base, '2026-11-30', NOW);
    expect(wk._id).toBe('schedule:week:2026-11-30');
    expect(wk.weekStart).toBe('2026-11-30');
    expect(wk.days.map((d) => d._id)).toEqual(base.days.map((d) => d._id));
    expect(ids(wk, 1)).toEqual(['k1']);
    // A copy: editing the week leaves the default alone.
    const edited = withClassRemoved(wk, 'k1', NOW)!;
    expect(ids(edited, 1)).toEqual([]);
    expect(ids(base, 1)).toEqual(['k1']);
  });

  it('adds in start order and removes by id (removing an absent class changes nothing)', () => {
    let wk = week({});
    wk = withClassAdded(wk, 3, item('late', 18 * H), NOW);
    wk = withClassAdded(wk, 3, item('early', 7 * H), NOW);
    expect(ids(wk, 3)).toEqual(['early', 'late']);
    expect(withClassRemoved(wk, 'nope', NOW)).toBeNull();
    expect(ids(withClassRemoved(wk, 'early', NOW)!, 3)).toEqual(['late']);
  });

  it('changes a class in place: same id and day, new fields, start order kept (an absent class changes nothing)', () => {
    let wk = week({});
    wk = withClassAdded(wk, 3, item('a', 7 * H), NOW);
    wk = withClassAdded(wk, 3, item('b', 9 * H), NOW);
    const later = new Date('2026-11-25T13:00:00Z');
    const moved = withClassReplaced(wk, item('a', 18 * H, { discipline: 'Kickboxing', location: 'Ring' }), later)!;
    expect(ids(moved, 3)).toEqual(['b', 'a']);
    expect(moved.days[2].classes[1]).toMatchObject({ _id: 'a', startTime: 18 * H, discipline: 'Kickboxing' });
    expect(moved.days.flatMap((d) => d.classes)).toHaveLength(2);
    expect(moved.updatedAt).toBe(later.toISOString());
    expect(withClassReplaced(wk, item('nope', 9 * H), NOW)).toBeNull();
    // The default's copy in a week is its own: changing the week's leaves the default alone.
    const copy = weekFromDefault({ ...wk, _id: 'schedule:default', weekStart: null }, '2026-11-30', NOW);
    expect(withClassReplaced(copy, item('b', 10 * H), NOW)!.days[2].classes[1].startTime).toBe(10 * H);
    expect(wk.days[2].classes[1].startTime).toBe(9 * H);
  });
});

describe('mergeSchedule', () => {
  const base = week({ 1: [item('a', 9 * H), item('b', 18 * H)] });

  it('keeps both devices’ additions', () => {
    const server = week({ 1: [item('a', 9 * H), item('b', 18 * H), item('s', 10 * H)] }, '2026-11-25T11:00:00.000Z');
    const device = week({ 1: [item('a', 9 * H), item('b', 18 * H)], 2: [item('d', 7 * H)] });
    const merged = mergeSchedule(server, device, base);
    expect(ids(merged, 1)).toEqual(['a', 's', 'b']);
    expect(ids(merged, 2)).toEqual(['d']);
    expect(merged.updatedAt).toBe('2026-11-25T11:00:00.000Z');
  });

  it('keeps a deletion made on either side', () => {
    const server = week({ 1: [item('a', 9 * H)] }); // b deleted on the server
    const device = week({ 1: [item('b', 18 * H)] }); // a deleted on the device
    expect(ids(mergeSchedule(server, device, base), 1)).toEqual([]);
  });

  it('lets a delete win over a change made on the other side', () => {
    const changed = item('a', 9 * H, { location: 'Cage' });
    // Deleted on the device, changed on the server.
    expect(
      ids(mergeSchedule(week({ 1: [changed, item('b', 18 * H)] }), week({ 1: [item('b', 18 * H)] }), base), 1),
    ).toEqual(['b']);
    // Changed on the device, deleted on the server.
    expect(
      ids(mergeSchedule(week({ 1: [item('b', 18 * H)] }), week({ 1: [changed, item('b', 18 * H)] }), base), 1),
    ).toEqual(['b']);
  });

  it('takes the device’s fields for a class it changed, the server’s otherwise', () => {
    const server = week({ 1: [item('a', 9 * H, { location: 'Server' }), item('b', 18 * H)] });
    const device = week({ 1: [item('a', 9 * H), item('b', 18 * H, { location: 'Device' })] });
    const merged = mergeSchedule(server, device, base).days[0].classes;
    expect(merged.map((c) => c.location)).toEqual(['Server', 'Device']);
  });

  it('without a base (both created the week offline) keeps the union', () => {
    const server = week({ 1: [item('a', 9 * H), item('s', 10 * H)] });
    const device = week({ 1: [item('a', 9 * H), item('d', 11 * H)] });
    expect(ids(mergeSchedule(server, device), 1)).toEqual(['a', 's', 'd']);
  });

  it('is the same whichever order the two devices arrive in, for additions and deletions', () => {
    const one = week({ 1: [item('a', 9 * H), item('b', 18 * H), item('x', 6 * H)] }); // added x
    const two = week({ 1: [item('b', 18 * H), item('y', 20 * H)] }); // deleted a, added y
    expect(ids(mergeSchedule(one, two, base), 1)).toEqual(ids(mergeSchedule(two, one, base), 1));
    expect(ids(mergeSchedule(one, two, base), 1)).toEqual(['x', 'b', 'y']);
  });
});

describe('changesPastDays', () => {
  const today = '2026-11-25'; // Wednesday of the week of Monday 23rd
  it('refuses adding to, removing from or changing a day before today in a dated week', () => {
    const wk = week({ 1: [item('mon', 9 * H)], 3: [item('wed', 9 * H)] });
    expect(changesPastDays(wk, withClassAdded(wk, 2, item('tue', 9 * H), NOW), today)).toBe(true);
    expect(changesPastDays(wk, withClassRemoved(wk, 'mon', NOW)!, today)).toBe(true);
    const moved = {
      ...wk,
      days: wk.days.map((d) => ({ ...d, classes: d.classes.map((c) => ({ ...c, location: 'Cage' })) })),
    };
    expect(changesPastDays(wk, moved, today)).toBe(true);
  });
  it('lets today and later days change, and the default (it has no dates)', () => {
    const wk = week({ 1: [item('mon', 9 * H)], 3: [item('wed', 9 * H)] });
    expect(changesPastDays(wk, withClassAdded(wk, 3, item('wed2', 18 * H), NOW), today)).toBe(false);
    expect(changesPastDays(wk, withClassRemoved(wk, 'wed', NOW)!, today)).toBe(false);
    const byDefault = { ...wk, _id: 'schedule:default', weekStart: null };
    expect(changesPastDays(byDefault, withClassRemoved(byDefault, 'mon', NOW)!, today)).toBe(false);
  });
});
