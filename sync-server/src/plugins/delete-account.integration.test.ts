import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import {
  accountDocId,
  availabilityDocId,
  coachRequestId,
  emailClaimId,
  gymRequestId,
  imageDocId,
  membershipDocId,
  mobileClaimId,
  paymentDocId,
  profileDocId,
} from '@mastr/rules/doc-ids.ts';
import type {
  AccountDoc,
  AvailabilityWeekDoc,
  CoachRequestDoc,
  GymProfileDoc,
  GymRequestDoc,
  SlotClaimDoc,
} from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { KIND_PLURAL } from '@mastr/rules/roles.ts';
import { normaliseMobile } from '@mastr/rules/validation.ts';
import { couchStatus } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { getDoc } from '../couch/tenant-docs.ts';
import type { Deps } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import { createAccount, type NewAccountInput } from '../services/accounts/accounts-service.ts';
import {
  DELETED_COACH_NAME,
  DELETED_MEMBER_NAME,
  deleteAccount,
  finishInterruptedDeletions,
  INTERRUPTED_AFTER_MS,
} from '../services/accounts/delete-account-service.ts';
import type { PaymentDoc } from '../services/payments/payment-docs.ts';
import { register, registrationBody } from '../test-support/account-fixtures.ts';
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
  mastrPasses,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import { bearer, jwtCookieOf, PASSWORD, refresh, signIn } from '../test-support/sign-in-helpers.ts';
import { bearerFor, passesDeps } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { createMastrPass } from '../services/passes/passes-service.ts';
import { newId } from '../couch/ids.ts';

/**
 * Settings 'Delete My Account' for the three kinds, against the real stack and the local payment
 * provider (design/decisions.md "Deleting an account"). Each account carries names that appear
 * nowhere else, so "its personal data is gone" is a search of every document CouchDB holds.
 */

// Wednesday 17 November 2027, 10:00 UK (GMT); coach weeks start Sunday 14th and Sunday 21st. In the future, so
// the access tokens sign-in issues on this clock are not too old for the real one.
const WEDNESDAY = new Date('2027-11-17T10:00:00Z');
const THURSDAY = new Date('2027-11-18T10:00:00Z');
const SATURDAY = new Date('2027-11-20T10:00:00Z');
const SIX_PM = 18 * 3600;

