import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { GymProfileDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import {
  checkoutSessionIdOf,
  dayPasses,
  givenPayingMember,
  givenSellingGym,
  payWithoutDelivery,
} from '../test-support/payment-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const NOW = new Date('2026-11-20T10:00:00Z');

describe('POST /api/stripe/webhook', () => {
  let stack: TestStack;
  let gymId: string;

  const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    stack.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? stack.config.stripe.webhookSecret,
      timestamp: options.timestamp,
    });
  const deliver = (payload: string, signature?: string, server = stack.server) =>
    server.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
    });
  const paymentsDocCount = async () => (await stack.couch.use(DB.payments).info()).doc_count;

  /** A paid session whose events were not delivered (no endpoint set while paying): the event, as Stripe would send it. */
  async function undeliveredCompletedEvent(date: string) {
    const member = await givenPayingMember(stack);
    const res = await stack.server.inject({
      method: 'POST',
      url: '/api/booking/createCheckoutSessionAdultDayPass',
      headers: member.headers,
      payload: { user_id: member.memberId, gym_id: gymId, passDayDate: date },
    });
    const { url } = JSON.parse(res.payload);
    const payload = await payWithoutDelivery(stack, url);
    const sessionId = checkoutSessionIdOf(url);
    return { member, sessionId, payload };
  }

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    gymId = await givenSellingGym(stack);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('refuses a missing or wrong signature, a changed body and a stale timestamp, writing nothing', async () => {
    const { member, sessionId, payload } = await undeliveredCompletedEvent('2026-11-21');
    const before = await paymentsDocCount();
    const changed = payload.replace('"amount_total":1500', '"amount_total":1');
    expect(changed).not.toBe(payload);
    const attempts = [
      deliver(payload),
      deliver(payload, ''),
      deliver(payload, signed(payload, { secret: 'whsec_wrong' })),
      deliver(changed, signed(payload)),
      deliver(payload, signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.payload).toBe(400);
    expect(await paymentsDocCount()).toBe(before);
    expect(await dayPasses(stack, 'member', member.memberId)).toEqual([]);
    expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    expect((await dayPasses(stack, 'member', member.memberId)).map((p) => p.passId)).toEqual([
      await checkoutPassId(sessionId),
    ]);
  });

  it('issues exactly one pass when the same checkout.session.completed arrives 10 times in sequence', async () => {
    const { member, sessionId, payload } = await undeliveredCompletedEvent('2026-11-22');
    for (let i = 0; i < 10; i += 1) expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    for (const [kind, id] of [
      ['gym', gymId],
      ['member', member.memberId],
    ] as const) {
      const passId = await checkoutPassId(sessionId);
      expect((await dayPasses(stack, kind, id)).filter((p) => p.passId === passId)).toHaveLength(1);
    }
    expect(await dayPasses(stack, 'member', member.memberId)).toHaveLength(1);
  });

  it('issues exactly one pass when it arrives 10 times at once, on two server instances', async () => {
    const { member, sessionId, payload } = await undeliveredCompletedEvent('2026-11-23');
    const other = await stack.startInstance();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(payload, signed(payload), i % 2 ? other : stack.server)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const passId = await checkoutPassId(sessionId);
    const [gymCopies, memberCopies] = await Promise.all([
      dayPasses(stack, 'gym', gymId),
      dayPasses(stack, 'member', member.memberId),
    ]);
    expect(gymCopies.filter((p) => p.passId === passId)).toHaveLength(1);
    expect(memberCopies).toHaveLength(1);
    expect(memberCopies[0].idCode).toBe(gymCopies.find((p) => p.passId === passId)!.idCode);
    // One entry code claimed for the pass (the losers' claims were released).
    const claims = await stack.couch.use(DB.accounts).find({ selector: { type: 'entry-code-claim', passId } });
    expect(claims.docs).toHaveLength(1);
    expect(await stack.couch.use(DB.payments).get(paymentDocId(passId))).toMatchObject({ amountPence: 1500 });
  });

  it('answers 200 to event types it does not use, and records nothing', async () => {
    const before = await paymentsDocCount();
    const payload = JSON.stringify({
      id: 'evt_unused',
      object: 'event',
      type: 'invoice.finalized',
      created: 1,
      data: { object: { id: 'in_1' } },
      livemode: false,
    });
    const res = await deliver(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.payload)).toEqual({ received: true, outcome: 'ignored' });
    expect(await paymentsDocCount()).toBe(before);
  });

  it('never resurrects a cancelled subscription from an older event delivered late', async () => {
    const gym = await givenSellingGym(stack, { profile: { subscribed: false, mastrPlan: null } });
    const subscription = (status: string) => ({
      id: 'sub_late',
      object: 'subscription',
      customer: 'cus_late',
      status,
      metadata: { gymId: gym },
    });
    const event = (id: string, type: string, created: number, status: string) =>
      JSON.stringify({ id, object: 'event', type, created, data: { object: subscription(status) }, livemode: false });
    const profile = async () => (await stack.couch.use<GymProfileDoc>(DB.profiles).get(`gym:${gym}`)) as GymProfileDoc;

    const deleted = event('evt_deleted', 'customer.subscription.deleted', 300, 'canceled');
    const created = event('evt_created', 'customer.subscription.created', 100, 'active');
    const updated = event('evt_updated', 'customer.subscription.updated', 400, 'active');
    for (const payload of [deleted, created, updated])
      expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    expect(await profile()).toMatchObject({ subscribed: false, mastrPlan: null });
  });

  it('applies only the newest of out-of-order subscription updates', async () => {
    const gym = await givenSellingGym(stack, { profile: { subscribed: false, mastrPlan: null } });
    const event = (id: string, created: number, status: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'customer.subscription.updated',
        created,
        livemode: false,
        data: {
          object: { id: 'sub_order', object: 'subscription', customer: 'cus_order', status, metadata: { gymId: gym } },
        },
      });
    for (const payload of [event('evt_b', 200, 'past_due'), event('evt_a', 100, 'active')])
      await deliver(payload, signed(payload));
    expect(await stack.couch.use<GymProfileDoc>(DB.profiles).get(`gym:${gym}`)).toMatchObject({
      subscribed: false,
      mastrPlan: 'Basic',
    });
  });
});
