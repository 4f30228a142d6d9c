import { describe, expect, it } from 'vitest';
import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc, TimeSlot } from '@mastr/rules/documents.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import {
  addSlot,
  coachWeeks,
  refusalMessage,
  removeSlot,
  savedEditText,
  weekView,
  type EditContext,
  type EditResult,
} from './availability-model.ts';

const HOUR = 3600;
const COACH = 'c0ac0ac0ac0ac0ac0ac0ac0a';
// Wednesday 18 November 2026, 10:00 in the UK: the current coach week starts Sunday the 15th.
const NOW = new Date('2026-11-18T10:00:00Z');
const [DEFAULT, CURRENT, NEXT] = coachWeeks(NOW);
const TUE = 2;
const THU = 4;

type Flag = '' | 'booked' | 'requested';
type Slots = Partial<Record<number, [hour: number, flag?: Flag][]>>;

/** A week document: its hours only (a flag in `slots` is a claim, see `claimsOf`). */
function doc(weekStart: string | null, slots: Slots): AvailabilityWeekDoc {
  const key = weekStart ?? 'default';
  return {
    _id: weekStart ? `availability:week:${weekStart}` : 'availability:default',
    type: 'availability-week',
    coachId: COACH,
    weekStart,
    days: COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: `${key}-day-${weekday}`,
      weekday,
      abbreviation,
      times: (slots[weekday] ?? []).map(([hour]): TimeSlot => ({
        _id: `${key}-slot-${weekday}-${hour}`,
        time: hour * HOUR,
      })),
    })),
    updatedAt: '2026-11-01T09:00:00.000Z',
  };
}

function claim(weekStart: string, weekday: number, hour: number, paid: boolean): SlotClaimDoc {
  return {
    _id: `slot-claim:${weekStart}:${weekday}:${hour * HOUR}`,
    type: 'slot-claim',
    requestId: `r${hour}`,
    weekStart,
    weekday,
    time: hour * HOUR,
    createdAt: '2026-11-16T09:00:00.000Z',
    ...(paid ? { booking: { bookingId: `r${hour}`, checkoutSessionId: 'cs' } } : {}),
  };
}

/** The slot claims the flags in `slots` stand for (booked: paid, requested: waiting). */
function claimsOf(weekStart: string, slots: Slots): SlotClaimDoc[] {
  return Object.entries(slots).flatMap(([weekday, hours]) =>
    (hours ?? []).flatMap(([hour, flag = '']) =>
      flag ? [claim(weekStart, Number(weekday), hour, flag === 'booked')] : [],
    ),
  );
}

function context(): EditContext {
  let n = 0;
  return { coachId: COACH, now: NOW, newId: () => `fresh-${++n}` };
}

function written(result: EditResult): AvailabilityWeekDoc {
  if (!result.ok) throw new Error(`edit refused: ${result.reason}`);
  return result.doc;
}

const hoursOn = (week: AvailabilityWeekDoc, weekday: number) =>
  week.days.find((d) => d.weekday === weekday)!.times.map((t) => t.time / HOUR);

describe('coach weeks', () => {
  it('are the default, the week of the Sunday on or before today and the week after', () => {
    expect(coachWeeks(NOW)).toEqual([
      { key: 'default', title: 'Default', weekStart: null },
      { key: 'current', title: 'Current Week', weekStart: '2026-11-15' },
      { key: 'next', title: 'Next Week', weekStart: '2026-11-22' },
    ]);
  });

  it('name a week whose edits the server refused by its title, or by its date once scrolled past', () => {
    expect(refusalMessage('availability:default', coachWeeks(NOW))).toBe(
      'Send Request Failed: the server did not accept your changes to Default, so they were removed from this device.',
    );
    expect(refusalMessage('availability:week:2026-11-22', coachWeeks(NOW))).toContain('changes to Next Week,');
    expect(refusalMessage('availability:week:2026-11-08', coachWeeks(NOW))).toContain(
      'changes to the week of Sunday 8th November,',
    );
  });
});

