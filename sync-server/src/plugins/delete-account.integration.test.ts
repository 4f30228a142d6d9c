import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { accountDocId, coachRequestId, gymRequestId, imageDocId } from '@mastr/rules/doc-ids.ts';
import type {
  AccountDoc,
  AvailabilityWeekDoc,
  CoachRequestDoc,
  GymRequestDoc,
  SlotClaimDoc,
} from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { getDoc } from '../couch/tenant-docs.ts';
import type { Deps } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import {
  DELETED_MEMBER_NAME,
  deleteAccount,
  finishInterruptedDeletions,
  INTERRUPTED_AFTER_MS,
} from '../services/account-lifecycle/index.ts';
import { createMastrPass } from '../services/passes/index.ts';
import {
  chargeOf,
  deleteMe,
  expectCanRegisterAgain,
  expectGoneForGood,
  givenSignedInAccount,
  paymentOf,
  SIX_PM,
  THURSDAY,
  WEDNESDAY,
  whereStored,
} from '../test-support/deletion-fixtures.ts';
import { givenCoach, givenDefaultAvailability, givenMembership } from '../test-support/directory-fixtures.ts';
import {
  buyDayPass,
  checkoutSessionIdOf,
  dayPasses,
  givenSellingGym,
  mastrPasses,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import { bearer, jwtCookieOf } from '../test-support/sign-in-helpers.ts';
import { bearerFor, passesDeps } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Settings 'Delete My Account' refused without the right token, and a member's deletion, against
 * the real stack and the local payment provider (design/decisions.md "Deleting an account"): later
 * passes refunded, PT requests withdrawn, a paid checkout landing late, a run stopped half-way.
 * Gyms and coaches are in delete-account-gym-coach.integration.test.ts.
 */
describe('DELETE /api/me/users|coaches|gyms', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const inject = (method: string, url: string, headers: Record<string, string> = {}) =>
    stack.server.inject({ method, url, headers });

  it('refuses without a token (401) and with another kind of account (403)', async () => {
    for (const kind of ['user', 'coach', 'gym'] as const) {
      expect((await deleteMe(stack, kind, {})).statusCode).toBe(401);
      const other = kind === 'user' ? 'gym' : 'user';
      const res = await deleteMe(stack, kind, await bearerFor(stack, other, newId()));
      expect(res.statusCode, kind).toBe(403);
    }
  });

  describe('a member', () => {
    const NAME = 'Zebedee Quillfeather';

    it('gets later passes refunded, withdraws PT requests, leaves gyms a nameless visit, and can register again', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const asGym = await bearerFor(stack, 'gym', gymId);
      const member = await givenSignedInAccount(stack, {
        kind: 'user',
        email: 'zq.member@example.org',
        firstName: NAME,
      });
      const asMember = { memberId: member.profileId, headers: bearer(member.devices[0].token) };

      // Wednesday: a pass for today (checked in), one for Thursday and one for Saturday.
      const visited = (await buyDayPass(stack, gymId, asMember, '2027-11-17')).pass;
      const checkIn = await inject('POST', `/api/booking/daypass/gym/check_in/${visited.passId}`, asGym);
      expect(checkIn.statusCode, checkIn.payload).toBe(200);
      const thursday = (await buyDayPass(stack, gymId, asMember, '2027-11-18')).pass;
      const saturday = (await buyDayPass(stack, gymId, asMember, '2027-11-20')).pass;
      // A Mastr class pass not assigned yet (issued without a sale, as the demo data's are).
      const { pass: mastrPass } = await createMastrPass(passesDeps(stack), {
        gym: { profileId: gymId, gymName: 'Any Gym' },
        member: { profileId: member.profileId, name: NAME, email: member.email },
        dateAndTimeStart: null,
        pricePence: 100,
      });

      // A PT request to the gym for next week, and one for a coach's Friday 18:00 slot.
      const gymRequest = await stack.server.inject({
        method: 'POST',
        url: '/api/booking/handlePrivateSessionGymRequest',
        headers: asMember.headers,
        payload: {
          gym_id: gymId,
          selectedDate: '2027-11-24',
          selectedTime: SIX_PM,
          selectedDiscipline: 'Boxing',
          selectedExperienceLevel: 'Beginner',
        },
      });
      expect(gymRequest.statusCode, gymRequest.payload).toBe(201);
      const coachId = await givenCoach(stack);
      await givenMembership(stack, gymId, coachId);
      await givenDefaultAvailability(stack, coachId, { 5: [SIX_PM] });
      const coachRequest = await stack.server.inject({
        method: 'POST',
        url: '/api/booking/handlePrivateSessionCoachRequest',
        headers: asMember.headers,
        payload: {
          userEmail: member.email,
          coach_id: coachId,
          user_id: member.profileId,
          gym_id: gymId,
          coachPrice: 1,
          selectedExperience: 'Beginner',
          bookingTimeObject: { _id: 'slot-id', time: SIX_PM, booked: false, requested: false },
          bookingDayId: 'day-id',
          bookingDate: '2027-11-19',
          currentOrNextWeek: 'currentWeek',
        },
      });
      expect(coachRequest.statusCode, coachRequest.payload).toBe(201);
      const memberDb = stack.couch.use<GymRequestDoc | CoachRequestDoc>(tenantDbName('member', member.profileId));
      const requests = (await memberDb.list({ include_docs: true })).rows.map((r) => r.doc!);
      const sentToGym = requests.find((d) => d.type === 'gym-request')!;
      const sentToCoach = requests.find((d) => d.type === 'coach-request') as CoachRequestDoc;

      // A stored profile image (services/accounts/profile-images.ts keeps them in mastr_images).
      const imageId = imageDocId('user', member.profileId, '0123456789abcdef');
      const images = stack.couch.use<{ _id: string; type: string; data: string }>(DB.images);
      await images.insert({ _id: imageId, type: 'image', data: 'UklGRg==' });

      // Thursday: Wednesday's pass is past, Thursday's is today's, Saturday's is later.
      stack.clock.now = THURSDAY;
      const res = await deleteMe(stack, 'user', asMember.headers);
      expect(res.statusCode, res.payload).toBe(204);
      expect(res.payload).toBe('');
      expect(jwtCookieOf(res)).toBe('');

      // Saturday's pass: refunded in full on the provider, cancelled, nameless.
      expect(await chargeOf(stack, saturday.passId)).toMatchObject({ amount_refunded: 1500, refunded: true });
      const atGym = new Map((await dayPasses(stack, 'gym', gymId)).map((p) => [p.passId, p]));
      expect(atGym.get(saturday.passId)).toMatchObject({
        cancelled: true,
        clientName: DELETED_MEMBER_NAME,
        clientEmail: '',
      });
      // Today's pass stands (§1: no automatic refund on the day), the visit stays counted: both nameless.
      expect(await chargeOf(stack, thursday.passId)).toMatchObject({ amount_refunded: 0 });
      expect(atGym.get(thursday.passId)).toMatchObject({ cancelled: false, clientName: DELETED_MEMBER_NAME });
      expect(atGym.get(visited.passId)).toMatchObject({ clientName: DELETED_MEMBER_NAME, clientEmail: '' });
      expect(atGym.get(visited.passId)!.checkIns.all_check_ins).toHaveLength(1);
      // The unassigned Mastr pass is gone from the gym.
      expect((await mastrPasses(stack, 'gym', gymId)).map((p) => p.passId)).not.toContain(mastrPass.passId);

      // Payment records stay, with amounts and Stripe ids and nothing personal.
      for (const pass of [visited, thursday, saturday]) {
        const record = (await paymentOf(stack, pass.passId))!;
        expect(record).toMatchObject({ amountPence: 1500, memberId: member.profileId });
        expect(record.paymentIntentId).toMatch(/^pi_/);
        expect(JSON.stringify(record)).not.toMatch(/Quillfeather|zq\.member/i);
      }
      expect(Object.values((await paymentOf(stack, saturday.passId))!.refunds)).toEqual([
        expect.objectContaining({ amountPence: 1500, reason: 'member-cancel' }),
      ]);

      // PT requests withdrawn: the gym's and coach's copies gone, the coach's slot free again.
      const gymDb = stack.couch.use<GymRequestDoc>(tenantDbName('gym', gymId));
      expect(await getDoc(gymDb, gymRequestId(sentToGym.requestId))).toBeNull();
      const coachDb = stack.couch.use<CoachRequestDoc | SlotClaimDoc | AvailabilityWeekDoc>(
        tenantDbName('coach', coachId),
      );
      expect(await getDoc(coachDb, coachRequestId(sentToCoach.requestId))).toBeNull();
      // The claim is the only thing that holds the hour (decision 120): with it gone, the hour is free.
      expect(await getDoc(coachDb, sentToCoach.slotClaimId)).toBeNull();
      const coachPage = await stack.server.inject({ method: 'GET', url: `/api/coaches/${coachId}` });
      const friday = (
        JSON.parse(coachPage.payload) as {
          availability: {
            weekday: number;
            currentWeekTimes: { time: number; requested: boolean; booked: boolean }[];
          }[];
        }
      ).availability.find((d) => d.weekday === 5)!;
      expect(friday.currentWeekTimes).toEqual([
        expect.objectContaining({ time: SIX_PM, requested: false, booked: false }),
      ]);

      expect(await getDoc(images, imageId)).toBeNull();
      await expectGoneForGood(stack, 'user', member);
      expect(await whereStored(stack, 'Quillfeather', 'Zebedee')).toEqual([]);
      await expectCanRegisterAgain(stack, 'user', member);
    });

    it('refunds a checkout paid after the account was deleted, and issues no pass', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const member = await givenSignedInAccount(stack, {
        kind: 'user',
        email: 'late.payer@example.org',
        firstName: 'Late',
      });
      const checkout = await stack.server.inject({
        method: 'POST',
        url: '/api/booking/createCheckoutSessionAdultDayPass',
        headers: bearer(member.devices[0].token),
        payload: { user_id: member.profileId, gym_id: gymId, passDayDate: '2027-11-20' },
      });
      expect(checkout.statusCode, checkout.payload).toBe(200);
      const { url } = JSON.parse(checkout.payload) as { url: string };

      expect((await deleteMe(stack, 'user', bearer(member.devices[0].token))).statusCode).toBe(204);
      await submitHostedForm(url, 'pay');

      const passId = await checkoutPassId(checkoutSessionIdOf(url));
      expect((await dayPasses(stack, 'gym', gymId)).map((p) => p.passId)).not.toContain(passId);
      expect(await chargeOf(stack, passId)).toMatchObject({ amount_refunded: 1500, refunded: true });
      expect(Object.values((await paymentOf(stack, passId))!.refunds)).toEqual([
        expect.objectContaining({ reason: 'account-deleted' }),
      ]);
      await expectGoneForGood(stack, 'user', member);
    });

    it('finishes a deletion that stopped half-way when called again, refunding once', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const member = await givenSignedInAccount(stack, {
        kind: 'user',
        email: 'half.way@example.org',
        firstName: 'Halfway',
      });
      const headers = bearer(member.devices[0].token);
      const later = (await buyDayPass(stack, gymId, { memberId: member.profileId, headers }, '2027-11-20')).pass;

      // Stripe does not answer the refund: the run stops, nothing is lost, the member is still signed in.
      const stripeDown = new Proxy(stack.stripe, {
        get: (target, prop) =>
          prop === 'refunds'
            ? { create: () => Promise.reject(new Error('Stripe is not answering')) }
            : Reflect.get(target, prop),
      }) as Stripe;
      const deps: Deps = {
        config: stack.config,
        couch: stack.couch,
        logger: createLogger({ production: false, level: 'silent' }),
        mailer: { send: async () => {} } as unknown as Deps['mailer'],
        stripe: stripeDown,
        now: () => stack.clock.now,
      };
      await expect(deleteAccount(deps, 'user', member.profileId)).rejects.toThrow('Stripe is not answering');
      expect(await getDoc(stack.couch.use<{ _id: string }>(DB.accounts), accountDocId(member.profileId))).toMatchObject(
        {
          deletingSince: WEDNESDAY.toISOString(),
        },
      );
      expect((await inject('GET', '/api/me/users', headers)).statusCode).toBe(200);

      const res = await deleteMe(stack, 'user', headers);
      expect(res.statusCode, res.payload).toBe(204);
      expect(await chargeOf(stack, later.passId)).toMatchObject({ amount_refunded: 1500 });
      expect(Object.keys((await paymentOf(stack, later.passId))!.refunds)).toHaveLength(1);
      await expectGoneForGood(stack, 'user', member);

      // One nobody calls again is finished by the server at its next start, once it is clearly interrupted.
      const stuck = await givenSignedInAccount(stack, { kind: 'user', email: 'stuck@example.org', firstName: 'Stuck' });
      const accounts = stack.couch.use<AccountDoc>(DB.accounts);
      const marked = (await getDoc(accounts, accountDocId(stuck.profileId)))!;
      await accounts.insert({ ...marked, deletingSince: WEDNESDAY.toISOString() });
      const serverDeps = { ...deps, stripe: stack.stripe };
      expect(await finishInterruptedDeletions(serverDeps)).toBe(0);
      stack.clock.now = new Date(WEDNESDAY.getTime() + INTERRUPTED_AFTER_MS + 1000);
      expect(await finishInterruptedDeletions(serverDeps)).toBe(1);
      await expectGoneForGood(stack, 'user', stuck);
    });
  });
});
