import { describe, expect, it } from 'vitest';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { emptyDefaultSchedule, withClassAdded, withClassRemoved } from '@mastr/rules/schedule.ts';
import { deliverScheduleWeek, type ScheduleGateway } from './schedule-sender.ts';
import { SyncHttpError } from './sync-fetch.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
const H = 3600;
const cls = (id: string, startTime: number): ClassItem => ({
  _id: id,
  discipline: 'Boxing',
  difficulty: 'Fundamentals',
  startTime,
  endTime: startTime + H,
  location: 'Main mat',
  kidsClass: false,
});
let n = 0;
const base0 = withClassAdded(
  emptyDefaultSchedule('gym1', NOW, () => `d${++n}`),
  1,
  cls('keep', 9 * H),
  NOW,
);

/** A fake gateway over one stored document, with CouchDB's revision check. */
function fakeGateway(stored: ScheduleWeekDoc | null, refuse = false) {
  const state = { stored, revs: stored ? 1 : 0 };
  if (state.stored) state.stored = { ...state.stored, _rev: '1-a' };
  const gateway: ScheduleGateway = {
    bulkDocsUrl: '/bulk',
    allDocsUrl: '/all',
    async fetch(url, init) {
      const body = JSON.parse(String(init!.body));
      if (url === '/bulk') {
        if (refuse) throw new SyncHttpError(403);
        const doc = body.docs[0] as ScheduleWeekDoc;
        if ((state.stored?._rev ?? undefined) !== doc._rev)
          return Response.json([{ id: doc._id, error: 'conflict' }]);
        state.revs += 1;
        state.stored = { ...doc, _rev: `${state.revs}-x` };
        return Response.json([{ ok: true, id: doc._id, rev: state.stored._rev }]);
      }
      return Response.json({ rows: [{ doc: state.stored }] });
    },
  };
  return { gateway, state };
}
const ids = (doc: ScheduleWeekDoc | null, weekday = 1) =>
  doc!.days.find((d) => d.weekday === weekday)!.classes.map((c) => c._id);

describe('deliverScheduleWeek', () => {
  it('sends a week edited from the current server copy as it is', async () => {
    const { gateway, state } = fakeGateway(base0);
    const base = state.stored!;
    const doc = withClassAdded(base, 2, cls('new', 18 * H), NOW);
    const result = await deliverScheduleWeek(gateway, { id: base._id, base, doc });
    expect(result.outcome).toBe('sent');
    expect(ids(state.stored, 2)).toEqual(['new']);
  });

  it('keeps both devices’ additions, and a delete wins over the other device’s change', async () => {
    const { gateway, state } = fakeGateway(base0);
    const base = state.stored!;
    // Device A (online first) adds a class and changes 'keep'.
    const a = withClassAdded(
      {
        ...base,
        days: base.days.map((d) => ({
          ...d,
          classes: d.classes.map((c) => (c._id === 'keep' ? { ...c, location: 'Cage' } : c)),
        })),
      },
      3,
      cls('fromA', 7 * H),
      NOW,
    );
    expect((await deliverScheduleWeek(gateway, { id: base._id, base, doc: a })).outcome).toBe('sent');
    // Device B, offline from the same base, deleted 'keep' and added its own class.
    const b = withClassAdded(withClassRemoved(base, 'keep', NOW)!, 3, cls('fromB', 8 * H), NOW);
    const result = await deliverScheduleWeek(gateway, { id: base._id, base, doc: b });
    expect(result.outcome).toBe('sent');
    expect(ids(state.stored, 3)).toEqual(['fromA', 'fromB']);
    expect(ids(state.stored, 1)).toEqual([]);
  });

  it('creates a week the server does not hold yet, and merges with one created meanwhile', async () => {
    const { gateway, state } = fakeGateway(null);
    const mine = withClassAdded(base0, 2, cls('mine', 10 * H), NOW);
    expect((await deliverScheduleWeek(gateway, { id: mine._id, base: null, doc: mine })).outcome).toBe('sent');
    const theirs = withClassAdded(base0, 2, cls('theirs', 11 * H), NOW);
    expect((await deliverScheduleWeek(gateway, { id: mine._id, base: null, doc: theirs })).outcome).toBe('sent');
    expect(ids(state.stored, 2)).toEqual(['mine', 'theirs']);
  });

  it('answers refused when the gateway refuses the week', async () => {
    const { gateway } = fakeGateway(base0, true);
    expect(await deliverScheduleWeek(gateway, { id: base0._id, base: null, doc: base0 })).toEqual({
      outcome: 'refused',
    });
  });
});
