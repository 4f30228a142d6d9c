import { gunzipSync } from 'node:zlib';
import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachDetail, GymDetail } from '@mastr/rules/api/directory.ts';
import type { GymProfileDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { startFaultProxy, type FaultProxy, type SeenRequest } from '../faults/fault-proxy.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { onboard } from '../test-support/payment-fixtures.ts';
import { givenPtCoach } from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * The public lists served from memory (issue 27, decision 111): prepared bytes, gzip when asked,
 * a weak ETag answered with 304, no CouchDB call for a list that has not changed (the instance's
 * `_db_updates` feed says so), and an edit seen on every instance.
 */
describe('public lists served from memory', () => {
  let stack: TestStack;
  let proxy: FaultProxy;
  let watched: Server;
  const seen: SeenRequest[] = [];

  beforeAll(async () => {
    stack = await startTestStack();
    proxy = await startFaultProxy(stack.couchServer.url);
    proxy.decide((request) => {
      seen.push(request);
      return 'pass';
    });
    // Every CouchDB call of this instance, nano's and its feed's, goes through the proxy.
    const through = new URL(proxy.origin);
    const { username, password } = new URL(stack.couchServer.url);
    Object.assign(through, { username, password });
    watched = await stack.startInstance({ couchUrl: through.href.replace(/\/$/, '') }, 'everything');
  });
  afterAll(async () => {
    await stack.stop();
    await proxy.close();
  });

  const list = (server: Server, headers: Record<string, string> = {}) =>
    server.inject({ method: 'GET', url: '/api/gyms', headers });
  const idsIn = (payload: string) => (JSON.parse(payload) as { _id: string }[]).map((g) => g._id);

  it('sends gzip when asked, the same list otherwise, with a weak tag that a revalidation answers 304', async () => {
    const gymId = await givenGym(stack);
    const plain = await list(stack.server);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(idsIn(plain.payload)).toContain(gymId);
    const tag = String(plain.headers.etag);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(plain.headers['cache-control']).toBe('no-cache');

    const zipped = await list(stack.server, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.headers.etag).toBe(tag);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.payload);

    const again = await list(stack.server, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    const stale = await list(stack.server, { 'if-none-match': 'W/"not-the-current-list"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers an unchanged list with no CouchDB call, and an edit made through another instance on every instance', async () => {
    const gymId = await givenGym(stack);
    const first = await list(watched);
    expect(first.statusCode, first.payload).toBe(200);
    expect(idsIn(first.payload)).toContain(gymId);
    // A mark counts as settled a second after the database's last update (a cluster's copies catch up).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await list(watched);
    seen.length = 0;
    for (let i = 0; i < 20; i += 1) expect((await list(watched)).statusCode).toBe(200);
    expect(seen.filter((r) => r.url.includes(DB.profiles))).toEqual([]);

    const profiles = stack.couch.use<GymProfileDoc>(DB.profiles);
    await profiles.insert({ ...(await profiles.get(`gym:${gymId}`)), status: false });
    const gone = async (server: Server) => {
      for (let i = 0; i < 40; i += 1) {
        if (!idsIn((await list(server)).payload).includes(gymId)) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await gone(watched)).toBe(true);
    expect(await gone(stack.server)).toBe(true);
  });

  it("keeps a gym's profile ready: no CouchDB call while nothing changed, an edit seen on every instance, a started Mastr class gone by the clock alone", async () => {
    const kept = stack.clock.now;
    // Friday 20 November 2026, 09:00 GMT; the gym's Mastr Class is on Saturdays at 10:00.
    stack.clock.now = new Date('2026-11-20T09:00:00Z');
    try {
      const gymId = await givenGym(stack, {
        mastrClassActive: true,
        mastrClassDefault: { weekday: 6, time: 36_000, cancelled: false },
      });
      await onboard(stack, 'gym', gymId); // a schedule edit derives the status again: payments make it stay listed
      const profile = (server: Server, headers: Record<string, string> = {}) =>
        server.inject({ method: 'GET', url: `/api/gyms/${gymId}`, headers });
      const detail = (payload: string) => JSON.parse(payload) as GymDetail;
      const addMondayClass = async (startHour: number) => {
        const added = await stack.server.inject({
          method: 'POST',
          url: `/api/me/gyms/schedule/${gymId}-1/default`,
          headers: await bearerFor(stack, 'gym', gymId),
          payload: {
            discipline: 'Boxing',
            startTime: startHour * 3600,
            endTime: (startHour + 1) * 3600,
            kidsClass: false,
            difficulty: 'Fundamentals',
            location: 'Main mat',
          },
        });
        expect(added.statusCode, added.payload).toBe(200);
      };
      await addMondayClass(9); // a gym with no class is not listed (go-live-service.ts)
      const first = await profile(watched);
      expect(first.statusCode, first.payload).toBe(200);
      expect(detail(first.payload).mastrClassAvailability.map((c) => c.classDateAndTime)).toEqual([
        '2026-11-21T10:00:00',
        '2026-11-28T10:00:00',
      ]);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      expect((await profile(watched, { 'if-none-match': tag })).statusCode).toBe(304);

      await new Promise((resolve) => setTimeout(resolve, 1_200)); // the marks settle (see above)
      await profile(watched);
      seen.length = 0;
      for (let i = 0; i < 20; i += 1) expect((await profile(watched)).payload).toBe(first.payload);
      const gymDb = tenantDbName('gym', gymId);
      expect(seen.filter((r) => r.url.includes(DB.profiles) || r.url.includes(gymDb))).toEqual([]);

      // An edit of the gym's own database, made through the other instance.
      await addMondayClass(18);
      const mondays = async () =>
        detail((await profile(watched)).payload).schedule.find((d) => d.weekday === 1)!.defaultClasses.length;
      let shown = 1;
      for (let i = 0; i < 40 && shown === 1; i += 1) {
        shown = await mondays();
        if (shown === 1) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(shown).toBe(2);

      // Saturday 10:00 has come: the class has started, with no write anywhere.
      stack.clock.now = new Date('2026-11-21T10:00:00Z');
      expect(detail((await profile(watched)).payload).mastrClassAvailability[0].classDateAndTime).toBe(
        '2026-11-28T10:00:00',
      );
    } finally {
      stack.clock.now = kept;
    }
  });

  it("keeps a coach's profile ready: no CouchDB call while nothing changed, an edit to the coach's hours seen", async () => {
    const { coachId } = await givenPtCoach(stack);
    const profile = async () => {
      const res = await watched.inject(`/api/coaches/${coachId}`);
      expect(res.statusCode, res.payload).toBe(200);
      return res.payload;
    };
    const first = await profile();
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // the marks settle
    await profile();
    seen.length = 0;
    for (let i = 0; i < 20; i += 1) expect(await profile()).toBe(first);
    const coachDb = tenantDbName('coach', coachId);
    expect(seen.filter((r) => r.url.includes(DB.profiles) || r.url.includes(coachDb))).toEqual([]);

    // The coach's default week edited in CouchDB (as a replicated edit lands).
    const weeks = stack.couch.use<{ _id: string; days: { weekday: number; times: { _id: string; time: number }[] }[] }>(
      coachDb,
    );
    const week = await weeks.get('availability:default');
    week.days = week.days.map((d) => ({ ...d, times: d.weekday === 3 ? [] : d.times }));
    await weeks.insert(week);
    const wednesdays = async () =>
      (JSON.parse(await profile()) as CoachDetail).availability.find((d) => d.weekday === 3)!.defaultTimes.length;
    let shown = await wednesdays();
    for (let i = 0; i < 40 && shown > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await wednesdays();
    }
    expect(shown).toBe(0);
  });
});
