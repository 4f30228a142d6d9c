import { newId } from '../couch/ids.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachProfileDoc, GymProfileDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import type Stripe from 'stripe';
import type { Couch } from '../couch/couch.ts';
import { NOT_ONBOARDED, applySubscriptionEvent, SUBSCRIPTION_REFUSALS } from '../services/payments/index.ts';
import { getPayee } from '../couch/stores/payments-store.ts';
import { givenCoach } from '../test-support/directory-fixtures.ts';
import { checkoutSessionIdOf, givenSellingGym, submitHostedForm } from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

describe('gym plan and Stripe Connect', () => {
  let stack: TestStack;
  const post = (url: string, headers: Record<string, string>) => stack.server.inject({ method: 'POST', url, headers });
  const profile = async <T>(id: string) => (await stack.couch.use(DB.profiles).get(id)) as T;
  const listedGymIds = async () =>
    (JSON.parse((await stack.server.inject('/api/gyms')).payload) as { _id: string }[]).map((g) => g._id);

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('lists a gym once its Basic plan is paid, and hides it again when the plan is cancelled in the portal', async () => {
    const gymId = await givenSellingGym(stack, { profile: { subscribed: false, mastrPlan: null } });
    const asGym = await bearerFor(stack, 'gym', gymId);
    expect(await listedGymIds()).not.toContain(gymId);
    const noPortal = await post('/api/subscriptions/gyms/customerPortal', asGym);
    expect(noPortal.statusCode).toBe(400);
    expect(JSON.parse(noPortal.payload).message).toBe(SUBSCRIPTION_REFUSALS.noPlan);

    const checkout = await post('/api/subscriptions/gyms/basicPlan', asGym);
    expect(checkout.statusCode, checkout.payload).toBe(200);
    const { url } = JSON.parse(checkout.payload);
    const session = await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(url));
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: stack.config.fees.basicPlanPricePence,
      currency: 'gbp',
    });
    expect(await submitHostedForm(url, 'pay')).toBe(
      `${stack.config.publicUrl}/gymdashboard/stripe?subscription=success`,
    );
    expect(await profile<GymProfileDoc>(`gym:${gymId}`)).toMatchObject({ subscribed: true, mastrPlan: 'Basic' });
    expect(await listedGymIds()).toContain(gymId);

    const again = await post('/api/subscriptions/gyms/basicPlan', asGym);
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.payload).message).toBe(SUBSCRIPTION_REFUSALS.alreadySubscribed);

    const portal = await post('/api/subscriptions/gyms/customerPortal', asGym);
    expect(portal.statusCode).toBe(200);
    const subscription = (await stack.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    expect(await submitHostedForm(JSON.parse(portal.payload).url, 'cancel', { subscription })).toBe(
      `${stack.config.publicUrl}/gymdashboard/stripe`,
    );
    expect(await profile<GymProfileDoc>(`gym:${gymId}`)).toMatchObject({ subscribed: false, mastrPlan: null });
    expect(await listedGymIds()).not.toContain(gymId);
  });

  it("counts a plan whose record a cluster's range read has not got yet (a lagging copy)", async () => {
    const gymId = await givenSellingGym(stack, { profile: { subscribed: false, mastrPlan: null } });
    // A cluster answers a range of the payments database from one copy per shard, which may not have
    // the record the event has just written (w=2 of 3); reads by id are quorum reads and see it.
    const lagging = new Proxy(stack.couch, {
      get(target, key, receiver) {
        if (key !== 'use') return Reflect.get(target, key, receiver) as unknown;
        return (name: string) => {
          const db = target.use(name);
          if (name !== DB.payments) return db;
          return new Proxy(db, {
            get(inner, member, innerReceiver) {
              if (member !== 'list') return Reflect.get(inner, member, innerReceiver) as unknown;
              return async (params: Parameters<typeof inner.list>[0]) => ({ ...(await inner.list(params)), rows: [] });
            },
          });
        };
      },
    }) as Couch;
    const subscription = {
      id: `sub_${newId()}`,
      status: 'active',
      metadata: { gymId },
    } as unknown as Stripe.Subscription;
    await applySubscriptionEvent({ ...stack.depsOf(), couch: lagging }, subscription, 1_700_000_000, false);
    expect(await profile<GymProfileDoc>(`gym:${gymId}`)).toMatchObject({ subscribed: true, mastrPlan: 'Basic' });
  });

  it('sets stripeAccountDetailsSubmittedStatus from account.updated once onboarding is complete, and only then gives a login link', async () => {
    for (const [kind, id] of [
      ['gym', await givenSellingGym(stack, { onboarded: false })],
      ['coach', await givenCoach(stack, { stripeAccountDetailsSubmittedStatus: false })],
    ] as const) {
      const headers = await bearerFor(stack, kind, id);
      const early = await post(`/api/stripe/${kind}/express_login_link`, headers);
      expect(early.statusCode).toBe(400);
      expect(JSON.parse(early.payload).message).toBe(NOT_ONBOARDED);

      const link = await post(`/api/stripe/${kind}/express_onboarding_link`, headers);
      expect(link.statusCode).toBe(200);
      // The same account on a second request (created once, kept server-side only).
      const accountId = (await getPayee(stack.couch, kind, id))!.connectAccountId;
      expect(accountId).toMatch(/^acct_/);
      await post(`/api/stripe/${kind}/express_onboarding_link`, headers);
      expect((await getPayee(stack.couch, kind, id))!.connectAccountId).toBe(accountId);
      expect(JSON.stringify(await profile(`${kind}:${id}`))).not.toContain(accountId);
      expect((await post(`/api/stripe/${kind}/express_login_link`, headers)).statusCode).toBe(400);

      expect(await submitHostedForm(JSON.parse(link.payload).url, 'complete')).toBe(
        `${stack.config.publicUrl}/${kind}dashboard/stripe`,
      );
      expect(await profile<GymProfileDoc | CoachProfileDoc>(`${kind}:${id}`)).toMatchObject({
        stripeAccountDetailsSubmittedStatus: true,
      });
      expect(await getPayee(stack.couch, kind, id)).toMatchObject({ detailsSubmitted: true, chargesEnabled: true });
      const login = await post(`/api/stripe/${kind}/express_login_link`, headers);
      expect(login.statusCode).toBe(200);
      expect(JSON.parse(login.payload).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/express\//);
    }
  });

  it('answers 401 without a token and 403 for the wrong role', async () => {
    const gymId = await givenSellingGym(stack, { onboarded: false });
    for (const url of [
      '/api/subscriptions/gyms/basicPlan',
      '/api/subscriptions/gyms/customerPortal',
      '/api/stripe/gym/express_onboarding_link',
      '/api/stripe/gym/express_login_link',
    ]) {
      expect((await post(url, {})).statusCode).toBe(401);
      expect((await post(url, await bearerFor(stack, 'user', newId()))).statusCode).toBe(403);
    }
    expect(
      (await post('/api/stripe/coach/express_onboarding_link', await bearerFor(stack, 'gym', gymId))).statusCode,
    ).toBe(403);
  });

  it('tells the PWA which payments are in use and what the plan costs, as its checkout charges it', async () => {
    const res = await stack.server.inject('/api/payments/mode');
    expect(JSON.parse(res.payload)).toEqual({
      mode: 'local-test',
      basicPlanPricePence: stack.config.fees.basicPlanPricePence,
    });
    expect(stack.config.fees.basicPlanPricePence).toBe(2999);
  });
});
