import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import { startHarness, submitForm, WEBHOOK_SECRET, type Harness } from './test-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
});

function eventsOfType(type: string): Stripe.Event[] {
  return harness.receiver.received
    .map((delivery) => harness.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET))
    .filter((event) => event.type === type);
}

async function subscribeBasicPlan(): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription }> {
  const created = await harness.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [
      {
        price_data: {
          currency: 'gbp',
          unit_amount: 2999,
          recurring: { interval: 'month' },
          product_data: { name: 'Mastr Basic' },
        },
        quantity: 1,
      },
    ],
    customer_email: 'gym@example.com',
    client_reference_id: 'gym-1',
    metadata: { profileId: 'gym-1', plan: 'basic' },
    subscription_data: { metadata: { profileId: 'gym-1', plan: 'basic' } },
    success_url: 'https://app.example/gymdashboard/stripe?subscription=success',
    cancel_url: 'https://app.example/gymdashboard/stripe',
  });
  await submitForm(harness.provider, `/checkout/${created.id}/pay`);
  const session = await harness.stripe.checkout.sessions.retrieve(created.id);
  const subscription = await harness.stripe.subscriptions.retrieve(session.subscription as string);
  return { session, subscription };
}

describe('subscriptions and the billing portal', () => {
  it('shows the monthly price on the checkout page', async () => {
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          price_data: {
            currency: 'gbp',
            unit_amount: 2999,
            recurring: { interval: 'month' },
            product_data: { name: 'Mastr Basic' },
          },
          quantity: 1,
        },
      ],
      success_url: 'https://app.example/ok',
    });

    const html = await (await fetch(session.url!)).text();

    expect(html).toContain('Mastr Basic');
    expect(html).toContain('£29.99 per month');
  });

  it('a paid subscription checkout creates the customer and an active subscription, announced in order', async () => {
    const { session, subscription } = await subscribeBasicPlan();

    expect(session).toMatchObject({ mode: 'subscription', status: 'complete', payment_status: 'paid' });
    expect(session.customer).toMatch(/^cus_/);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: session.customer,
      metadata: { profileId: 'gym-1', plan: 'basic' },
    });
    expect(subscription.items.data[0]!.price).toMatchObject({ unit_amount: 2999, recurring: { interval: 'month' } });
    const types = harness.receiver.received
      .map((delivery) => JSON.parse(delivery.rawBody) as { type: string; data: { object: { id: string } } })
      .filter((event) => [session.id, subscription.id].includes(event.data.object.id))
      .map((event) => event.type);
    expect(types).toEqual(['checkout.session.completed', 'customer.subscription.created']);
    const completed = eventsOfType('checkout.session.completed').find(
      (event) => (event.data.object as Stripe.Checkout.Session).id === session.id,
    );
    expect(completed!.data.object).toMatchObject({
      subscription: subscription.id,
      customer: session.customer,
      metadata: { plan: 'basic' },
    });
  });

  it('cancelling in the billing portal cancels the subscription, delivers customer.subscription.deleted and returns', async () => {
    const { subscription } = await subscribeBasicPlan();
    const portal = await harness.stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
      return_url: 'https://app.example/gymdashboard/stripe',
    });

    const page = await (await fetch(portal.url)).text();
    const response = await submitForm(harness.provider, `${new URL(portal.url).pathname}/cancel`, {
      subscription: subscription.id,
    });

    expect(page).toContain('TEST MODE');
    expect(page).toContain('Cancel subscription');
    expect(page).toContain('Return');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://app.example/gymdashboard/stripe');
    const deleted = eventsOfType('customer.subscription.deleted').map(
      (event) => event.data.object as Stripe.Subscription,
    );
    expect(deleted).toEqual([
      expect.objectContaining({
        id: subscription.id,
        status: 'canceled',
        metadata: { profileId: 'gym-1', plan: 'basic' },
      }),
    ]);
    expect(await harness.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'canceled' });
  });

  it("lists a customer's subscriptions and cancels one through the API, like the portal", async () => {
    const { subscription } = await subscribeBasicPlan();
    const customer = subscription.customer as string;
    expect((await harness.stripe.subscriptions.list({ customer })).data.map((s) => s.id)).toEqual([subscription.id]);

    const cancelled = await harness.stripe.subscriptions.cancel(subscription.id);
    expect(cancelled).toMatchObject({ id: subscription.id, status: 'canceled' });
    await vi.waitFor(() =>
      expect(
        eventsOfType('customer.subscription.deleted').map((e) => (e.data.object as Stripe.Subscription).id),
      ).toContain(subscription.id),
    );
    // Cancelled ones are listed only with status=all; cancelling one again is "No such subscription", as on Stripe.
    expect((await harness.stripe.subscriptions.list({ customer })).data).toEqual([]);
    expect((await harness.stripe.subscriptions.list({ customer, status: 'all' })).data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);
    await expect(harness.stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('uses the given customer instead of creating one', async () => {
    const customer = await harness.stripe.customers.create({
      email: 'gym2@example.com',
      metadata: { profileId: 'gym-2' },
    });
    const created = await harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [
        {
          price_data: {
            currency: 'gbp',
            unit_amount: 2999,
            recurring: { interval: 'month' },
            product_data: { name: 'Mastr Basic' },
          },
          quantity: 1,
        },
      ],
      success_url: 'https://app.example/ok',
    });

    await submitForm(harness.provider, `/checkout/${created.id}/pay`);

    expect(await harness.stripe.checkout.sessions.retrieve(created.id)).toMatchObject({ customer: customer.id });
    expect(await harness.stripe.customers.retrieve(customer.id)).toMatchObject({
      email: 'gym2@example.com',
      metadata: { profileId: 'gym-2' },
    });
  });

  it('refuses a subscription checkout without a recurring price', async () => {
    await expect(
      harness.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          { price_data: { currency: 'gbp', unit_amount: 2999, product_data: { name: 'Mastr Basic' } }, quantity: 1 },
        ],
        success_url: 'https://app.example/ok',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});
