import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipDocId } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc, NotificationDoc } from '@mastr/rules/documents.ts';
import { MEMBERSHIP_REFUSALS } from '@mastr/rules/memberships.ts';
import { DB } from '../couch/databases.ts';
import { docsWithPrefix, getDoc, tenantDb } from '../couch/tenant-docs.ts';
import { newId } from '../couch/ids.ts';
import { givenCoach, givenGym, givenMembership } from '../test-support/directory-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('coach–gym relation calls', () => {
  let stack: TestStack;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    stack = await startTestStack();
    a = stack.server;
    b = await stack.startInstance();
  });
  afterAll(async () => {
    await stack.stop();
  });

  async function call(
    kind: 'coach' | 'gym' | 'user',
    profileId: string,
    method: Method,
    url: string,
    payload?: object,
    server: Server = a,
  ) {
    const res = await server.inject({ method, url, payload, headers: await bearerFor(stack, kind, profileId) });
    return { status: res.statusCode, body: JSON.parse(res.payload || 'null') };
  }

  const request = (coachId: string, gymId: string, server?: Server) =>
    call('coach', coachId, 'POST', '/api/me/coaches/requestgym', { gym_id: gymId }, server);
  const cancel = (coachId: string, gymId: string, server?: Server) =>
    call('coach', coachId, 'PUT', `/api/me/coaches/requestgym/${gymId}`, undefined, server);
  const leave = (coachId: string, gymId: string, server?: Server) =>
    call('coach', coachId, 'PUT', `/api/me/coaches/registeredgym/${gymId}`, undefined, server);
  const approve = (gymId: string, coachId: string, server?: Server) =>
    call('gym', gymId, 'POST', `/api/me/gyms/mycoaches/approve/${coachId}`, undefined, server);
  const terminate = (gymId: string, coachId: string, server?: Server) =>
    call('gym', gymId, 'DELETE', `/api/me/gyms/mycoaches/${coachId}`, undefined, server);
  const reject = (gymId: string, coachId: string, server?: Server) =>
    call('gym', gymId, 'PUT', `/api/me/gyms/myrequests/${coachId}`, undefined, server);

  const membership = (gymId: string, coachId: string) =>
    getDoc(stack.couch.use<MembershipDoc>(DB.profiles), membershipDocId(gymId, coachId));
  const publicCoachIds = async (gymId: string) => {
    const res = await a.inject({ url: `/api/gyms/${gymId}` });
    return (JSON.parse(res.payload) as { coachesInformation: { _id: string }[] }).coachesInformation.map((c) => c._id);
  };

  const events = async (kind: 'gym' | 'coach', id: string) =>
    (await docsWithPrefix<NotificationDoc>(tenantDb(stack.couch, kind, id), 'notification:'))
      .map((n) => `${n.event} ${n.otherName}`)
      // The test clock stands still, so the events' times tie: compared as a set.
      .sort();

  async function pair() {
    const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
    const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones' });
    return { gymId, coachId };
  }

  it('runs request → accept → leave, answering the fields §7 names, with the public profile following', async () => {
    const { gymId, coachId } = await pair();
    const requested = await request(coachId, gymId);
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({
      pendingRequests: [gymId],
      pendingRequestsInformation: [{ _id: gymId, gymName: 'Iron Temple', profileImage: expect.any(String) }],
    });
    expect((await request(coachId, gymId)).body.pendingRequests).toEqual([gymId]);

    const approved = await approve(gymId, coachId);
    expect(approved.status).toBe(200);
    expect(approved.body.requestsInformation).toEqual([]);
    expect(approved.body.coachesInformation.map((c: { _id: string }) => c._id)).toEqual([coachId]);
    expect(await publicCoachIds(gymId)).toEqual([coachId]);
    expect((await approve(gymId, coachId)).status).toBe(200);

    const left = await leave(coachId, gymId);
    expect(left).toEqual({ status: 200, body: { registeredGyms: [], registeredGymsInformation: [] } });
    expect(await membership(gymId, coachId)).toBeNull();
    expect(await publicCoachIds(gymId)).toEqual([]);
    // Each change reached the other side's database once (a repeated request or accept told nothing).
    expect(await events('gym', gymId)).toEqual(['coach-left Casey Jones', 'coach-requested Casey Jones']);
    expect(await events('coach', coachId)).toEqual(['gym-accepted Iron Temple']);
    // The relation can start again from nothing.
    expect((await request(coachId, gymId)).body.pendingRequests).toEqual([gymId]);
  });

  it('lets the coach cancel a pending request, and the gym reject one or terminate a registered coach', async () => {
    const { gymId, coachId } = await pair();
    await request(coachId, gymId);
    expect(await cancel(coachId, gymId)).toEqual({
      status: 200,
      body: { pendingRequests: [], pendingRequestsInformation: [] },
    });
    await request(coachId, gymId);
    expect(await reject(gymId, coachId)).toEqual({ status: 200, body: { requestsInformation: [] } });
    expect(await membership(gymId, coachId)).toBeNull();

    await givenMembership(stack, gymId, coachId);
    expect(await terminate(gymId, coachId)).toEqual({ status: 200, body: { coachesInformation: [] } });
    expect(await publicCoachIds(gymId)).toEqual([]);
  });

  it('refuses transitions from the wrong state', async () => {
    const { gymId, coachId } = await pair();
    expect(await cancel(coachId, gymId)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.noOwnRequest },
    });
    expect(await leave(coachId, gymId)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.notOwnGym },
    });
    expect(await approve(gymId, coachId)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.noRequest },
    });
    expect(await reject(gymId, coachId)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.noRequest },
    });
    expect(await terminate(gymId, coachId)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.notRegistered },
    });
    await request(coachId, gymId);
    expect((await leave(coachId, gymId)).status).toBe(400);
    expect((await terminate(gymId, coachId)).status).toBe(400);
    await approve(gymId, coachId);
    expect(await request(coachId, gymId)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.alreadyRegistered },
    });
    expect((await cancel(coachId, gymId)).status).toBe(400);
    expect((await reject(gymId, coachId)).status).toBe(400);
    expect((await membership(gymId, coachId))?.state).toBe('registered');
  });

  it('refuses unknown, non-public and malformed ids', async () => {
    const { gymId, coachId } = await pair();
    const hidden = await givenGym(stack, { subscribed: false });
    expect(await request(coachId, newId())).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.unknownGym },
    });
    expect(await request(coachId, hidden)).toMatchObject({
      status: 400,
      body: { message: MEMBERSHIP_REFUSALS.unknownGym },
    });
    expect(await request(coachId, 'not-an-id')).toMatchObject({
      status: 400,
      body: { message: 'Missing ID - gym_id / Coach ID in token' },
    });
    expect((await call('coach', coachId, 'POST', '/api/me/coaches/requestgym', {})).status).toBe(400);
    expect((await approve(gymId, newId())).status).toBe(400);
    expect((await approve(gymId, 'nope')).status).toBe(400);
    expect((await cancel(coachId, 'nope')).status).toBe(400);
    expect((await terminate(gymId, newId())).status).toBe(400);
  });

  it('lets each side act only on its own relations, and only with its own role', async () => {
    const { gymId, coachId } = await pair();
    const otherGym = await givenGym(stack);
    const otherCoach = await givenCoach(stack);
    await request(coachId, gymId);
    // Another gym cannot accept or reject this request; another coach cannot cancel it.
    expect((await approve(otherGym, coachId)).status).toBe(400);
    expect((await reject(otherGym, coachId)).status).toBe(400);
    expect((await cancel(otherCoach, gymId)).status).toBe(400);
    expect((await membership(gymId, coachId))?.state).toBe('pending');

    expect((await call('gym', gymId, 'POST', '/api/me/coaches/requestgym', { gym_id: gymId })).status).toBe(403);
    expect((await call('user', newId(), 'PUT', `/api/me/coaches/registeredgym/${gymId}`)).status).toBe(403);
    expect((await call('coach', coachId, 'POST', `/api/me/gyms/mycoaches/approve/${coachId}`)).status).toBe(403);
    expect((await call('coach', coachId, 'DELETE', `/api/me/gyms/mycoaches/${coachId}`)).status).toBe(403);
    expect((await call('user', newId(), 'PUT', `/api/me/gyms/myrequests/${coachId}`)).status).toBe(403);
    const anonymous = await a.inject({ method: 'POST', url: `/api/me/gyms/mycoaches/approve/${coachId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('races over two instances', () => {
    it('keeps one pending relation when the coach requests on both instances at once', async () => {
      const { gymId, coachId } = await pair();
      const results = await Promise.all([request(coachId, gymId, a), request(coachId, gymId, b)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      for (const r of results) expect(r.body.pendingRequests).toEqual([gymId]);
      expect((await membership(gymId, coachId))?._rev).toMatch(/^1-/);
    });

    it('ends accept racing cancel in one state both sides and the public profile agree on', async () => {
      for (let round = 0; round < 4; round++) {
        const { gymId, coachId } = await pair();
        await request(coachId, gymId);
        const [accepted, cancelled] = await Promise.all([approve(gymId, coachId, a), cancel(coachId, gymId, b)]);
        // Exactly one of the two wins.
        expect([accepted.status, cancelled.status].sort()).toEqual([200, 400]);
        const doc = await membership(gymId, coachId);
        const coachMe = (await call('coach', coachId, 'GET', '/api/me/coaches')).body as {
          registeredGyms: string[];
          pendingRequests: string[];
        };
        const gymMe = (await call('gym', gymId, 'GET', '/api/me/gyms')).body as {
          coachesInformation: { _id: string }[];
          requestsInformation: unknown[];
        };
        expect(coachMe.pendingRequests).toEqual([]);
        expect(gymMe.requestsInformation).toEqual([]);
        if (accepted.status === 200) {
          expect(doc?.state).toBe('registered');
          expect(coachMe.registeredGyms).toEqual([gymId]);
          expect(gymMe.coachesInformation.map((c) => c._id)).toEqual([coachId]);
          expect(await publicCoachIds(gymId)).toEqual([coachId]);
        } else {
          expect(doc).toBeNull();
          expect(coachMe.registeredGyms).toEqual([]);
          expect(gymMe.coachesInformation).toEqual([]);
          expect(await publicCoachIds(gymId)).toEqual([]);
        }
      }
    });

    it('ends two managers accepting and rejecting at once in one state', async () => {
      for (let round = 0; round < 4; round++) {
        const { gymId, coachId } = await pair();
        await request(coachId, gymId);
        const [accepted, rejected] = await Promise.all([approve(gymId, coachId, a), reject(gymId, coachId, b)]);
        expect([accepted.status, rejected.status].sort()).toEqual([200, 400]);
        const doc = await membership(gymId, coachId);
        expect(doc?.state ?? null).toBe(accepted.status === 200 ? 'registered' : null);
        expect(await publicCoachIds(gymId)).toEqual(accepted.status === 200 ? [coachId] : []);
      }
    });
  });
});
