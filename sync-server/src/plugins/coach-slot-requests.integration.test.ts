import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityWeekDoc, CoachRequestDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import type { Deps } from '../deps.ts';
import { ABANDONED_CLAIM_MS, requestCoachSlot } from '../services/coaching/index.ts';
import { newId } from '../couch/ids.ts';
import { getDoc } from '../couch/tenant-docs.ts';
import {
  givenCoach,
  givenDefaultAvailability,
  givenGym,
  givenMember,
  givenMembership,
  givenProfiles,
} from '../test-support/directory-fixtures.ts';
import { bearerFor, bulkDocs } from '../test-support/sync-fixtures.ts';
import { givenSlotClaim } from '../test-support/pt-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 in the UK (GMT): the coach week started Sunday 15th, the next starts Sunday 22nd.
const NOW = new Date('2026-11-18T10:00:00Z');
const SIX_PM = 64800;
const SEVEN_AM = 25200;
const TAKEN = 'That time has just been taken. Please choose another.';

type Slot = { _id: string; time: number; booked: boolean; requested: boolean };
type Day = { _id: string; weekday: number; currentWeekTimes: Slot[]; nextWeekTimes: Slot[] };

describe('coach slot requests', () => {
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

  describe('POST /api/booking/handlePrivateSessionCoachRequest', () => {
    const url = '/api/booking/handlePrivateSessionCoachRequest';

    /** A public coach (£45/hr) registered at a public gym, free Fridays 18:00 and every day at 07:00 by default. */
    async function givenBookableCoach() {
      const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones', price: 4500 });
      const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
      await givenMembership(stack, gymId, coachId);
      await givenDefaultAvailability(stack, coachId, {
        0: [SEVEN_AM],
        2: [SEVEN_AM],
        3: [SEVEN_AM],
        4: [SEVEN_AM],
        5: [SEVEN_AM, SIX_PM],
      });
      return { coachId, gymId };
    }

    const body = (ids: { coachId: string; gymId: string; memberId: string }, overrides: object = {}) => ({
      userEmail: 'alex@example.com',
      coach_id: ids.coachId,
      user_id: ids.memberId,
      gym_id: ids.gymId,
      coachPrice: 1,
      selectedExperience: 'Intermediate',
      bookingTimeObject: { _id: 'slot-id', time: SIX_PM, booked: false, requested: false },
      bookingDayId: 'day-id',
      bookingDate: '2026-11-20',
      currentOrNextWeek: 'currentWeek',
      ...overrides,
    });
    const friday = (availability: Day[]) => availability.find((d) => d.weekday === 5)!;
    type CoachTenantDoc = CoachRequestDoc | SlotClaimDoc | AvailabilityWeekDoc;
    const coachDb = (coachId: string) => stack.couch.use<CoachTenantDoc>(tenantDbName('coach', coachId));
    const requestsOf = async (coachId: string) =>
      (await coachDb(coachId).list({ include_docs: true })).rows.flatMap((r) =>
        r.doc?.type === 'coach-request' ? [r.doc as CoachRequestDoc] : [],
      );

    it('locks the slot, records the request for coach and member, and answers the updated availability', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack, 'Alex Member');
      const res = await post(url, body({ coachId, gymId, memberId }), await bearerFor(stack, 'user', memberId));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Request Sent');
      const slots = friday(res.body.availability).currentWeekTimes;
      expect(slots.map((s: Slot) => [s.time, s.requested])).toEqual([
        [SEVEN_AM, false],
        [SIX_PM, true],
      ]);
      expect(friday(res.body.availability).nextWeekTimes.every((s: Slot) => !s.requested)).toBe(true);

      const [request] = await requestsOf(coachId);
      expect(request).toMatchObject({
        startTime: '2026-11-20T18:00:00',
        endTime: '2026-11-20T19:00:00',
        clientName: 'Alex Member',
        userProfile_id: memberId,
        coachId,
        coachFullName: 'Casey Jones',
        coachPrice: 4500,
        gymId,
        gymName: 'Iron Temple',
        experienceLevel: 'Intermediate',
        accepted: false,
        weekStart: '2026-11-15',
        bookingTimeObject_id: slots[1]._id,
        slotClaimId: 'slot-claim:2026-11-15:5:64800',
      });
      // Nothing is written into the coach's week (decision 120): it still follows the default, whose ids the request names.
      expect(await getDoc(coachDb(coachId), 'availability:week:2026-11-15')).toBeNull();
      const week = (await coachDb(coachId).get('availability:default')) as AvailabilityWeekDoc;
      expect(request.bookingDayId).toBe(week.days.find((d) => d.weekday === 5)!._id);
      expect(
        (await stack.couch.use<CoachRequestDoc>(tenantDbName('member', memberId)).get(request._id)).startTime,
      ).toBe('2026-11-20T18:00:00');
      expect(await coachDb(coachId).get('slot-claim:2026-11-15:5:64800')).toMatchObject({
        type: 'slot-claim',
        requestId: request.requestId,
      });

      // The coach's device cannot take the requested slot back: its first edit of the week (made
      // before it heard of the request) is stored with the held hour put back.
      const emptied = {
        ...week,
        _id: 'availability:week:2026-11-15',
        weekStart: '2026-11-15',
        _rev: undefined,
        days: week.days.map((d) => ({ ...d, times: [] })),
        _deleted: false,
      };
      const push = await bulkDocs(stack.server, stack, 'coach', coachId, [emptied]);
      expect(JSON.parse(push.payload)[0]).toMatchObject({ ok: true });
      const stored = (await coachDb(coachId).get('availability:week:2026-11-15')) as AvailabilityWeekDoc;
      expect(stored.days.find((d) => d.weekday === 5)!.times.map((s) => s.time)).toEqual([SIX_PM]);
      // Once the week is stored, removing the hour again is a conflict the device merges.
      const again = await bulkDocs(stack.server, stack, 'coach', coachId, [
        { ...stored, days: stored.days.map((d) => ({ ...d, times: [] })), _deleted: false },
      ]);
      expect(JSON.parse(again.payload)[0]).toMatchObject({ error: 'conflict' });
    });

    it('refuses requests at a gym the coach has left; a request sent before stays (decision 33)', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      const member = await bearerFor(stack, 'user', memberId);
      const before = await post(url, body({ coachId, gymId, memberId }), member);
      expect(before.status).toBe(201);
      const left = await stack.server.inject({
        method: 'PUT',
        url: `/api/me/coaches/registeredgym/${gymId}`,
        headers: await bearerFor(stack, 'coach', coachId),
      });
      expect(left.statusCode).toBe(200);
      const seven = { bookingTimeObject: { _id: 'slot-id', time: SEVEN_AM, booked: false, requested: false } };
      const after = await post(url, body({ coachId, gymId, memberId }, seven), member);
      expect(after).toMatchObject({ status: 400, body: { message: 'This coach is not registered to that gym.' } });
      expect((await requestsOf(coachId)).map((r) => r.startTime)).toEqual(['2026-11-20T18:00:00']);
    });

    it('answers 409 with the fresh availability when the slot is already requested', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const [first, second] = [await givenMember(stack), await givenMember(stack)];
      expect(
        (await post(url, body({ coachId, gymId, memberId: first }), await bearerFor(stack, 'user', first))).status,
      ).toBe(201);
      const res = await post(url, body({ coachId, gymId, memberId: second }), await bearerFor(stack, 'user', second));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TAKEN);
      expect(friday(res.body.availability).currentWeekTimes.find((s: Slot) => s.time === SIX_PM)!.requested).toBe(true);
    });

    it('of 50 simultaneous requests for one slot on two server instances, exactly one wins', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const members = Array.from({ length: 50 }, () => newId());
      await givenProfiles(
        stack,
        members.map((id) => ({
          _id: `user:${id}`,
          type: 'user' as const,
          name: `Member ${id}`,
          profileImage: '',
          coachProfileId: null,
          createdAt: NOW.toISOString(),
        })),
      );
      const second = await stack.startInstance();
      const headers = await Promise.all(members.map((memberId) => bearerFor(stack, 'user', memberId)));
      const answers = await Promise.all(
        members.map((memberId, i) =>
          post(
            url,
            body({ coachId, gymId, memberId }, { currentOrNextWeek: 'nextWeek', bookingDate: '2026-11-27' }),
            headers[i]!,
            i % 2 ? second : stack.server,
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      const losers = answers.filter((a) => a.status !== 201);
      expect(losers).toHaveLength(49);
      for (const loser of losers) {
        expect(loser.status).toBe(409);
        expect(loser.body.message).toBe(TAKEN);
        expect(friday(loser.body.availability).nextWeekTimes).toEqual(
          expect.arrayContaining([expect.objectContaining({ time: SIX_PM })]),
        );
      }
      // Every loser's availability is at least as fresh as the claim: once the winner is done it shows the lock.
      const final = await stack.server.inject({ method: 'GET', url: `/api/coaches/${coachId}` });
      expect(
        friday(JSON.parse(final.payload).availability).nextWeekTimes.find((s: Slot) => s.time === SIX_PM)!.requested,
      ).toBe(true);
      const requests = await requestsOf(coachId);
      expect(requests).toHaveLength(1);
      expect(requests[0].startTime).toBe('2026-11-27T18:00:00');
    });

    it('refuses slots on today or earlier days of the current week with 400; next week the same weekday is fine', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      const headers = await bearerFor(stack, 'user', memberId);
      const slot = { _id: 'x', time: SEVEN_AM, booked: false, requested: false };
      for (const bookingDate of ['2026-11-18', '2026-11-17', '2026-11-15']) {
        expect(
          await post(url, body({ coachId, gymId, memberId }, { bookingDate, bookingTimeObject: slot }), headers),
        ).toMatchObject({
          status: 400,
          body: { message: 'That day can no longer be booked.' },
        });
      }
      expect(
        (
          await post(
            url,
            body({ coachId, gymId, memberId }, { bookingDate: '2026-11-19', bookingTimeObject: slot }),
            headers,
          )
        ).status,
      ).toBe(201);
      expect(
        (
          await post(
            url,
            body(
              { coachId, gymId, memberId },
              { bookingDate: '2026-11-25', bookingTimeObject: slot, currentOrNextWeek: 'nextWeek' },
            ),
            headers,
          )
        ).status,
      ).toBe(201);
      expect(await post(url, body({ coachId, gymId, memberId }, { bookingDate: '2026-11-25' }), headers)).toMatchObject(
        {
          status: 400,
          body: { message: 'That date is not in the chosen week.' },
        },
      );
    });

    it('refuses a gym the coach is not registered to, another member id and bad values with 400', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      const headers = await bearerFor(stack, 'user', memberId);
      const pendingGym = await givenGym(stack);
      await givenMembership(stack, pendingGym, coachId, 'pending');
      const hiddenGym = await givenGym(stack, { subscribed: false });
      await givenMembership(stack, hiddenGym, coachId);
      for (const gym of [pendingGym, hiddenGym, await givenGym(stack)]) {
        expect(await post(url, body({ coachId, gymId: gym, memberId }), headers)).toMatchObject({
          status: 400,
          body: { message: 'This coach is not registered to that gym.' },
        });
      }
      expect(await post(url, body({ coachId, gymId, memberId: newId() }), headers)).toMatchObject({
        status: 400,
        body: { message: 'Missing data' },
      });
      const inactive = await givenCoach(stack, { status: false });
      expect(await post(url, body({ coachId: inactive, gymId, memberId }), headers)).toMatchObject({
        status: 400,
        body: { message: 'Coach not found' },
      });
      for (const overrides of [
        { currentOrNextWeek: 'lastWeek' },
        { selectedExperience: 'Pro' },
        { bookingTimeObject: { _id: 'x', time: 3600, booked: false, requested: false } },
        { bookingDate: '20-11-2026' },
        { coach_id: 'x' },
      ]) {
        expect((await post(url, body({ coachId, gymId, memberId }, overrides), headers)).status).toBe(400);
      }
      expect(await requestsOf(coachId)).toEqual([]);
    });

    it('is for members only: 401 without a token, 403 for gyms and coaches', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      expect((await post(url, body({ coachId, gymId, memberId }))).status).toBe(401);
      expect(
        (await post(url, body({ coachId, gymId, memberId }), await bearerFor(stack, 'coach', coachId))).status,
      ).toBe(403);
      expect((await post(url, body({ coachId, gymId, memberId }), await bearerFor(stack, 'gym', gymId))).status).toBe(
        403,
      );
    });

    it('answers 409 for a slot the coach no longer offers or that is booked, and releases the claim', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      const headers = await bearerFor(stack, 'user', memberId);
      const missing = await post(
        url,
        body(
          { coachId, gymId, memberId },
          {
            bookingDate: '2026-11-21',
            bookingTimeObject: { _id: 'x', time: SEVEN_AM, booked: false, requested: false },
          },
        ),
        headers,
      );
      expect(missing).toMatchObject({ status: 409, body: { message: TAKEN } });
      expect(await getDoc(coachDb(coachId), 'slot-claim:2026-11-15:6:25200')).toBeNull();
      // Once the coach offers it, the released slot can be claimed again.
      const added = await stack.server.inject({
        method: 'POST',
        url: '/api/me/coaches/availability/currentweek',
        headers: await bearerFor(stack, 'coach', coachId),
        payload: { weekday: 6, newCurrentWeekTime: SEVEN_AM },
      });
      expect(added.statusCode).toBe(200);
      const saturday = {
        bookingDate: '2026-11-21',
        bookingTimeObject: { _id: 'x', time: SEVEN_AM, booked: false, requested: false },
      };
      expect((await post(url, body({ coachId, gymId, memberId }, saturday), headers)).status).toBe(201);

      // Friday 18:00 booked by another route (a gym request's payment): its claim holds the hour for good.
      const booking = { bookingId: newId(), checkoutSessionId: `cs_${newId()}` };
      await coachDb(coachId).insert({
        _id: 'slot-claim:2026-11-15:5:64800',
        type: 'slot-claim',
        requestId: newId(),
        weekStart: '2026-11-15',
        weekday: 5,
        time: SIX_PM,
        // Long enough ago to be taken over if it were a dead request's: a paid one never is.
        createdAt: new Date(stack.clock.now.getTime() - 60 * 60_000).toISOString(),
        booking,
      });
      expect((await post(url, body({ coachId, gymId, memberId }), headers)).status).toBe(409);
      expect(await getDoc(coachDb(coachId), 'slot-claim:2026-11-15:5:64800')).toMatchObject({ booking });
    });

    it('undoes the claim and the lock when the request cannot be written, so the slot stays free', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      // CouchDB refuses every write into member databases.
      const couch = Object.create(stack.couch, {
        use: {
          value: (name: string) => {
            const db = stack.couch.use(name);
            return name.startsWith('mastr_member_')
              ? { ...db, insert: () => Promise.reject(new Error('disk full')) }
              : db;
          },
        },
      });
      const deps = {
        config: stack.config,
        couch,
        mailer: { send: async () => {} },
        now: () => stack.clock.now,
      } as unknown as Deps;
      await expect(
        requestCoachSlot(deps, {
          memberId,
          coachId,
          gymId,
          experienceLevel: 'Beginner',
          weekKind: 'currentWeek',
          bookingDate: '2026-11-20',
          time: SIX_PM,
        }),
      ).rejects.toThrow('disk full');
      expect(await getDoc(coachDb(coachId), 'slot-claim:2026-11-15:5:64800')).toBeNull();
      expect(await requestsOf(coachId)).toEqual([]);
      // The claim was the only record of the request: with it gone, nothing says the hour is taken.
      expect(await getDoc(coachDb(coachId), 'availability:week:2026-11-15')).toBeNull();

      expect(
        (await post(url, body({ coachId, gymId, memberId }), await bearerFor(stack, 'user', memberId))).status,
      ).toBe(201);
    });

    it('takes over a claim abandoned by a crashed request, but not a fresh one', async () => {
      const { coachId, gymId } = await givenBookableCoach();
      const memberId = await givenMember(stack);
      const headers = await bearerFor(stack, 'user', memberId);
      // A request died after claiming Friday 18:00 and locking it, before writing the request.
      await givenSlotClaim(stack, coachId, { weekStart: '2026-11-15', weekday: 5, time: SIX_PM }, false);
      expect((await post(url, body({ coachId, gymId, memberId }), headers)).status).toBe(409);
      stack.clock.advance(ABANDONED_CLAIM_MS);
      try {
        const res = await post(url, body({ coachId, gymId, memberId }), headers);
        expect(res.status).toBe(201);
        const [request] = await requestsOf(coachId);
        expect((await coachDb(coachId).get('slot-claim:2026-11-15:5:64800')) as SlotClaimDoc).toMatchObject({
          requestId: request.requestId,
        });
        expect(friday(res.body.availability).currentWeekTimes.find((s: Slot) => s.time === SIX_PM)!.requested).toBe(
          true,
        );
      } finally {
        stack.clock.now = NOW;
      }
    });
  });
});
