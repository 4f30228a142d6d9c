import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachListItem, GymListItem, GymTimetable } from '@mastr/rules/api/directory.ts';
import type { GymMe } from '@mastr/rules/api/me.ts';
import { INVITATION_ONLY } from '@mastr/rules/constants.ts';
import { profileDocId, scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, CoachProfileDoc, GymProfileDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import type { Deps } from '../deps.ts';
import { updateAccount } from '../couch/stores/accounts-store.ts';
import { onboardDemoPayees, reconcileGymPlan } from '../services/payments/index.ts';
import { getPayee, updatePayee } from '../couch/stores/payments-store.ts';
import { DEMO_COACHES, DEMO_GYMS } from '../seed/demo-data.ts';
import { seedDemoData } from '../seed/seed-demo.ts';
import { givenCoach, givenGym, givenSchedule } from '../test-support/directory-fixtures.ts';
import { submitHostedForm } from '../test-support/payment-fixtures.ts';
import { bearerFor, bulkDocs } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const boxing = (startTime: number, difficulty = 'Fundamentals') => ({
  startTime,
  endTime: startTime + 3600,
  discipline: 'Boxing',
  kidsClass: false,
  difficulty,
  location: 'Main mat',
});
/** A default week with one bookable class on Monday evening: the timetable step done. */
const givenDefaultClass = (stack: TestStack, gymId: string) =>
  givenSchedule(stack, gymId, null, { 1: [{ _id: 'class-1', ...boxing(18 * 3600) }] });

/**
 * Going live (design/decisions.md "Going live"): Active follows the account details, the payments
 * account and, for a gym, a class in its default schedule.
 */
describe('going live', () => {
  let stack: TestStack;
  /** Seconds for the next crafted account.updated: always newer than anything applied before. */
  let eventClock = Math.floor(Date.now() / 1000) + 60;

  const statusOf = async (kind: 'gym' | 'coach', id: string) =>
    ((await stack.couch.use(DB.profiles).get(profileDocId(kind, id))) as GymProfileDoc | CoachProfileDoc).status;
  const listedGymIds = async () =>
    (JSON.parse((await stack.server.inject('/api/gyms')).payload) as GymListItem[]).map((g) => g._id);
  const listedCoachIds = async () =>
    (JSON.parse((await stack.server.inject('/api/coaches')).payload) as CoachListItem[]).map((c) => c._id);

  async function onboard(kind: 'gym' | 'coach', id: string) {
    const res = await stack.server.inject({
      method: 'POST',
      url: `/api/stripe/${kind}/express_onboarding_link`,
      headers: await bearerFor(stack, kind, id),
    });
    expect(res.statusCode, res.payload).toBe(200);
    await submitHostedForm(JSON.parse(res.payload).url, 'complete');
  }

  /** Stripe's account.updated for this payee's account, with some of its flags changed, signed and delivered. */
  async function accountUpdated(
    kind: 'gym' | 'coach',
    id: string,
    flags: Partial<Pick<Stripe.Account, 'charges_enabled' | 'details_submitted' | 'payouts_enabled'>>,
  ) {
    const accountId = (await getPayee(stack.couch, kind, id))!.connectAccountId!;
    const account = await stack.stripe.accounts.retrieve(accountId);
    eventClock += 1;
    const payload = JSON.stringify({
      id: `evt_golive_${eventClock}`,
      object: 'event',
      type: 'account.updated',
      created: eventClock,
      data: { object: { ...account, ...flags } },
      livemode: false,
    });
    const res = await stack.server.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stack.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: stack.config.stripe.webhookSecret,
        }),
      },
    });
    expect(res.statusCode, res.payload).toBe(200);
  }

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('a gym with its details goes Active once charges are enabled, drops back when they are disabled, and is listed only while subscribed too', async () => {
    const gymId = await givenGym(stack, { status: false, stripeAccountDetailsSubmittedStatus: false });
    const unsubscribedId = await givenGym(stack, { status: false, subscribed: false, mastrPlan: null });
    await givenDefaultClass(stack, gymId);
    await givenDefaultClass(stack, unsubscribedId);

    const edit = await stack.server.inject({
      method: 'POST',
      url: '/api/me/gyms/account/bio',
      payload: { bio: 'Ready to sell.' },
      headers: await bearerFor(stack, 'gym', gymId),
    });
    expect(JSON.parse(edit.payload)).toMatchObject({
      status: false,
      missingSteps: [{ key: 'payments', label: 'Set up payments with Stripe', page: 'stripe' }],
    });
    expect(await listedGymIds()).not.toContain(gymId);

    await onboard('gym', gymId);
    await onboard('gym', unsubscribedId);
    expect(await statusOf('gym', gymId)).toBe(true);
    expect(await statusOf('gym', unsubscribedId)).toBe(true);
    expect(await listedGymIds()).toContain(gymId);
    expect(await listedGymIds()).not.toContain(unsubscribedId);

    await accountUpdated('gym', gymId, { charges_enabled: false });
    expect(await statusOf('gym', gymId)).toBe(false);
    expect(await listedGymIds()).not.toContain(gymId);
    const after = await stack.server.inject({
      method: 'POST',
      url: '/api/me/gyms/account/bio',
      payload: { bio: 'Paused.' },
      headers: await bearerFor(stack, 'gym', gymId),
    });
    expect(JSON.parse(after.payload)).toMatchObject({ status: false, missingSteps: [{ key: 'payments' }] });

    await accountUpdated('gym', gymId, { charges_enabled: true });
    expect(await statusOf('gym', gymId)).toBe(true);
    expect(await listedGymIds()).toContain(gymId);
  });

  it('a gym that can take charges goes Active with the edit that completes its details, and Inactive with one that empties a price', async () => {
    const gymId = await givenGym(stack, { status: false, kidsDayPassPrice: 0 });
    await givenDefaultClass(stack, gymId);
    await onboard('gym', gymId);
    expect(await statusOf('gym', gymId)).toBe(false);
    const headers = await bearerFor(stack, 'gym', gymId);
    const price = async (kidsDayPassPrice: string) =>
      JSON.parse(
        (
          await stack.server.inject({
            method: 'POST',
            url: '/api/me/gyms/account/kidsDayPass',
            payload: { kidsDayPassPrice },
            headers,
          })
        ).payload,
      );
    expect(await price('6')).toEqual({ kidsDayPassPrice: 600, status: true, missingSteps: [] });
    expect(await listedGymIds()).toContain(gymId);
    expect(await price('0')).toMatchObject({
      kidsDayPassPrice: 0,
      status: false,
      missingSteps: [{ key: 'kidsDayPass' }],
    });
    expect(await listedGymIds()).not.toContain(gymId);
  });

  it('a coach goes Active once its payments details are submitted and drops back when they are not', async () => {
    const coachId = await givenCoach(stack, {
      status: false,
      discipline: '',
      stripeAccountDetailsSubmittedStatus: false,
    });
    await onboard('coach', coachId);
    expect(await statusOf('coach', coachId)).toBe(false);
    const edit = await stack.server.inject({
      method: 'POST',
      url: '/api/me/coaches/account/discipline',
      payload: { discipline: 'Greco-Roman' },
      headers: await bearerFor(stack, 'coach', coachId),
    });
    expect(JSON.parse(edit.payload)).toEqual({ discipline: 'Greco-Roman', status: true, missingSteps: [] });
    expect(await listedCoachIds()).toContain(coachId);

    await accountUpdated('coach', coachId, { details_submitted: false, charges_enabled: false });
    expect(await statusOf('coach', coachId)).toBe(false);
    expect(await listedCoachIds()).not.toContain(coachId);
    await accountUpdated('coach', coachId, { details_submitted: true });
    expect(await statusOf('coach', coachId)).toBe(true);
  });

  it('an account being deleted never goes live again, whatever the payments account says meanwhile', async () => {
    const coachId = await givenCoach(stack, { status: false, stripeAccountDetailsSubmittedStatus: false });
    await onboard('coach', coachId);
    expect(await statusOf('coach', coachId)).toBe(true);
    await bearerFor(stack, 'coach', coachId); // makes sure the account document exists
    // What the deletion's first step does (decisions.md "Deleting an account"), then Stripe speaks.
    await updateAccount(stack.couch, coachId, (account) => ({ ...account, deletingSince: new Date().toISOString() }));
    await accountUpdated('coach', coachId, { details_submitted: false });
    await accountUpdated('coach', coachId, { details_submitted: true });
    expect(await statusOf('coach', coachId)).toBe(false);
    expect(await listedCoachIds()).not.toContain(coachId);
  });

  describe("a gym's timetable (issue 24: no gym goes live with an empty week)", () => {
    const missingKeys = async (gymId: string) =>
      (
        (await stack.server.inject({ url: '/api/me/gyms', headers: await bearerFor(stack, 'gym', gymId) }))
          .result as GymMe
      ).missingSteps.map((step) => step.key);
    const scheduleCall = async (
      gymId: string,
      method: 'POST' | 'PUT',
      weekdayId: string,
      week: string,
      payload: object,
    ) => {
      const res = await stack.server.inject({
        method,
        url: `/api/me/gyms/schedule/${weekdayId}/${week}`,
        payload,
        headers: await bearerFor(stack, 'gym', gymId),
      });
      expect(res.statusCode, res.payload).toBe(200);
      return (JSON.parse(res.payload) as GymTimetable).schedule.find((d) => d.weekday === 1)!;
    };

    it('stays Inactive with everything but a class, goes Active with its first default class through the online call, and Inactive again when the last one is deleted', async () => {
      const gymId = await givenGym(stack, { status: false });
      await onboard('gym', gymId);
      expect(await statusOf('gym', gymId)).toBe(false);
      expect(await missingKeys(gymId)).toEqual(['timetable']);

      // A class in an edited week alone does not count: that week is over within days, the default stays empty.
      await scheduleCall(gymId, 'POST', `${gymId}-1`, 'nextWeek', boxing(19 * 3600));
      expect(await statusOf('gym', gymId)).toBe(false);
      // Nor does an invitation-only class: members could book none.
      const invited = await scheduleCall(gymId, 'POST', `${gymId}-1`, 'default', boxing(7 * 3600, INVITATION_ONLY));
      expect(await statusOf('gym', gymId)).toBe(false);

      const monday = await scheduleCall(gymId, 'POST', invited._id, 'default', boxing(18 * 3600));
      expect(await statusOf('gym', gymId)).toBe(true);
      expect(await missingKeys(gymId)).toEqual([]);
      expect(await listedGymIds()).toContain(gymId);

      const bookable = monday.defaultClasses.find((c) => c.startTime === 18 * 3600)!;
      await scheduleCall(gymId, 'PUT', monday._id, 'default', { classObjectId: bookable._id });
      expect(await statusOf('gym', gymId)).toBe(false);
      expect(await missingKeys(gymId)).toEqual(['timetable']);
      expect(await listedGymIds()).not.toContain(gymId);
    });

    it('goes Active when its device syncs a default schedule with a class, and Inactive when it syncs one without', async () => {
      const gymId = await givenGym(stack, { status: false });
      await onboard('gym', gymId);
      expect(await statusOf('gym', gymId)).toBe(false);
      const week = (classes: ClassItem[], _rev?: string): ScheduleWeekDoc => ({
        _id: scheduleDocId(null),
        ...(_rev ? { _rev } : {}),
        type: 'schedule-week',
        gymId,
        weekStart: null,
        days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((abbreviation, i) => ({
          _id: `day-${i + 1}`,
          weekday: i + 1,
          abbreviation,
          classes: i === 0 ? classes : [],
        })),
        updatedAt: new Date().toISOString(),
      });
      const sent = await bulkDocs(stack.server, stack, 'gym', gymId, [week([{ _id: 'c-1', ...boxing(18 * 3600) }])]);
      expect(sent.statusCode, sent.payload).toBe(201);
      // The status is settled before the device hears `ok`.
      expect(await statusOf('gym', gymId)).toBe(true);
      expect(await listedGymIds()).toContain(gymId);

      const { _rev } = await stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId)).get(scheduleDocId(null));
      const emptied = await bulkDocs(stack.server, stack, 'gym', gymId, [week([], _rev)]);
      expect(emptied.statusCode, emptied.payload).toBe(201);
      expect(await statusOf('gym', gymId)).toBe(false);
      expect(await missingKeys(gymId)).toEqual(['timetable']);
    });
  });
});