describe('availability view', () => {
  const currentSlots: Slots = { [THU]: [[9], [8, 'booked'], [10, 'requested']], [TUE]: [[7]] };
  const docs = [doc(null, { [TUE]: [[8]] }), doc('2026-11-15', currentSlots)];
  const held = claimsOf('2026-11-15', currentSlots);

  it('shows each weekday from Sunday with its slots in time order and their state', () => {
    const view = weekView(CURRENT, docs, NOW, held);
    expect(view.followsDefault).toBe(false);
    expect(view.days.map((d) => d.abbreviation)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(view.days[THU].date).toBe('2026-11-19');
    expect(view.days[THU].slots).toEqual([
      { time: 8 * HOUR, label: '08:00', state: 'booked', removable: false },
      { time: 9 * HOUR, label: '09:00', state: 'free', removable: true },
      { time: 10 * HOUR, label: '10:00', state: 'requested', removable: false },
    ]);
  });

  it('offers only the free hours of 04:00-22:00 to add', () => {
    const thursday = weekView(CURRENT, docs, NOW).days[THU];
    expect(thursday.addable).toHaveLength(HOURLY_SLOTS.length - 3);
    expect(thursday.addable[0]).toEqual({ time: 4 * HOUR, label: '04:00' });
    expect(thursday.addable.at(-1)).toEqual({ time: 22 * HOUR, label: '22:00' });
    expect(thursday.addable.map((a) => a.label)).not.toContain('09:00');
  });

  it('makes days before today read-only in the current week, but not today', () => {
    const days = weekView(CURRENT, docs, NOW).days;
    expect(days.map((d) => d.past)).toEqual([true, true, true, false, false, false, false]);
    expect(days[TUE].slots).toEqual([{ time: 7 * HOUR, label: '07:00', state: 'free', removable: false }]);
    expect(days[TUE].addable).toEqual([]);
  });

  it('shows a week without its own document following the default', () => {
    const view = weekView(NEXT, docs, NOW);
    expect(view.followsDefault).toBe(true);
    expect(view.days[TUE]).toMatchObject({
      date: '2026-11-24',
      past: false,
      slots: [{ label: '08:00', state: 'free', removable: true }],
    });
  });

  it('has no dates and no past days in the default', () => {
    const view = weekView(DEFAULT, docs, NOW);
    expect(view.followsDefault).toBe(false);
    expect(view.days.every((d) => d.date === null && !d.past)).toBe(true);
  });

  it("reads a dated hour as its slot claim says: a paid session's hour booked, a waiting request's requested", () => {
    // Thursday 09:00 was offered after a gym request booked it; next Tuesday's 08:00 (from the default) is requested.
    const claims = [
      claim('2026-11-15', THU, 9, true),
      claim('2026-11-22', TUE, 8, false),
      claim('2026-11-22', THU, 9, true),
    ];
    expect(weekView(CURRENT, docs, NOW, claims).days[THU].slots[1]).toEqual({
      time: 9 * HOUR,
      label: '09:00',
      state: 'booked',
      removable: false,
    });
    expect(weekView(NEXT, docs, NOW, claims).days[TUE].slots).toEqual([
      { time: 8 * HOUR, label: '08:00', state: 'requested', removable: false },
    ]);
    // Claims belong to dated weeks only.
    expect(weekView(DEFAULT, docs, NOW, claims).days[TUE].slots[0].state).toBe('free');
  });

  it('shows empty days before the coach has set anything', () => {
    const view = weekView(DEFAULT, [], NOW);
    expect(view.days.every((d) => d.slots.length === 0 && d.addable.length === HOURLY_SLOTS.length)).toBe(true);
  });
});

describe('adding and removing slots', () => {
  it('adds a slot in time order without changing the documents it was given', () => {
    const current = doc('2026-11-15', { [THU]: [[7], [12]] });
    const before = structuredClone(current);
    const next = written(addSlot(CURRENT, [current], THU, 9 * HOUR, context()));
    expect(hoursOn(next, THU)).toEqual([7, 9, 12]);
    expect(next.days[THU].times[1]).toEqual({ _id: 'fresh-1', time: 9 * HOUR });
    expect(next.updatedAt).toBe(NOW.toISOString());
    expect(current).toEqual(before);
  });

  it('removes a free slot', () => {
    const next = written(removeSlot(CURRENT, [doc('2026-11-15', { [THU]: [[7], [12]] })], THU, 7 * HOUR, context()));
    expect(hoursOn(next, THU)).toEqual([12]);
  });

  it('refuses to remove an hour a slot claim holds, booked or requested (the claims the device holds)', () => {
    const slots: Slots = { [THU]: [[8, 'booked'], [10, 'requested'], [12]] };
    const current = doc('2026-11-15', slots);
    const claims = claimsOf('2026-11-15', slots);
    expect(removeSlot(CURRENT, [current], THU, 8 * HOUR, context(), claims)).toEqual({ ok: false, reason: 'locked' });
    expect(removeSlot(CURRENT, [current], THU, 10 * HOUR, context(), claims)).toEqual({ ok: false, reason: 'locked' });
    expect(hoursOn(written(removeSlot(CURRENT, [current], THU, 12 * HOUR, context(), claims)), THU)).toEqual([8, 10]);
    // A claim of another week, or of the hour in a week that follows the default, is that week's.
    expect(removeSlot(NEXT, [current], THU, 8 * HOUR, context(), claims)).toEqual({ ok: false, reason: 'not-found' });
    const defaults = doc(null, { [THU]: [[8]] });
    const nextHeld = claimsOf('2026-11-22', { [THU]: [[8, 'requested']] });
    expect(removeSlot(NEXT, [defaults], THU, 8 * HOUR, context(), nextHeld)).toEqual({ ok: false, reason: 'locked' });
    expect(written(removeSlot(DEFAULT, [defaults], THU, 8 * HOUR, context(), nextHeld)).weekStart).toBeNull();
  });

  it('refuses edits on a past day of the current week', () => {
    const current = doc('2026-11-15', { [TUE]: [[7]] });
    expect(addSlot(CURRENT, [current], TUE, 9 * HOUR, context())).toEqual({ ok: false, reason: 'past-day' });
    expect(removeSlot(CURRENT, [current], TUE, 7 * HOUR, context())).toEqual({ ok: false, reason: 'past-day' });
  });

  it('refuses an hour already offered, an hour off the 04:00-22:00 grid and a slot that is not there', () => {
    const current = doc('2026-11-15', { [THU]: [[7]] });
    expect(addSlot(CURRENT, [current], THU, 7 * HOUR, context())).toEqual({ ok: false, reason: 'taken' });
    expect(addSlot(CURRENT, [current], THU, 23 * HOUR, context())).toEqual({ ok: false, reason: 'off-grid' });
    expect(addSlot(CURRENT, [current], THU, 7 * HOUR + 1800, context())).toEqual({ ok: false, reason: 'off-grid' });
    expect(removeSlot(CURRENT, [current], THU, 9 * HOUR, context())).toEqual({ ok: false, reason: 'not-found' });
  });

  it("creates a following week's own document from a copy of the default with fresh ids", () => {
    const defaults = doc(null, { [TUE]: [[8]], [THU]: [[7], [12]] });
    const next = written(removeSlot(NEXT, [defaults], THU, 7 * HOUR, context()));
    expect(next).toMatchObject({
      _id: 'availability:week:2026-11-22',
      type: 'availability-week',
      coachId: COACH,
      weekStart: '2026-11-22',
    });
    expect(hoursOn(next, TUE)).toEqual([8]);
    expect(hoursOn(next, THU)).toEqual([12]);
    const ids = next.days.flatMap((d) => [d._id, ...d.times.map((t) => t._id)]);
    expect(ids.every((id) => id.startsWith('fresh-'))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hoursOn(defaults, THU)).toEqual([7, 12]);
  });

  it('writes no flags an old copy still carries (decision 120: the claims hold them)', () => {
    const legacy = (week: AvailabilityWeekDoc) => ({
      ...week,
      days: week.days.map((d) => ({ ...d, times: d.times.map((t) => ({ ...t, booked: true, requested: false })) })),
    });
    const defaults = legacy(doc(null, { [THU]: [[7]] }));
    const next = written(addSlot(NEXT, [defaults], THU, 9 * HOUR, context()));
    expect(next.days[THU].times.map((t) => Object.keys(t))).toEqual([
      ['_id', 'time'],
      ['_id', 'time'],
    ]);
    const own = written(addSlot(CURRENT, [legacy(doc('2026-11-15', { [THU]: [[7]] }))], THU, 9 * HOUR, context()));
    expect(own.days[THU].times).toEqual([
      { _id: '2026-11-15-slot-4-7', time: 7 * HOUR },
      { _id: 'fresh-1', time: 9 * HOUR },
    ]);
  });

  it('creates the default itself on the first edit of a new coach', () => {
    const created = written(addSlot(DEFAULT, [], 0, 10 * HOUR, context()));
    expect(created).toMatchObject({ _id: 'availability:default', weekStart: null, coachId: COACH });
    expect(created.days.map((d) => d.abbreviation)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(hoursOn(created, 0)).toEqual([10]);
  });

  it("edits a week's own document, keeping its ids", () => {
    const current = doc('2026-11-15', { [THU]: [[8], [9]] });
    const next = written(addSlot(CURRENT, [doc(null, { [THU]: [[20]] }), current], THU, 11 * HOUR, context()));
    expect(next.days[THU]._id).toBe('2026-11-15-day-4');
    expect(next.days[THU].times.map((t) => t._id)).toEqual(['2026-11-15-slot-4-8', '2026-11-15-slot-4-9', 'fresh-1']);
  });
});

describe('the confirmation of a saved edit', () => {
  it('says what changed, on which day of which week, and that it syncs by itself', () => {
    expect(savedEditText('added', { title: 'Next Week' }, 1, 12 * 3600)).toBe(
      'Saved: 12:00 added on Mon, Next Week. It syncs by itself when online.',
    );
    expect(savedEditText('removed', { title: 'Default' }, 0, 7 * 3600)).toBe(
      'Saved: 07:00 removed on Sun, Default. It syncs by itself when online.',
    );
  });
});
