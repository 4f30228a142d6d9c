import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import { startHarness, submitForm, WEBHOOK_SECRET, type Harness } from './test-harness.ts';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  vi.useRealTimers();
  await harness.stop();
});

function createDayPassCheckout(stripe: Stripe, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'gbp',
          unit_amount: 1250,
          product_data: { name: 'Adult Day Pass', description: 'Day pass at Iron Gym on 2030-01-02' },
        },
        quantity: 1,
      },
    ],
    metadata: { passId: 'pass-1', kind: 'adult-day-pass' },
    client_reference_id: 'member-1',
    customer_email: 'member@example.com',
    success_url: 'https://app.example/userdashboard/daypasses?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.example/gyms/gym-1?checkout=cancelled',
    ...extra,
  });
}

describe('checkout sessions through the real stripe SDK', () => {
  it('creates an open, unpaid payment session with a hosted page url', async () => {
    const session = await createDayPassCheckout(harness.stripe);

    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1250,
      currency: 'gbp',
      metadata: { passId: 'pass-1', kind: 'adult-day-pass' },
      client_reference_id: 'member-1',
      customer_email: 'member@example.com',
      payment_intent: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${harness.provider.url}/checkout/${session.id}`);
  });

  it('serves a TEST MODE checkout page with the description, the amount in pounds and a prefilled test card', async () => {
    const session = await createDayPassCheckout(harness.stripe);

    const html = await (await fetch(session.url!)).text();

    expect(html).toContain('TEST MODE');
    expect(html).toContain('Day pass at Iron Gym on 2030-01-02');
    expect(html).toContain('£12.50');
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it('Pay completes the session, delivers a verifiable checkout.session.completed and redirects to success_url', async () => {
    const session = await createDayPassCheckout(harness.stripe, {
      payment_intent_data: {
        application_fee_amount: 125,
        transfer_data: { destination: await onboardedAccountId(harness) },
        metadata: { passId: 'pass-1' },
      },
    });

    const response = await submitForm(harness.provider, `/checkout/${session.id}/pay`, { card: '4242 4242 4242 4242' });

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `https://app.example/userdashboard/daypasses?checkout=success&session_id=${session.id}`,
    );
    const delivery = await harness.receiver.next('checkout.session.completed');
    const event = harness.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET);
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { passId: 'pass-1', kind: 'adult-day-pass' },
    });
    expect(completed.payment_intent).toMatch(/^pi_/);
    const paymentIntent = await harness.stripe.paymentIntents.retrieve(completed.payment_intent as string);
    expect(paymentIntent).toMatchObject({
      amount: 1250,
      application_fee_amount: 125,
      status: 'succeeded',
      metadata: { passId: 'pass-1' },
    });
    expect(await harness.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_intent: completed.payment_intent,
    });
  });

  it('signs webhooks so that a wrong secret is refused', async () => {
    const session = await createDayPassCheckout(harness.stripe);
    await submitForm(harness.provider, `/checkout/${session.id}/pay`);

    const delivery = await harness.receiver.next('checkout.session.completed');

    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => harness.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, 'whsec_wrong')).toThrow(
      /signature/i,
    );
    expect(() =>
      harness.stripe.webhooks.constructEvent(`${delivery.rawBody} `, delivery.signature, WEBHOOK_SECRET),
    ).toThrow(/signature/i);
  });

  it('Cancel redirects to cancel_url and leaves the session open and unpaid', async () => {
    const session = await createDayPassCheckout(harness.stripe);

    const response = await submitForm(harness.provider, `/checkout/${session.id}/cancel`);

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://app.example/gyms/gym-1?checkout=cancelled');
    expect(await harness.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(harness.provider.deliveries()).toEqual([]);
  });

  it('paying twice charges once and sends one event', async () => {
    const session = await createDayPassCheckout(harness.stripe);

    await submitForm(harness.provider, `/checkout/${session.id}/pay`);
    const again = await submitForm(harness.provider, `/checkout/${session.id}/pay`);

    expect(again.headers.get('location')).toContain(session.id);
    expect(harness.provider.deliveries().map((delivery) => delivery.event.type)).toEqual([
      'checkout.session.completed',
    ]);
  });

  it('replays the same session for the same Idempotency-Key and refuses the key with other parameters', async () => {
    const first = await createDayPassCheckout(harness.stripe);
    const keyed = await harness.stripe.checkout.sessions.create(paramsOf(first), { idempotencyKey: 'checkout-pass-1' });
    const replayed = await harness.stripe.checkout.sessions.create(paramsOf(first), {
      idempotencyKey: 'checkout-pass-1',
    });

    expect(replayed.id).toBe(keyed.id);
    await expect(
      harness.stripe.checkout.sessions.create(
        { ...paramsOf(first), client_reference_id: 'someone-else' },
        { idempotencyKey: 'checkout-pass-1' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('refuses a Connect destination that has not finished onboarding', async () => {
    const account = await harness.stripe.accounts.create({
      type: 'express',
      country: 'GB',
      capabilities: { transfers: { requested: true } },
    });

    await expect(
      createDayPassCheckout(harness.stripe, {
        payment_intent_data: { application_fee_amount: 100, transfer_data: { destination: account.id } },
      }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'payment_intent_data[transfer_data][destination]',
    });
  });

  it('refuses an expires_at more than 24 hours ahead', async () => {
    const tooLate = Math.floor(Date.now() / 1000) + 25 * 60 * 60;

    await expect(createDayPassCheckout(harness.stripe, { expires_at: tooLate })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expires_at',
    });
  });

  it('expires the session at expires_at: it reads as expired and can no longer be paid', async () => {
    const session = await createDayPassCheckout(harness.stripe, {
      expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
    });
    vi.useFakeTimers({ toFake: ['Date'], now: (session.expires_at + 1) * 1000 });

    const retrieved = await harness.stripe.checkout.sessions.retrieve(session.id);
    const page = await fetch(session.url!);
    const pay = await submitForm(harness.provider, `/checkout/${session.id}/pay`);

    expect(retrieved).toMatchObject({ status: 'expired', url: null });
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout session has expired');
    expect(pay.status).toBe(410);
    expect(harness.provider.deliveries()).toEqual([]);
  });
});

function paramsOf(session: Stripe.Checkout.Session): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: session.amount_total!, product_data: { name: 'Adult Day Pass' } },
        quantity: 1,
      },
    ],
    client_reference_id: session.client_reference_id!,
    success_url: session.success_url!,
  };
}

async function onboardedAccountId({ stripe, provider }: Harness): Promise<string> {
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    capabilities: { transfers: { requested: true } },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'https://app.example/r',
    return_url: 'https://app.example/ok',
  });
  await submitForm(provider, `${new URL(link.url).pathname}/complete`);
  return account.id;
}
