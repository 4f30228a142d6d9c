import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { startFaultProxy, type FaultProxy, type SeenRequest } from '../faults/fault-proxy.ts';
import { givenSlotClaim } from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026: the current coach week starts Sunday 15th, the next one Sunday 22nd.
const NOW = new Date('2026-11-18T10:00:00Z');
const SEVEN_AM = 7 * 3600;
const NOON = 12 * 3600;

type DayView = {
  weekday: number;
  abbreviation: string;
  defaultTimes: Slot[];
  currentWeekTimes: Slot[];
  nextWeekTimes: Slot[];
};
type Slot = { _id: string; time: number; booked: boolean; requested: boolean };

describe('coach availability online calls', () => {
  let stack: TestStack;
  const coachId = newId();
  const call = async (
    method: 'POST' | 'PUT',
    week: string,
    payload: object,
    headers?: Record<string, string>,
    coach = coachId,
  ) =>
    stack.server.inject({
      method,
      url: `/api/me/coaches/availability/${week}`,
      headers: headers ?? (await bearerFor(stack, 'coach', coach)),
      payload,
    });
  const day = (res: { payload: string }, weekday: number) =>
    (JSON.parse(res.payload).availability as DayView[]).find((d) => d.weekday === weekday)!;
  const db = () => stack.couch.use<AvailabilityWeekDoc>(tenantDbName('coach', coachId));
  const claimHour = (weekStart: string, weekday: number, time: number, paid: boolean) =>
    givenSlotClaim(stack, coachId, { weekStart, weekday, time }, paid);

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
  });
  let proxy: FaultProxy | undefined;
  afterAll(async () => {
    await stack.stop();
    await proxy?.close();
  });

  it('adds a default slot, which the weeks without their own document follow', async () => {
    const res = await call('POST', 'default', { weekday: 5, newDefaultTime: SEVEN_AM });
    expect(res.statusCode).toBe(200);
    const availability = JSON.parse(res.payload).availability as DayView[];
    expect(availability.map((d) => d.abbreviation)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const friday = day(res, 5);
    expect(friday.defaultTimes).toEqual([{ _id: expect.any(String), time: SEVEN_AM, booked: false, requested: false }]);
    expect(friday.currentWeekTimes.map((s) => s.time)).toEqual([SEVEN_AM]);
    expect(friday.nextWeekTimes.map((s) => s.time)).toEqual([SEVEN_AM]);
  });

  it("adds to the current and next week, creating each week's document from the default", async () => {
    const current = await call('POST', 'currentweek', { weekday: 5, newCurrentWeekTime: NOON });
    expect(day(current, 5).currentWeekTimes.map((s) => s.time)).toEqual([SEVEN_AM, NOON]);
    expect(day(current, 5).defaultTimes.map((s) => s.time)).toEqual([SEVEN_AM]);
    const next = await call('POST', 'nextweek', { weekday: 0, newNextWeekTime: '14400' });
    expect(day(next, 0).nextWeekTimes.map((s) => s.time)).toEqual([14400]);
    expect((await db().get('availability:week:2026-11-15')).weekStart).toBe('2026-11-15');
    expect((await db().get('availability:week:2026-11-22')).coachId).toBe(coachId);
  });

  it('removes a free slot, and refuses a booked or requested one with the reason', async () => {
    const removed = await call('PUT', 'currentweek', { weekday: 5, currentWeekTimeToDelete: NOON });
    expect(removed.statusCode).toBe(200);
    expect(day(removed, 5).currentWeekTimes.map((s) => s.time)).toEqual([SEVEN_AM]);

    // A client books Friday 07:00 of the current week: a paid session's claim, the only record of it.
    await claimHour('2026-11-15', 5, SEVEN_AM, true);
    const refused = await call('PUT', 'currentweek', { weekday: 5, currentWeekTimeToDelete: SEVEN_AM });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.payload).message).toBe('07:00 on Fri cannot be removed: a client has booked it.');
  });

  it("ignores the flags an old document still carries, and keeps a following week's held hour when the default loses it", async () => {
    // Written before decision 120: 12:00 flagged booked on Saturday of the current week, no claim holds it.
    const week = await db().get('availability:week:2026-11-15');
    const days = week.days.map((d) =>
      d.weekday === 6 ? { ...d, times: [{ _id: newId(), time: NOON, booked: true, requested: false }] } : d,
    );
    await db().insert({ ...week, days } as AvailabilityWeekDoc);
    const shown = await call('POST', 'currentweek', { weekday: 6, newCurrentWeekTime: SEVEN_AM });
    expect(day(shown, 6).currentWeekTimes).toMatchObject([
      { time: SEVEN_AM, booked: false, requested: false },
      { time: NOON, booked: false, requested: false },
    ]);
    const stored = (await db().get('availability:week:2026-11-15')).days.find((d) => d.weekday === 6)!;
    expect(stored.times.map((t) => Object.keys(t).sort())).toEqual([
      ['_id', 'time'],
      ['_id', 'time'],
    ]);
    expect((await call('PUT', 'currentweek', { weekday: 6, currentWeekTimeToDelete: NOON })).statusCode).toBe(200);

    // Next week follows the default (its own document, from an earlier test, gone); a member's request holds its Thursday 12:00.
    const nextWeek = await db().get('availability:week:2026-11-22');
    await db().destroy(nextWeek._id, nextWeek._rev);
    await call('POST', 'default', { weekday: 4, newDefaultTime: NOON });
    await claimHour('2026-11-22', 4, NOON, false);
    const held = await call('PUT', 'nextweek', { weekday: 4, nextWeekTimeToDelete: NOON });
    expect(JSON.parse(held.payload).message).toBe('12:00 on Thu cannot be removed: a client has requested it.');
    // Refused before any write: next week still follows the default (no document of its own).
    await expect(db().get('availability:week:2026-11-22')).rejects.toMatchObject({ statusCode: 404 });
    const fromDefault = await call('PUT', 'default', { weekday: 4, defaultTimeToDelete: NOON });
    expect(fromDefault.statusCode).toBe(200);
    expect(day(fromDefault, 4).defaultTimes.map((s) => s.time)).not.toContain(NOON);
    expect(day(fromDefault, 4).nextWeekTimes.find((s) => s.time === NOON)).toMatchObject({ requested: true });
  });

  it('refuses a day of the current week that has passed', async () => {
    const res = await call('POST', 'currentweek', { weekday: 1, newCurrentWeekTime: NOON });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.payload).message).toBe('That day has passed.');
  });

  it("answers §8's 400 messages for bad input, 401 without a token and 403 for another role", async () => {
    for (const body of [
      {},
      { weekday: 7, newDefaultTime: NOON },
      { weekday: 1, newDefaultTime: NOON + 1800 },
      { weekday: 1, newNextWeekTime: NOON },
    ]) {
      const res = await call('POST', 'default', body);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.payload).message).toBe('Missing ID - Coach ID in token');
    }
    const badDelete = await call('PUT', 'nextweek', { weekday: 'x', nextWeekTimeToDelete: NOON });
    expect(badDelete.statusCode).toBe(400);
    expect(JSON.parse(badDelete.payload).message).toBe('Missing Coach ID in token');
    expect((await call('POST', 'default', { weekday: 1, newDefaultTime: NOON }, {})).statusCode).toBe(401);
    expect(
      (await call('PUT', 'default', { weekday: 1, defaultTimeToDelete: NOON }, await bearerFor(stack, 'gym', newId())))
        .statusCode,
    ).toBe(403);
  });

  it('keeps the slot ids stable across edits (the page keys rows by them)', async () => {
    const before = day(await call('POST', 'default', { weekday: 3, newDefaultTime: NOON }), 5).defaultTimes;
    const after = day(await call('POST', 'default', { weekday: 3, newDefaultTime: SEVEN_AM }), 5).defaultTimes;
    expect(after).toEqual(before);
  });

  it('reads the slot claims only in the writer, which names the hour it kept (decision 193)', async () => {
    // Another instance of the stack whose every CouchDB request passes a proxy that notes it.
    proxy = await startFaultProxy(stack.couchServer.origin);
    const seen: SeenRequest[] = [];
    proxy.decide((request) => {
      seen.push(request);
      return 'pass';
    });
    const couchUrl = new URL(stack.couchServer.url);
    couchUrl.port = String(proxy.port);
    const instance = await stack.startInstance({ couchUrl: couchUrl.href.replace(/\/$/, '') }, 'everything');
    const otherCoach = newId();
    const headers = await bearerFor(stack, 'coach', otherCoach);
    await call('POST', 'nextweek', { weekday: 3, newNextWeekTime: SEVEN_AM }, headers, otherCoach);
    await call('POST', 'nextweek', { weekday: 3, newNextWeekTime: NOON }, headers, otherCoach);
    await givenSlotClaim(stack, otherCoach, { weekStart: '2026-11-22', weekday: 3, time: NOON }, false);
    const remove = async (time: number) => {
      seen.length = 0;
      const res = await instance.inject({
        method: 'PUT',
        url: '/api/me/coaches/availability/nextweek',
        headers,
        payload: { weekday: 3, nextWeekTimeToDelete: time },
      });
      const claimReads = seen.filter((r) => r.url.includes('slot-claim')).length;
      return { res, requests: seen.length, claimReads };
    };

    // An hour the week does not have: reads the token's account and session, which later calls reuse.
    expect((await remove(4 * 3600)).res.statusCode).toBe(200);

    const free = await remove(SEVEN_AM);
    expect(free.res.statusCode).toBe(200);
    expect(day(free.res, 3).nextWeekTimes.map((s) => s.time)).toEqual([NOON]);
    // Six for the removal (the database, the default, the week with the default, the claims, the
    // write, the claims again) and three for the answer's view. The claims are read by the writer
    // (before and after its write) and the view (both weeks); the service read them twice more,
    // before and after the write, and the writer read the week again (12 requests, 6 claim reads).
    expect(free.claimReads).toBe(4);
    expect(free.requests).toBe(9);

    const held = await remove(NOON);
    expect(held.res.statusCode).toBe(400);
    expect(JSON.parse(held.res.payload).message).toBe('12:00 on Wed cannot be removed: a client has requested it.');
    // Refused by the writer on the stored revision: the database, the default, the week with the
    // default and the claims; nothing written, no view (as many as the service's own refusal made).
    expect(held.claimReads).toBe(1);
    expect(held.requests).toBe(4);
  });
});
