import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipDocId, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc, GymProfileDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { getDoc } from '../couch/tenant-docs.ts';
import { DELETED_COACH_NAME } from '../services/account-lifecycle/index.ts';
import {
  chargeOf,
  deleteMe,
  expectCanRegisterAgain,
  expectGoneForGood,
  givenSignedInAccount,
  paymentOf,
  SATURDAY,
  SIX_PM,
  THURSDAY,
  WEDNESDAY,
  whereStored,
} from '../test-support/deletion-fixtures.ts';
import {
  givenCoach,
  givenDefaultAvailability,
  givenMembership,
  givenSchedule,
} from '../test-support/directory-fixtures.ts';
import {
  buyDayPass,
  checkoutSessionIdOf,
  dayPasses,
  givenPayingMember,
  givenSellingGym,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import { bearer, jwtCookieOf } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Settings 'Delete My Account' for a gym and a coach, against the real stack and the local payment
 * provider (design/decisions.md "Deleting an account"): both leave the public lists at once; the
 * gym's members are refunded and its plan ends, the coach's requests still to come are withdrawn.
 * Refusals and members are in delete-account.integration.test.ts.
 */
describe('DELETE /api/me/gyms|coaches', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const inject = (method: string, url: string, headers: Record<string, string> = {}) =>
    stack.server.inject({ method, url, headers });

  describe('a gym', () => {
    const GYM_NAME = 'Quillfeather Dojo of Wapping';

    it('leaves the list at once, refunds its members, ends its plan and coaches, and can register again', async () => {
      stack.clock.now = WEDNESDAY;
      const gym = await givenSignedInAccount(stack, {
        kind: 'gym',
        email: 'owner@quillfeather-dojo.example',
        gymName: GYM_NAME,
      });
      const gymId = gym.profileId;
      const asGym = bearer(gym.devices[0].token);
      // Make it a selling, public gym: prices, a timetable, onboarding and the Basic plan, all through the real calls.
      const profiles = stack.couch.use<GymProfileDoc>(DB.profiles);
      const profile = (await getDoc(profiles, profileDocId('gym', gymId)))!;
      // Everything going live asks for (rules/go-live.ts), so onboarding makes it Active.
      await profiles.insert({
        ...profile,
        address: {
          addressLineOne: '1 Quillfeather Yard',
          addressLineTwo: '',
          addressTownOrCity: 'London',
          addressPostalCode: 'E1W 1AA',
        },
        adultDayPassPrice: 1500,
        kidsDayPassPrice: 800,
        bio: 'Run by the Quillfeather family since 1998.',
      });
      const classes = [
        {
          _id: newId(),
          discipline: 'Boxing',
          difficulty: 'Any',
          startTime: SIX_PM,
          endTime: SIX_PM + 3600,
          location: 'Mat',
          kidsClass: false,
        },
      ];
      await givenSchedule(stack, gymId, null, Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, classes])));
      const onboarding = await inject('POST', '/api/stripe/gym/express_onboarding_link', asGym);
      await submitHostedForm(JSON.parse(onboarding.payload).url, 'complete');
      const plan = await inject('POST', '/api/subscriptions/gyms/basicPlan', asGym);
      const planUrl = JSON.parse(plan.payload).url as string;
      await submitHostedForm(planUrl, 'pay');
      const subscriptionId = (await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(planUrl)))
        .subscription as string;
      const listedGyms = async () =>
        (JSON.parse((await inject('GET', '/api/gyms')).payload) as { _id: string }[]).map((g) => g._id);
      expect(await listedGyms()).toContain(gymId);

      // A member's visit today, and a pass for Saturday; a registered and a pending coach.
      const member = await givenPayingMember(stack);
      const visited = (await buyDayPass(stack, gymId, member, '2027-11-17')).pass;
      await inject('POST', `/api/booking/daypass/gym/check_in/${visited.passId}`, asGym);
      const saturday = (await buyDayPass(stack, gymId, member, '2027-11-20')).pass;
      const registered = await givenCoach(stack);
      const pending = await givenCoach(stack);
      await givenMembership(stack, gymId, registered);
      await givenMembership(stack, gymId, pending, 'pending');

      stack.clock.now = THURSDAY;
      const res = await deleteMe(stack, 'gym', asGym);
      expect(res.statusCode, res.payload).toBe(204);
      expect(jwtCookieOf(res)).toBe('');

      expect(await listedGyms()).not.toContain(gymId);
      expect((await inject('GET', `/api/gyms/${gymId}`)).statusCode).toBe(404);
      expect(await stack.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled' });
      for (const coachId of [registered, pending])
        expect(await getDoc(stack.couch.use<{ _id: string }>(DB.profiles), membershipDocId(gymId, coachId))).toBeNull();

      // The member's Saturday pass: refunded and cancelled; the visit stays in the member's history.
      expect(await chargeOf(stack, saturday.passId)).toMatchObject({ amount_refunded: 1500, refunded: true });
      const mine = new Map((await dayPasses(stack, 'member', member.memberId)).map((p) => [p.passId, p]));
      expect(mine.get(saturday.passId)).toMatchObject({ cancelled: true });
      expect(mine.get(visited.passId)).toMatchObject({ cancelled: false, gymName: GYM_NAME });
      for (const pass of [visited, saturday])
        expect(await paymentOf(stack, pass.passId)).toMatchObject({ gymId, amountPence: 1500 });

      await expectGoneForGood(stack, 'gym', gym);
      expect(await whereStored(stack, 'Quillfeather family')).toEqual([]);
      // The gym's name survives only in members' own purchase history (design/decisions.md).
      const memberDb = tenantDbName('member', member.memberId);
      expect((await whereStored(stack, GYM_NAME)).sort()).toEqual(
        [`${memberDb}/daypass:${visited.passId}`, `${memberDb}/daypass:${saturday.passId}`].sort(),
      );
      await expectCanRegisterAgain(stack, 'gym', gym);
    });
  });

  describe('a coach', () => {
    it('leaves the list at once, rejects requests still to come, and can register again', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const coach = await givenSignedInAccount(stack, {
        kind: 'coach',
        email: 'qz.coach@example.org',
        firstName: 'Quentin',
        lastName: 'Zephyrwood',
        profile: { status: true, discipline: 'Boxing', price: 4500, instagramUsername: 'zephyrwood_boxing' },
      });
      const coachId = coach.profileId;
      await givenMembership(stack, gymId, coachId);
      await givenDefaultAvailability(stack, coachId, { 5: [SIX_PM] });
      const listedCoaches = async () =>
        (JSON.parse((await inject('GET', '/api/coaches')).payload) as { _id: string }[]).map((c) => c._id);
      expect(await listedCoaches()).toContain(coachId);

      // A member asks for this Friday and next Friday; on Saturday the first is past, the second to come.
      const member = await givenPayingMember(stack);
      const ask = (bookingDate: string, currentOrNextWeek: string) =>
        stack.server.inject({
          method: 'POST',
          url: '/api/booking/handlePrivateSessionCoachRequest',
          headers: member.headers,
          payload: {
            userEmail: member.email,
            coach_id: coachId,
            user_id: member.memberId,
            gym_id: gymId,
            coachPrice: 1,
            selectedExperience: 'Beginner',
            bookingTimeObject: { _id: 'slot-id', time: SIX_PM, booked: false, requested: false },
            bookingDayId: 'day-id',
            bookingDate,
            currentOrNextWeek,
          },
        });
      expect((await ask('2027-11-19', 'currentWeek')).statusCode).toBe(201);
      expect((await ask('2027-11-26', 'nextWeek')).statusCode).toBe(201);
      const memberDb = stack.couch.use<CoachRequestDoc>(tenantDbName('member', member.memberId));
      const requestsOfMember = async () =>
        (await memberDb.list({ include_docs: true })).rows.flatMap((r) =>
          r.doc?.type === 'coach-request' ? [r.doc] : [],
        );
      const [past, toCome] = (await requestsOfMember()).sort((a, b) => a.startTime.localeCompare(b.startTime));

      stack.clock.now = SATURDAY;
      const res = await deleteMe(stack, 'coach', bearer(coach.devices[0].token));
      expect(res.statusCode, res.payload).toBe(204);
      expect(jwtCookieOf(res)).toBe('');

      expect(await listedCoaches()).not.toContain(coachId);
      expect((await inject('GET', `/api/coaches/${coachId}`)).statusCode).toBe(404);
      const gymDetail = JSON.parse((await inject('GET', `/api/gyms/${gymId}`)).payload) as {
        coachesInformation: { _id: string }[];
      };
      expect(gymDetail.coachesInformation.map((c) => c._id)).not.toContain(coachId);
      expect(await getDoc(stack.couch.use<{ _id: string }>(DB.profiles), membershipDocId(gymId, coachId))).toBeNull();

      // The member keeps the past session's hour without the coach's name; the one to come is withdrawn.
      const left = await requestsOfMember();
      expect(left.map((r) => r.requestId)).toEqual([past.requestId]);
      expect(left[0]).toMatchObject({ coachFullName: DELETED_COACH_NAME, startTime: '2027-11-19T18:00:00' });
      expect(toCome).toBeDefined();

      await expectGoneForGood(stack, 'coach', coach);
      expect(await whereStored(stack, 'Zephyrwood', 'Quentin')).toEqual([]);
      await expectCanRegisterAgain(stack, 'coach', coach);
    });
  });
});
