import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachDetail, GymDetail } from '@mastr/rules/api/directory.ts';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { emptyDefaultSchedule, withClassAdded } from '@mastr/rules/schedule.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { startFaultProxy, type FaultProxy, type SeenRequest } from '../faults/fault-proxy.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { onboard } from '../test-support/payment-fixtures.ts';
import { givenPtCoach } from '../test-support/pt-fixtures.ts';
import { bearerFor, boxingClass, bulkDocs, HOUR_S } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 25 November 2026: the current gym week starts Monday 23rd.
const NOW = new Date('2026-11-25T10:00:00Z');
const H = HOUR_S;
/** How late the instance's `_db_updates` feed tells of each update (Apache CouchDB batches it, up to ~1 s). */
const FEED_LATE_MS = 2_000;

/**
 * Read-your-writes on the instance that wrote (decision 156): a public profile kept in memory
 * (decisions 143, 145) shows a write made through the same instance on the next read, although the
 * instance's `_db_updates` feed tells of it only later. The feed here is held back by a proxy, so
 * only the instance's own count of its writes can drop the kept answer in time.
 */
describe("a kept public profile shows the instance's own writes at once", () => {
  let stack: TestStack;
  let proxy: FaultProxy;
  let writer: Server;
  const seen: SeenRequest[] = [];
  let gymId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    proxy = await startFaultProxy(stack.couchServer.url);
    proxy.setLateMs(FEED_LATE_MS);
    proxy.decide((request) => {
      if (request.url.startsWith('/_db_updates')) return 'late-answer';
      seen.push(request);
      return 'pass';
    });
    // Every CouchDB call of this instance, nano's and its feed's, goes through the proxy.
    const through = new URL(proxy.origin);
    const { username, password } = new URL(stack.couchServer.url);
    Object.assign(through, { username, password });
    writer = await stack.startInstance({ couchUrl: through.href.replace(/\/$/, '') }, 'everything');

    gymId = await givenGym(stack);
    // Each schedule write derives the status again (decision 69): a listed gym needs payments and a class.
    await onboard(stack, 'gym', gymId);
    const week = withClassAdded(emptyDefaultSchedule(gymId, NOW, newId), 1, boxingClass('c1', 9 * H), NOW);
    expect((await bulkDocs(stack.server, stack, 'gym', gymId, [{ ...week, _deleted: false }])).statusCode).toBe(201);
  });
  afterAll(async () => {
    await stack.stop();
    await proxy.close();
  });

  const gymProfile = async () => {
    const res = await writer.inject(`/api/gyms/${gymId}`);
    expect(res.statusCode, res.payload).toBe(200);
    return JSON.parse(res.payload) as GymDetail;
  };
  const mondayClasses = async () =>
    (await gymProfile()).schedule.find((d) => d.weekday === 1)!.defaultClasses.map((c) => c._id);

  /**
   * Waits until the feed has told of every earlier write and a mark counts as settled (a second
   * after the last told update), then checks the profile is kept: read again with no CouchDB call.
   * From here only a told update, or the instance's own count of a write, drops it.
   */
  const kept = async (read: () => Promise<unknown>, dbNames: string[]) => {
    await new Promise((resolve) => setTimeout(resolve, FEED_LATE_MS + 2_500)); // Apache CouchDB adds up to ~1 s
    await read();
    seen.length = 0;
    await read();
    expect(seen.filter((r) => dbNames.some((db) => r.url.includes(encodeURIComponent(db))))).toEqual([]);
  };
  const gymDbs = () => ['mastr_profiles', tenantDbName('gym', gymId)];

  it('a timetable class added online', async () => {
    await kept(mondayClasses, gymDbs());
    expect(await mondayClasses()).toEqual(['c1']);
    const added = await writer.inject({
      method: 'POST',
      url: `/api/me/gyms/schedule/${gymId}-1/default`,
      headers: await bearerFor(stack, 'gym', gymId),
      payload: {
        discipline: 'Boxing',
        startTime: 18 * H,
        endTime: 19 * H,
        kidsClass: false,
        difficulty: 'Fundamentals',
        location: 'Main mat',
      },
    });
    expect(added.statusCode, added.payload).toBe(200);
    expect(await mondayClasses()).toHaveLength(2);
  });

  it("a week pushed by the gym's device through the sync gateway's _bulk_docs", async () => {
    await kept(mondayClasses, gymDbs());
    const stored = await stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId)).get('schedule:default');
    const pushed = await bulkDocs(writer, stack, 'gym', gymId, [
      withClassAdded(stored, 1, boxingClass('c3', 7 * H), NOW),
    ]);
    expect(pushed.statusCode, pushed.payload).toBe(201);
    expect(await mondayClasses()).toContain('c3');
  });

  it("the gym's profile edited online", async () => {
    await kept(gymProfile, gymDbs());
    const bio = `Edited ${newId()}`;
    const edited = await writer.inject({
      method: 'POST',
      url: '/api/me/gyms/account/bio',
      headers: await bearerFor(stack, 'gym', gymId),
      payload: { bio },
    });
    expect(edited.statusCode, edited.payload).toBe(200);
    expect((await gymProfile()).bio).toBe(bio);
  });

  it("a coach's price edited online", async () => {
    const { coachId, coachHeaders } = await givenPtCoach(stack);
    const coachProfile = async () => {
      const res = await writer.inject(`/api/coaches/${coachId}`);
      expect(res.statusCode, res.payload).toBe(200);
      return JSON.parse(res.payload) as CoachDetail;
    };
    await kept(coachProfile, ['mastr_profiles', tenantDbName('coach', coachId)]);
    const edited = await writer.inject({
      method: 'POST',
      url: '/api/me/coaches/account/price',
      headers: coachHeaders,
      payload: { price: 61 }, // pounds; profiles show pence
    });
    expect(edited.statusCode, edited.payload).toBe(200);
    expect((await coachProfile()).price).toBe(6100);
  });
});
