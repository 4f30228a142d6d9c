import { describe, expect, it } from 'vitest';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { addClass, deleteClass, editClass, refusalMessage, SCHEDULE_NOTES, scheduleView } from './schedule-model.ts';

const NOW = new Date('2026-11-25T10:00:00Z'); // Wednesday; the current week began Monday 23rd
const H = 3600;
let n = 0;
const ctx = { gymId: 'gym1', now: NOW, newId: () => `id${++n}` };
const fields = (startTime: number) => ({
  startTime,
  endTime: startTime + H,
  discipline: 'Boxing',
  difficulty: 'Fundamentals',
  location: ' Main mat ',
  kidsClass: false,
});

describe('the schedule page model', () => {
  it('shows three weeks of seven days, split AM/PM, with past days of the current week expired', () => {
    const added = addClass([], 'default', 3, fields(12 * H), ctx);
    const more = added.ok && addClass([added.doc], 'default', 3, fields(6 * H), ctx);
    const docs = more && more.ok ? [more.doc] : [];
    const view = scheduleView(docs, NOW);
    expect(view.map((w) => w.title)).toEqual([
      'Default Schedule',
      'Availability for the Current Week',
      'Availability for Next Week',
    ]);
    const wed = view[1].days[2];
    expect(wed.am.map((c) => c.startTime)).toEqual([6 * H]);
    expect(wed.pm.map((c) => c.startTime)).toEqual([12 * H]);
    expect(view[1].days.map((d) => d.expired)).toEqual([true, true, false, false, false, false, false]);
    expect(view[2].days.every((d) => !d.expired)).toBe(true);
  });

  it('edits a week from a copy of the default, leaving the default alone', () => {
    const base = addClass([], 'default', 1, fields(9 * H), ctx);
    if (!base.ok) throw new Error(base.message);
    const week = addClass([base.doc], 'nextWeek', 1, fields(18 * H), ctx);
    if (!week.ok) throw new Error(week.message);
    expect(week.doc._id).toBe('schedule:week:2026-11-30');
    expect(week.doc.days[0].classes.map((c) => c.startTime)).toEqual([9 * H, 18 * H]);
    expect(week.doc.days[0].classes[1].location).toBe('Main mat');
    const docs: ScheduleWeekDoc[] = [base.doc, week.doc];
    const view = scheduleView(docs, NOW);
    expect(view[0].days[0].am).toHaveLength(1);
    expect(view[1].days[0].am).toHaveLength(1);
    expect(view[2].days[0].pm).toHaveLength(1);
    // Each schedule says how it relates to the others: the edited next week keeps its own classes.
    expect(view.map((w) => w.note)).toEqual([
      SCHEDULE_NOTES.default,
      SCHEDULE_NOTES.followsDefault,
      SCHEDULE_NOTES.ownWeek,
    ]);
    const removed = deleteClass(docs, 'nextWeek', week.doc.days[0].classes[0]._id, ctx);
    expect(removed.ok && removed.doc.days[0].classes.map((c) => c.startTime)).toEqual([18 * H]);
    expect(deleteClass(docs, 'default', 'nope', ctx)).toMatchObject({ ok: false });
  });

  it('refuses a class the rules refuse', () => {
    expect(addClass([], 'default', 1, { ...fields(9 * H), endTime: 9 * H }, ctx)).toMatchObject({
      ok: false,
      message: 'A class must end after it starts.',
    });
    expect(addClass([], 'default', 1, { ...fields(9 * H), location: ' ' }, ctx)).toMatchObject({ ok: false });
  });
});