const uniqueMobile = () => `07${String(randomInt(1e9)).padStart(9, '0')}`;

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
  const deleteMe = (kind: AccountKind, headers: Record<string, string>) =>
    inject('DELETE', `/api/me/${KIND_PLURAL[kind]}`, headers);

  /** A verified account with its own names, signed in twice (two devices). */
  async function givenSignedInAccount(input: Omit<NewAccountInput, 'pwd' | 'mobile'>) {
    const mobile = uniqueMobile();
    const { account } = await createAccount(
      stack.couch,
      { ...input, mobile, pwd: PASSWORD },
      { verified: true, now: stack.clock.now },
    );
    const devices = [];
    for (let i = 0; i < 2; i++) {
      const res = await signIn(stack.server, input.kind, input.email);
      expect(res.statusCode, res.payload).toBe(200);
      devices.push({ token: (res.result as { accessToken: string }).accessToken, cookie: jwtCookieOf(res)! });
    }
    return { profileId: account.profileId, email: account.email, mobile, devices };
  }

  /**
   * Where a text is stored: `database/document id` of every document of every database holding it,
   * deleted ones included (their last body, if they kept one).
   */
  async function whereStored(...texts: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const name of await stack.couch.db.list()) {
      const { results } = await stack.couch.use(name).changes({ include_docs: true, style: 'all_docs' });
      for (const row of results) {
        const body = JSON.stringify((row as { doc?: unknown }).doc ?? {}).toLowerCase();
        if (texts.some((t) => body.includes(t.toLowerCase())))
          found.push(`${name}/${row.id}${row.deleted ? ' (tombstone)' : ''}`);
      }
    }
    return found;
  }

  const databaseExists = async (name: string) =>
    stack.couch.db.get(name).then(
      () => true,
      (err: unknown) => {
        if (couchStatus(err) === 404) return false;
        throw err;
      },
    );

  const payment = async (passId: string) => getDoc(stack.couch.use<PaymentDoc>(DB.payments), paymentDocId(passId));
  const chargeOf = async (passId: string) => {
    const intent = await stack.stripe.paymentIntents.retrieve((await payment(passId))!.paymentIntentId);
    return stack.stripe.charges.retrieve(intent.latest_charge as string);
  };

  /** What every kind must show once deleted: no way back in, and the email and mobile free again. */
  async function expectGoneForGood(
    kind: AccountKind,
    who: { profileId: string; email: string; mobile: string; devices: { token: string; cookie: string }[] },
  ) {
    for (const { token, cookie } of who.devices) {
      expect((await inject('GET', `/api/me/${KIND_PLURAL[kind]}`, bearer(token))).statusCode).toBe(401);
      expect((await refresh(stack.server, cookie)).statusCode).toBe(401);
    }
    // The same, now dead, token cannot delete again.
    expect((await deleteMe(kind, bearer(who.devices[0].token))).statusCode).toBe(401);
    expect((await signIn(stack.server, kind, who.email)).statusCode).toBe(401);

    const accounts = stack.couch.use<{ _id: string }>(DB.accounts);
    for (const id of [
      accountDocId(who.profileId),
      emailClaimId(kind, who.email),
      mobileClaimId(kind, normaliseMobile(who.mobile)),
    ]) {
      expect(await getDoc(accounts, id), id).toBeNull();
    }
    expect(await getDoc(stack.couch.use<{ _id: string }>(DB.profiles), profileDocId(kind, who.profileId))).toBeNull();
    const tenant = { user: 'member', coach: 'coach', gym: 'gym' } as const;
    expect(await databaseExists(tenantDbName(tenant[kind], who.profileId))).toBe(false);
    const { docs: sessions } = await stack.couch.use(DB.auth).find({ selector: { accountId: who.profileId } });
    expect(sessions).toEqual([]);

    // Claim ids are the email and mobile themselves: Apache CouchDB purges their tombstones; the
    // embedded server cannot, so here the bare tombstones (id and revision only) are all that is left.
    expect(await whereStored(who.email, normaliseMobile(who.mobile))).toEqual([
      `${DB.accounts}/${emailClaimId(kind, who.email)} (tombstone)`,
      `${DB.accounts}/${mobileClaimId(kind, normaliseMobile(who.mobile))} (tombstone)`,
    ]);
  }

  async function expectCanRegisterAgain(kind: AccountKind, who: { email: string; mobile: string }) {
    const again = await register(stack, kind, registrationBody(kind, { email: who.email, mobile: who.mobile }));
    expect(again.statusCode, again.payload).toBe(201);
  }

  it('refuses without a token (401) and with another kind of account (403)', async () => {
    for (const kind of ['user', 'coach', 'gym'] as const) {
      expect((await deleteMe(kind, {})).statusCode).toBe(401);
      const other = kind === 'user' ? 'gym' : 'user';
      const res = await deleteMe(kind, await bearerFor(stack, other, newId()));
      expect(res.statusCode, kind).toBe(403);
    }
  });

  describe('a member', () => {
    const NAME = 'Zebedee Quillfeather';

    it('gets later passes refunded, withdraws PT requests, leaves gyms a nameless visit, and can register again', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const asGym = await bearerFor(stack, 'gym', gymId);
      const member = await givenSignedInAccount({ kind: 'user', email: 'zq.member@example.org', firstName: NAME });
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
      const res = await deleteMe('user', asMember.headers);
      expect(res.statusCode, res.payload).toBe(204);
      expect(res.payload).toBe('');
      expect(jwtCookieOf(res)).toBe('');

      // Saturday's pass: refunded in full on the provider, cancelled, nameless.
      expect(await chargeOf(saturday.passId)).toMatchObject({ amount_refunded: 1500, refunded: true });
      const atGym = new Map((await dayPasses(stack, 'gym', gymId)).map((p) => [p.passId, p]));
      expect(atGym.get(saturday.passId)).toMatchObject({
        cancelled: true,
        clientName: DELETED_MEMBER_NAME,
        clientEmail: '',
      });
      // Today's pass stands (§1: no automatic refund on the day), the visit stays counted: both nameless.
      expect(await chargeOf(thursday.passId)).toMatchObject({ amount_refunded: 0 });
      expect(atGym.get(thursday.passId)).toMatchObject({ cancelled: false, clientName: DELETED_MEMBER_NAME });
      expect(atGym.get(visited.passId)).toMatchObject({ clientName: DELETED_MEMBER_NAME, clientEmail: '' });
      expect(atGym.get(visited.passId)!.checkIns.all_check_ins).toHaveLength(1);
      // The unassigned Mastr pass is gone from the gym.
      expect((await mastrPasses(stack, 'gym', gymId)).map((p) => p.passId)).not.toContain(mastrPass.passId);

      // Payment records stay, with amounts and Stripe ids and nothing personal.
      for (const pass of [visited, thursday, saturday]) {
        const record = (await payment(pass.passId))!;
        expect(record).toMatchObject({ amountPence: 1500, memberId: member.profileId });
        expect(record.paymentIntentId).toMatch(/^pi_/);
        expect(JSON.stringify(record)).not.toMatch(/Quillfeather|zq\.member/i);
      }
      expect(Object.values((await payment(saturday.passId))!.refunds)).toEqual([
        expect.objectContaining({ amountPence: 1500, reason: 'member-cancel' }),
      ]);

      // PT requests withdrawn: the gym's and coach's copies gone, the coach's slot free again.
      const gymDb = stack.couch.use<GymRequestDoc>(tenantDbName('gym', gymId));
      expect(await getDoc(gymDb, gymRequestId(sentToGym.requestId))).toBeNull();
      const coachDb = stack.couch.use<CoachRequestDoc | SlotClaimDoc | AvailabilityWeekDoc>(
        tenantDbName('coach', coachId),
      );
      expect(await getDoc(coachDb, coachRequestId(sentToCoach.requestId))).toBeNull();
      expect(await getDoc(coachDb, sentToCoach.slotClaimId)).toBeNull();
      const week = (await getDoc(coachDb, availabilityDocId('2027-11-14'))) as AvailabilityWeekDoc;
      expect(week.days.find((d) => d.weekday === 5)!.times).toEqual([
        expect.objectContaining({ time: SIX_PM, requested: false }),
      ]);

      expect(await getDoc(images, imageId)).toBeNull();
      await expectGoneForGood('user', member);
      expect(await whereStored('Quillfeather', 'Zebedee')).toEqual([]);
      await expectCanRegisterAgain('user', member);
    });

    it('refunds a checkout paid after the account was deleted, and issues no pass', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const member = await givenSignedInAccount({ kind: 'user', email: 'late.payer@example.org', firstName: 'Late' });
      const checkout = await stack.server.inject({
        method: 'POST',
        url: '/api/booking/createCheckoutSessionAdultDayPass',
        headers: bearer(member.devices[0].token),
        payload: { user_id: member.profileId, gym_id: gymId, passDayDate: '2027-11-20' },
      });
      expect(checkout.statusCode, checkout.payload).toBe(200);
      const { url } = JSON.parse(checkout.payload) as { url: string };

      expect((await deleteMe('user', bearer(member.devices[0].token))).statusCode).toBe(204);
      await submitHostedForm(url, 'pay');

      const passId = await checkoutPassId(checkoutSessionIdOf(url));
      expect((await dayPasses(stack, 'gym', gymId)).map((p) => p.passId)).not.toContain(passId);
      expect(await chargeOf(passId)).toMatchObject({ amount_refunded: 1500, refunded: true });
      expect(Object.values((await payment(passId))!.refunds)).toEqual([
        expect.objectContaining({ reason: 'account-deleted' }),
      ]);
      await expectGoneForGood('user', member);
    });

    it('finishes a deletion that stopped half-way when called again, refunding once', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const member = await givenSignedInAccount({ kind: 'user', email: 'half.way@example.org', firstName: 'Halfway' });
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

      const res = await deleteMe('user', headers);
      expect(res.statusCode, res.payload).toBe(204);
      expect(await chargeOf(later.passId)).toMatchObject({ amount_refunded: 1500 });
      expect(Object.keys((await payment(later.passId))!.refunds)).toHaveLength(1);
      await expectGoneForGood('user', member);

      // One nobody calls again is finished by the server at its next start, once it is clearly interrupted.
      const stuck = await givenSignedInAccount({ kind: 'user', email: 'stuck@example.org', firstName: 'Stuck' });
      const accounts = stack.couch.use<AccountDoc>(DB.accounts);
      const marked = (await getDoc(accounts, accountDocId(stuck.profileId)))!;
      await accounts.insert({ ...marked, deletingSince: WEDNESDAY.toISOString() });
      const serverDeps = { ...deps, stripe: stack.stripe };
      expect(await finishInterruptedDeletions(serverDeps)).toBe(0);
      stack.clock.now = new Date(WEDNESDAY.getTime() + INTERRUPTED_AFTER_MS + 1000);
      expect(await finishInterruptedDeletions(serverDeps)).toBe(1);
      await expectGoneForGood('user', stuck);
    });
  });

  describe('a gym', () => {
    const GYM_NAME = 'Quillfeather Dojo of Wapping';

    it('leaves the list at once, refunds its members, ends its plan and coaches, and can register again', async () => {
      stack.clock.now = WEDNESDAY;
      const gym = await givenSignedInAccount({
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
      const res = await deleteMe('gym', asGym);
      expect(res.statusCode, res.payload).toBe(204);
      expect(jwtCookieOf(res)).toBe('');

      expect(await listedGyms()).not.toContain(gymId);
      expect((await inject('GET', `/api/gyms/${gymId}`)).statusCode).toBe(404);
      expect(await stack.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled' });
      for (const coachId of [registered, pending])
        expect(await getDoc(stack.couch.use<{ _id: string }>(DB.profiles), membershipDocId(gymId, coachId))).toBeNull();

      // The member's Saturday pass: refunded and cancelled; the visit stays in the member's history.
      expect(await chargeOf(saturday.passId)).toMatchObject({ amount_refunded: 1500, refunded: true });
      const mine = new Map((await dayPasses(stack, 'member', member.memberId)).map((p) => [p.passId, p]));
      expect(mine.get(saturday.passId)).toMatchObject({ cancelled: true });
      expect(mine.get(visited.passId)).toMatchObject({ cancelled: false, gymName: GYM_NAME });
      for (const pass of [visited, saturday])
        expect(await payment(pass.passId)).toMatchObject({ gymId, amountPence: 1500 });

      await expectGoneForGood('gym', gym);
      expect(await whereStored('Quillfeather family')).toEqual([]);
      // The gym's name survives only in members' own purchase history (design/decisions.md).
      const memberDb = tenantDbName('member', member.memberId);
      expect((await whereStored(GYM_NAME)).sort()).toEqual(
        [`${memberDb}/daypass:${visited.passId}`, `${memberDb}/daypass:${saturday.passId}`].sort(),
      );
      await expectCanRegisterAgain('gym', gym);
    });
  });

  describe('a coach', () => {
    it('leaves the list at once, rejects requests still to come, and can register again', async () => {
      stack.clock.now = WEDNESDAY;
      const gymId = await givenSellingGym(stack);
      const coach = await givenSignedInAccount({
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
      const res = await deleteMe('coach', bearer(coach.devices[0].token));
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

      await expectGoneForGood('coach', coach);
      expect(await whereStored('Zephyrwood', 'Quentin')).toEqual([]);
      await expectCanRegisterAgain('coach', coach);
    });
  });
});
