import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GymTimetable } from '@mastr/rules/api/directory.ts';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { onboard } from '../test-support/payment-fixtures.ts';
import { bearerFor, boxingClass, bulkDocs } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 25 November 2026: the current gym week starts Monday 23rd, the next one Monday 30th.
// Monday morning: every day of the current week is still open (a later test moves to Wednesday).
const NOW = new Date('2026-11-23T08:00:00Z');
const H = 3600;

const boxing = (startTime: number, endTime = startTime + H) => ({
  startTime,
  endTime,
  discipline: 'Boxing',
  kidsClass: false,
  difficulty: 'Fundamentals',
  location: 'Main mat',
});

describe('gym schedule online calls', () => {
  let stack: TestStack;
  let gymId: string;
  const call = async (
    method: 'POST' | 'PUT',
    weekdayId: string,
    week: string,
    payload: object,
    headers?: Record<string, string>,
  ) =>
    stack.server.inject({
      method,
      url: `/api/me/gyms/schedule/${weekdayId}/${week}`,
      headers: headers ?? (await bearerFor(stack, 'gym', gymId)),
      payload,
    });
  const body = (res: { payload: string }) => JSON.parse(res.payload) as GymTimetable;
  const day = (res: { payload: string }, weekday: number) => body(res).schedule.find((d) => d.weekday === weekday)!;
  const db = () => stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId));
  let mondayId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    gymId = await givenGym(stack);
    // Each schedule edit derives the status again (go-live-service.ts): a listed gym needs payments too.
    await onboard(stack, 'gym', gymId);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('adds a default class on a weekday named by the id the timetable gave before any default existed', async () => {
    const res = await call('POST', `${gymId}-1`, 'default', boxing(9 * H));
    expect(res.statusCode).toBe(200);
    const timetable = body(res);
    expect(timetable.schedule.map((d) => d.abbreviation)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(timetable.currentWeekStart).toBe('2026-11-23');
    const monday = day(res, 1);
    expect(monday.defaultClasses).toEqual([{ _id: expect.any(String), ...boxing(9 * H) }]);
    // Weeks without their own document follow the default.
    expect(monday.currentWeekClasses.map((c) => c.startTime)).toEqual([9 * H]);
    expect(monday.nextWeekClasses.map((c) => c.startTime)).toEqual([9 * H]);
    mondayId = monday._id;
    expect(mondayId).not.toBe(`${gymId}-1`);
  });

  it('starts the current and next week from the default, then edits only that week', async () => {
    const current = await call('POST', mondayId, 'currentWeek', boxing(18 * H, 19.5 * H));
    expect(current.statusCode).toBe(200);
    expect(day(current, 1).currentWeekClasses.map((c) => c.startTime)).toEqual([9 * H, 18 * H]);
    expect(day(current, 1).defaultClasses.map((c) => c.startTime)).toEqual([9 * H]);
    expect(day(current, 1).nextWeekClasses.map((c) => c.startTime)).toEqual([9 * H]);
    const week = await db().get('schedule:week:2026-11-23');
    expect(week.days.find((d) => d.weekday === 1)!.classes[0]._id).toBe(day(current, 1).defaultClasses[0]._id);

    const next = await call('PUT', mondayId, 'nextWeek', { classObjectId: day(current, 1).nextWeekClasses[0]._id });
    expect(next.statusCode).toBe(200);
    expect(day(next, 1).nextWeekClasses).toEqual([]);
    expect(day(next, 1).defaultClasses.map((c) => c.startTime)).toEqual([9 * H]);
    expect(day(next, 1).currentWeekClasses.map((c) => c.startTime)).toEqual([9 * H, 18 * H]);
  });

  it('deletes a default class; deleting an absent one changes nothing', async () => {
    const before = await call('POST', mondayId, 'default', boxing(6 * H));
    const added = day(before, 1).defaultClasses.find((c) => c.startTime === 6 * H)!;
    const res = await call('PUT', mondayId, 'default', { classObjectId: added._id });
    expect(res.statusCode).toBe(200);
    expect(day(res, 1).defaultClasses.map((c) => c.startTime)).toEqual([9 * H]);
    const again = await call('PUT', mondayId, 'default', { classObjectId: added._id });
    expect(again.statusCode).toBe(200);
    expect(day(again, 1).defaultClasses.map((c) => c.startTime)).toEqual([9 * H]);
  });

  it('shows an edit on the public gym profile at once: the instance counts its own write (decision 156)', async () => {
    await call('POST', mondayId, 'currentWeek', boxing(20 * H));
    const res = await stack.server.inject({ method: 'GET', url: `/api/gyms/${gymId}` });
    expect(res.statusCode).toBe(200);
    const monday = (JSON.parse(res.payload) as GymTimetable).schedule.find((d) => d.weekday === 1)!;
    expect(monday.currentWeekClasses.map((c) => c.startTime)).toContain(20 * H);
  });

  it("answers §8's 400 for a class off the grid, an end not after its start, an unknown discipline or difficulty", async () => {
    for (const bad of [
      boxing(9 * H + 900),
      boxing(4 * H),
      boxing(22.5 * H, 23 * H),
      boxing(9 * H, 9 * H),
      boxing(9 * H, 8 * H),
      { ...boxing(9 * H), discipline: 'Yoga' },
      { ...boxing(9 * H), difficulty: 'Expert' },
      { ...boxing(9 * H), kidsClass: true },
      { ...boxing(9 * H), location: '' },
      { ...boxing(9 * H), extra: 1 },
      {},
    ]) {
      const res = await call('POST', mondayId, 'default', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.parse(res.payload).message).toBe('Missing ID - Coach ID in token');
    }
    const unknownDay = await call('POST', 'not-a-day', 'default', boxing(9 * H));
    expect(unknownDay.statusCode).toBe(400);
    const badDelete = await call('PUT', mondayId, 'default', {});
    expect(badDelete.statusCode).toBe(400);
    expect(JSON.parse(badDelete.payload).message).toBe('Missing Coach ID in token');
    const deleteUnknownDay = await call('PUT', 'not-a-day', 'currentWeek', { classObjectId: 'abc' });
    expect(JSON.parse(deleteUnknownDay.payload).message).toBe('Missing Coach ID in token');
  });

  it("refuses to change a day of the current week that has passed (§8's 400), and changes nothing", async () => {
    const before = await db().get('schedule:week:2026-11-23');
    stack.clock.now = new Date('2026-11-25T10:00:00Z'); // Wednesday: Monday has passed
    const added = await call('POST', mondayId, 'currentWeek', boxing(6 * H));
    expect(added.statusCode).toBe(400);
    expect(JSON.parse(added.payload).message).toBe('Missing ID - Coach ID in token');
    const mondayClass = before.days.find((d) => d.weekday === 1)!.classes[0]!;
    const removed = await call('PUT', mondayId, 'currentWeek', { classObjectId: mondayClass._id });
    expect(removed.statusCode).toBe(400);
    expect(JSON.parse(removed.payload).message).toBe('Missing Coach ID in token');
    expect((await db().get('schedule:week:2026-11-23'))._rev).toBe(before._rev);
    // Next week's Monday is still open.
    expect((await call('POST', mondayId, 'nextWeek', boxing(6 * H))).statusCode).toBe(200);
    stack.clock.now = NOW;
  });

  it('refuses without a token (401) and to other roles (403)', async () => {
    const none = await call('POST', mondayId, 'default', boxing(9 * H), {});
    expect(none.statusCode).toBe(401);
    for (const kind of ['coach', 'user'] as const) {
      const res = await call('POST', mondayId, 'default', boxing(9 * H), await bearerFor(stack, kind, newId()));
      expect(res.statusCode).toBe(403);
    }
  });

  it("touches only the calling gym's own schedule: another gym's day id is unknown to it", async () => {
    const otherGym = await givenGym(stack);
    const other = await call('POST', mondayId, 'default', boxing(7 * H), await bearerFor(stack, 'gym', otherGym));
    expect(other.statusCode).toBe(400);
    const own = await call('POST', `${otherGym}-2`, 'default', boxing(7 * H), await bearerFor(stack, 'gym', otherGym));
    expect(own.statusCode).toBe(200);
    expect(day(own, 2).defaultClasses.map((c) => c.startTime)).toEqual([7 * H]);
    const mine = (await db().get('schedule:default')).days.find((d) => d.weekday === 2)!;
    expect(mine.classes).toEqual([]);
  });

  it("holds an online class to a device's week rules: a day of 64 classes takes no 65th either way (decision 185)", async () => {
    // Before the registry, the online call wrote its week without the gateway's parser: a 65th class
    // was stored, and every later week a device sent from that copy was refused whole (403).
    const stored = await db().get('schedule:default');
    const full = (count: number): ScheduleWeekDoc => ({
      ...stored,
      days: stored.days.map((d) =>
        d.weekday === 6
          ? { ...d, classes: Array.from({ length: count }, (_, i) => boxingClass(`sat-${i}`, 10 * H)) }
          : d,
      ),
    });
    expect((await bulkDocs(stack.server, stack, 'gym', gymId, [full(65)])).statusCode).toBe(403);
    const device = await bulkDocs(stack.server, stack, 'gym', gymId, [full(64)]);
    expect(JSON.parse(device.payload)[0]).toMatchObject({ ok: true });
    const saturdayId = stored.days.find((d) => d.weekday === 6)!._id;
    const before = await db().get('schedule:default');
    const online = await call('POST', saturdayId, 'default', boxing(12 * H));
    expect(online.statusCode).toBe(400);
    expect(JSON.parse(online.payload).message).toBe('Missing ID - Coach ID in token');
    expect((await db().get('schedule:default'))._rev).toBe(before._rev);
    // Taking one away online is within the rules, and then one more fits again.
    const removed = await call('PUT', saturdayId, 'default', { classObjectId: 'sat-0' });
    expect(removed.statusCode).toBe(200);
    const added = await call('POST', saturdayId, 'default', boxing(12 * H));
    expect(added.statusCode).toBe(200);
    expect(day(added, 6).defaultClasses).toHaveLength(64);
  });
});