describe('the demo seed and going live', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('seeds the demo gyms and coaches Inactive; the onboarding each start runs makes them Active, and the next start keeps them so', async () => {
    await seedDemoData(stack.couch, new Date(), stack.config.passSigningKey);
    const gyms = async () =>
      (JSON.parse((await stack.server.inject('/api/gyms')).payload) as GymListItem[]).map((g) => g._id);
    const coaches = async () =>
      (JSON.parse((await stack.server.inject('/api/coaches')).payload) as CoachListItem[]).map((c) => c._id);
    expect(await gyms()).toEqual([]);
    expect(await coaches()).toEqual([]);

    // What `npm start` does once the server listens (cli/backend.ts), with the stack's parts.
    const deps = { config: stack.config, couch: stack.couch, stripe: stack.stripe, now: () => new Date() } as Deps;
    await onboardDemoPayees(deps);
    expect((await gyms()).sort()).toEqual(DEMO_GYMS.map((g) => g.profileId).sort());
    expect((await coaches()).sort()).toEqual(DEMO_COACHES.map((c) => c.profileId).sort());

    await seedDemoData(stack.couch, new Date(), stack.config.passSigningKey);
    await onboardDemoPayees(deps);
    expect(await gyms()).toHaveLength(DEMO_GYMS.length);
    expect(await coaches()).toHaveLength(DEMO_COACHES.length);
  });

  it('gives the demo gyms a Basic plan Stripe knows: the plan shown is the one Manage Plan opens, even after the provider forgot it (issue 15)', async () => {
    const deps = { config: stack.config, couch: stack.couch, stripe: stack.stripe, now: () => new Date() } as Deps;
    const gymId = DEMO_GYMS[0].profileId;
    const profile = async () =>
      (await stack.couch.use<GymProfileDoc>(DB.profiles).get(profileDocId('gym', gymId))) as GymProfileDoc;
    const managePlan = async () =>
      stack.server.inject({
        method: 'POST',
        url: '/api/subscriptions/gyms/customerPortal',
        headers: await bearerFor(stack, 'gym', gymId),
      });
    expect(await profile()).toMatchObject({ subscribed: true, mastrPlan: 'Basic' });
    const portal = await managePlan();
    expect(portal.statusCode).toBe(200);
    expect(JSON.parse(portal.payload).url).toMatch(/\/billing-portal\//);

    // A provider restart forgets every customer: the records are closed, the flags follow, and the next
    // start subscribes the gym again instead of showing a plan nobody can manage.
    await updatePayee(stack.couch, 'gym', gymId, (payee) => ({ ...payee, customerId: 'cus_forgotten' }));
    expect(await reconcileGymPlan(deps, gymId)).toBe(false);
    expect(await profile()).toMatchObject({ subscribed: false, mastrPlan: null });
    await onboardDemoPayees(deps);
    expect(await profile()).toMatchObject({ subscribed: true, mastrPlan: 'Basic' });
    expect((await managePlan()).statusCode).toBe(200);
  });
});