describe('editing a class in place (issue 24)', () => {
  const ok = (edit: ReturnType<typeof addClass>) => {
    if (!edit.ok) throw new Error(edit.message);
    return edit.doc;
  };
  const changed = { ...fields(18 * H), discipline: 'Kickboxing', difficulty: 'Intermediate', location: ' Ring ' };

  it('keeps the class id and day, stores the new fields in start order, and leaves the other classes', () => {
    const one = ok(addClass([], 'default', 1, fields(9 * H), ctx));
    const two = ok(addClass([one], 'default', 1, fields(11 * H), ctx));
    const [first, second] = two.days[0].classes;
    const edited = ok(editClass([two], 'default', first._id, changed, ctx));
    expect(edited._id).toBe('schedule:default');
    expect(edited.days[0].classes).toEqual([
      second,
      { ...changed, _id: first._id, location: 'Ring' }, // trimmed as an added class is
    ]);
    const view = scheduleView([edited], NOW);
    expect(view[0].days[0].am.map((c) => c._id)).toEqual([second._id]);
    expect(view[0].days[0].pm.map((c) => c.discipline)).toEqual(['Kickboxing']);
  });

  it('changes a default class in the weeks that follow the default, not in a week already edited', () => {
    const base = ok(addClass([], 'default', 1, fields(9 * H), ctx));
    const classId = base.days[0].classes[0]._id;
    const nextWeek = ok(addClass([base], 'nextWeek', 2, fields(9 * H), ctx)); // next week now its own
    const edited = ok(editClass([base, nextWeek], 'default', classId, changed, ctx));
    const view = scheduleView([edited, nextWeek], NOW);
    expect(view[0].days[0].pm.map((c) => c.discipline)).toEqual(['Kickboxing']);
    expect(view[1].days[0].pm.map((c) => c.discipline)).toEqual(['Kickboxing']); // follows the default
    expect(view[2].days[0].am.map((c) => [c._id, c.discipline])).toEqual([[classId, 'Boxing']]); // its own copy
    expect(view[2].note).toBe(SCHEDULE_NOTES.ownWeek);
    expect(SCHEDULE_NOTES.default).toContain('changing');
  });

  it("changes a week's copy of a default class under the same id, leaving the default alone", () => {
    const base = ok(addClass([], 'default', 5, fields(9 * H), ctx));
    const classId = base.days[4].classes[0]._id;
    const week = ok(editClass([base], 'currentWeek', classId, changed, ctx));
    expect(week._id).toBe('schedule:week:2026-11-23');
    expect(week.days[4].classes.map((c) => [c._id, c.discipline])).toEqual([[classId, 'Kickboxing']]);
    expect(base.days[4].classes[0].discipline).toBe('Boxing');
  });

  it('refuses what adding refuses, a class no longer there and a day that has passed, changing nothing', () => {
    const base = ok(addClass([], 'default', 1, fields(9 * H), ctx));
    const classId = base.days[0].classes[0]._id;
    for (const bad of [
      { ...fields(9 * H), endTime: 9 * H },
      { ...fields(9 * H), endTime: 8 * H },
      { ...fields(9 * H), startTime: 9 * H + 900 },
      { ...fields(9 * H), location: '  ' },
      { ...fields(9 * H), discipline: 'Yoga' },
    ])
      expect(editClass([base], 'default', classId, bad, ctx)).toEqual(addClass([base], 'default', 1, bad, ctx));
    expect(editClass([base], 'default', classId, { ...fields(9 * H), endTime: 9 * H }, ctx)).toMatchObject({
      ok: false,
      message: 'A class must end after it starts.',
    });
    expect(editClass([base], 'default', 'gone', changed, ctx)).toEqual({
      ok: false,
      message: 'That class is no longer on the schedule.',
    });
    // Monday of the current week has passed (it is Wednesday).
    expect(editClass([base], 'currentWeek', classId, changed, ctx)).toMatchObject({
      ok: false,
      message: 'That day has passed: its classes can no longer change.',
    });
  });
});

describe('a refused schedule week', () => {
  it("is named as the page names it, or by its Monday once it is no longer shown, with §8's text", () => {
    const views = scheduleView([], NOW);
    expect(refusalMessage('schedule:default', views)).toBe(
      'Send Request Failed: the server did not accept your changes to Default Schedule, so they were removed from this device.',
    );
    expect(refusalMessage('schedule:week:2026-11-30', views)).toContain('changes to Availability for Next Week,');
    expect(refusalMessage('schedule:week:2026-11-09', views)).toContain('changes to the week of 9 November 2026,');
  });
});
