import { describe, expect, it } from 'vitest';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { addClass, deleteClass, refusalMessage, SCHEDULE_NOTES, scheduleView } from './schedule-model.ts';

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
