import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GymRequestDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { givenGym, givenMember } from '../test-support/directory-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 in the UK (GMT).
const NOW = new Date('2026-11-18T10:00:00Z');
const SIX_PM = 64800;

describe('PT requests to a gym', () => {
  let stack: TestStack;
  const post = (url: string, payload: object, headers: Record<string, string> = {}, server = stack.server) =>
    server
      .inject({ method: 'POST', url, payload, headers })
      .then((res) => ({ status: res.statusCode, body: JSON.parse(res.payload) }));

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe('POST /api/booking/handlePrivateSessionGymRequest', () => {
    const url = '/api/booking/handlePrivateSessionGymRequest';
    const body = (gymId: string, overrides: object = {}) => ({
      gym_id: gymId,
      selectedDate: '2026-11-21',
      selectedTime: SIX_PM,
      selectedDiscipline: 'Boxing',
      selectedExperienceLevel: 'Beginner',
      ...overrides,
    });

    it('writes the request into the gym and the member databases', async () => {
      const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
      const memberId = await givenMember(stack, 'Alex Member');
      const res = await post(url, body(gymId), await bearerFor(stack, 'user', memberId));
      expect(res).toEqual({ status: 201, body: { message: 'Request Sent' } });

      const inGym = await stack.couch.use<GymRequestDoc>(tenantDbName('gym', gymId)).list({ include_docs: true });
      const [request] = inGym.rows.map((r) => r.doc!).filter((d) => d.type === 'gym-request');
      expect(request).toMatchObject({
        _id: `gym-request:${request.requestId}`,
        startTime: '2026-11-21T18:00:00',
        endTime: '2026-11-21T19:00:00',
        gymId,
        gymName: 'Iron Temple',
        requestedDiscipline: 'Boxing',
        sessionPrice: 2000,
        experienceLevel: 'Beginner',
        accepted: false,
        appliedCoaches: [],
        userProfile_id: memberId,
        clientName: 'Alex Member',
      });
      const { _rev, ...copy } = await stack.couch.use<GymRequestDoc>(tenantDbName('member', memberId)).get(request._id);
      expect({ ...copy, _rev: request._rev }).toEqual(request);
    });

    it('refuses dates on or before two days ahead of today (UK), accepts three days ahead', async () => {
      const gymId = await givenGym(stack);
      const headers = await bearerFor(stack, 'user', await givenMember(stack));
      for (const selectedDate of ['2026-11-17', '2026-11-18', '2026-11-20']) {
        expect(await post(url, body(gymId, { selectedDate }), headers)).toEqual({
          status: 400,
          body: expect.objectContaining({ message: 'Please choose a date more than two days from today.' }),
        });
      }
      expect((await post(url, body(gymId, { selectedDate: '2026-11-21' }), headers)).status).toBe(201);
    });

    it('counts days on the UK calendar, not UTC', async () => {
      // 23:30 UTC on Saturday 27 June 2026 is already Sunday 28th in the UK (BST).
      stack.clock.now = new Date('2026-06-27T23:30:00Z');
      try {
        const gymId = await givenGym(stack);
        const headers = await bearerFor(stack, 'user', await givenMember(stack));
        expect((await post(url, body(gymId, { selectedDate: '2026-06-30' }), headers)).status).toBe(400);
        expect((await post(url, body(gymId, { selectedDate: '2026-07-01' }), headers)).status).toBe(201);
      } finally {
        stack.clock.now = NOW;
      }
    });

    it('refuses bad values, unknown and non-public gyms with 400', async () => {
      const gymId = await givenGym(stack);
      const headers = await bearerFor(stack, 'user', await givenMember(stack));
      const bad = [
        { selectedTime: 3600 },
        { selectedTime: 14401 },
        { selectedDiscipline: 'Kickboxing' },
        { selectedExperienceLevel: 'Expert' },
        { selectedDate: '2026-11-31' },
        { selectedDate: '21/11/2026' },
        { gym_id: 'nope' },
        { extra: true },
      ];
      for (const overrides of bad) expect((await post(url, body(gymId, overrides), headers)).status).toBe(400);
      const { selectedDiscipline: _omitted, ...missing } = body(gymId);
      expect(await post(url, missing, headers)).toMatchObject({ status: 400, body: { message: 'Missing data' } });
      for (const id of [
        newId(),
        await givenGym(stack, { subscribed: false }),
        await givenGym(stack, { status: false }),
      ]) {
        expect(await post(url, body(id), headers)).toMatchObject({ status: 400, body: { message: 'Gym not found' } });
      }
    });

    it('is for members only: 401 without a token, 403 for gyms and coaches', async () => {
      const gymId = await givenGym(stack);
      expect((await post(url, body(gymId))).status).toBe(401);
      expect((await post(url, body(gymId), await bearerFor(stack, 'gym', gymId))).status).toBe(403);
      expect((await post(url, body(gymId), await bearerFor(stack, 'coach', newId()))).status).toBe(403);
    });
  });
});
