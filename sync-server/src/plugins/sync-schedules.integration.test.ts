import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GymTimetable } from '@mastr/rules/api/directory.ts';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { emptyDefaultSchedule, withClassAdded, withClassReplaced } from '@mastr/rules/schedule.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { onboard } from '../test-support/payment-fixtures.ts';
import { bearerFor, boxingClass, bulkDocs, HOUR_S } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 25 November 2026: the current gym week starts Monday 23rd.
const NOW = new Date('2026-11-25T10:00:00Z');
const H = HOUR_S;

describe('schedule weeks written by a gym device through the sync gateway', () => {
  let stack: TestStack;
  let gymId: string;
  const db = () => stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId));
  const rows = (res: { payload: string }) => JSON.parse(res.payload) as { ok?: true; error?: string; rev?: string }[];
  const publicMonday = async () => {
    const res = await stack.server.inject({ method: 'GET', url: `/api/gyms/${gymId}` });
    return (JSON.parse(res.payload) as GymTimetable).schedule.find((d) => d.weekday === 1)!;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    gymId = await givenGym(stack);
    // Each schedule write derives the status again (decision 69): a listed gym needs payments and a class.
    await onboard(stack, 'gym', gymId);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('stores a new default pushed by the gym, and the public profile shows it', async () => {
    const doc = withClassAdded(emptyDefaultSchedule(gymId, NOW, newId), 1, boxingClass('c1', 9 * H), NOW);
    const res = await bulkDocs(stack.server, stack, 'gym', gymId, [{ ...doc, _deleted: false }]);
    expect(res.statusCode).toBe(201);
    expect(rows(res)[0]).toMatchObject({ ok: true, id: 'schedule:default' });
    expect((await publicMonday()).defaultClasses.map((c) => c._id)).toEqual(['c1']);
  });

  it('answers a stale revision as a conflict (the device merges and sends again)', async () => {
    const stored = await db().get('schedule:default');
    const fresh = await bulkDocs(stack.server, stack, 'gym', gymId, [
      withClassAdded(stored, 1, boxingClass('c2', 18 * H), NOW),
    ]);
    expect(rows(fresh)[0]).toMatchObject({ ok: true });
    const stale = await bulkDocs(stack.server, stack, 'gym', gymId, [
      withClassAdded(stored, 2, boxingClass('c3', 7 * H), NOW),
    ]);
    expect(rows(stale)[0]).toMatchObject({ error: 'conflict' });
    // At once, on Apache CouchDB too (whose `_db_updates` tells of a write up to a second later):
    // the instance counts its own writes (decision 156).
    expect((await publicMonday()).defaultClasses.map((c) => c._id)).toEqual(['c1', 'c2']);
  });

  it('refuses a class the timetable does not allow, another gym, a delete or a mix with check-ins (403)', async () => {
    const stored = await db().get('schedule:default');
    const attempts: unknown[][] = [
      [withClassAdded(stored, 1, { ...boxingClass('c4', 9 * H + 900) }, NOW)],
      [withClassAdded(stored, 1, { ...boxingClass('c4', 9 * H), endTime: 9 * H }, NOW)],
      [withClassAdded(stored, 1, { ...boxingClass('c4', 9 * H), discipline: 'Yoga' }, NOW)],
      [withClassAdded(stored, 1, { ...boxingClass('c4', 9 * H), difficulty: 'Expert' }, NOW)],
      [{ ...stored, gymId: newId() }],
      [{ ...stored, _deleted: true }],
      [stored, { _id: `checkin:${newId()}:abc`, type: 'check-in' }],
    ];
    for (const docs of attempts) {
      const res = await bulkDocs(stack.server, stack, 'gym', gymId, docs);
      expect(res.statusCode, JSON.stringify(docs).slice(0, 160)).toBe(403);
    }
    expect((await db().get('schedule:default'))._rev).toBe(stored._rev);
  });

  it('takes a class edited in place, judged as an added one: a bad edit refuses the batch and changes nothing', async () => {
    const stored = await db().get('schedule:default');
    const edit = (fields: Partial<ReturnType<typeof boxingClass>>) =>
      withClassReplaced(stored, { ...boxingClass('c1', 9 * H), ...fields }, NOW)!;
    for (const bad of [
      { endTime: 9 * H },
      { endTime: 8 * H },
      { startTime: 9 * H + 900 },
      { discipline: 'Yoga' },
      { location: '' },
      { kidsClass: true },
    ]) {
      const res = await bulkDocs(stack.server, stack, 'gym', gymId, [edit(bad)]);
      expect(res.statusCode, JSON.stringify(bad)).toBe(403);
    }
    expect((await db().get('schedule:default'))._rev).toBe(stored._rev);

    const good = await bulkDocs(stack.server, stack, 'gym', gymId, [
      edit({ discipline: 'Kickboxing', startTime: 19 * H, endTime: 20.5 * H, location: 'Ring' }),
    ]);
    expect(rows(good)[0]).toMatchObject({ ok: true });
    const monday = (await publicMonday()).defaultClasses;
    expect(monday.map((c) => [c._id, c.discipline, c.startTime])).toEqual([
      ['c2', 'Boxing', 18 * H],
      ['c1', 'Kickboxing', 19 * H],
    ]);
  });

  it("refuses a write into another gym's database and a coach's schedule write", async () => {
    const other = await givenGym(stack);
    const doc = emptyDefaultSchedule(other, NOW, newId);
    const res = await stack.server.inject({
      method: 'POST',
      url: `/sync/gym/${other}/_bulk_docs`,
      headers: await bearerFor(stack, 'gym', gymId),
      payload: { docs: [doc] },
    });
    expect(res.statusCode).toBe(403);
    const coachId = newId();
    const coach = await bulkDocs(stack.server, stack, 'coach', coachId, [{ ...doc, gymId: coachId }]);
    expect(coach.statusCode).toBe(403);
  });
});
