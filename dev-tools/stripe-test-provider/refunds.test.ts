import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startHarness, submitForm, WEBHOOK_SECRET, type Harness } from './test-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
});

/** A paid £10 day pass; returns its payment intent id. */
async function paidPaymentIntent(): Promise<string> {
  const session = await harness.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'gbp', unit_amount: 1000, product_data: { name: 'Adult Day Pass' } }, quantity: 1 },
    ],
    success_url: 'https://app.example/ok?session_id={CHECKOUT_SESSION_ID}',
  });
  await submitForm(harness.provider, `/checkout/${session.id}/pay`);
  const paid = await harness.stripe.checkout.sessions.retrieve(session.id);
  return paid.payment_intent as string;
}

async function refundedCharges(paymentIntent: string): Promise<Stripe.Charge[]> {
  await waitForDeliveries();
  return harness.receiver.received
    .map((delivery) => harness.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET))
    .filter((event) => event.type === 'charge.refunded')
    .map((event) => event.data.object as Stripe.Charge)
    .filter((charge) => charge.payment_intent === paymentIntent);
}

/** Refund events are sent after the API answers; wait until none is still on its way. */
async function waitForDeliveries(): Promise<void> {
  while (harness.provider.deliveries().some((delivery) => delivery.status === 'pending')) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('refunds', () => {
  it('refunds the whole payment by default and announces it with charge.refunded', async () => {
    const paymentIntent = await paidPaymentIntent();

    const refund = await harness.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { passId: 'pass-1' },
      },
      { idempotencyKey: 'refund-pass-1' },
    );

    expect(refund).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 1000,
      payment_intent: paymentIntent,
      metadata: { passId: 'pass-1' },
    });
    expect(refund.id).toMatch(/^re_/);
    const [charge] = await refundedCharges(paymentIntent);
    expect(charge).toMatchObject({
      payment_intent: paymentIntent,
      amount: 1000,
      amount_refunded: 1000,
      refunded: true,
    });
    expect(charge!.refunds!.data.map((listed) => listed.id)).toEqual([refund.id]);
  });

  it('replays the same refund for the same idempotency key without refunding twice', async () => {
    const paymentIntent = await paidPaymentIntent();

    const first = await harness.stripe.refunds.create(
      { payment_intent: paymentIntent },
      { idempotencyKey: `refund-${paymentIntent}` },
    );
    const again = await harness.stripe.refunds.create(
      { payment_intent: paymentIntent },
      { idempotencyKey: `refund-${paymentIntent}` },
    );

    expect(again.id).toBe(first.id);
    expect(await refundedCharges(paymentIntent)).toHaveLength(1);
  });

  it('refuses the same idempotency key with other metadata, as Stripe does, and refunds nothing more', async () => {
    const paymentIntent = await paidPaymentIntent();
    const key = `refund-${paymentIntent}`;
    await harness.stripe.refunds.create(
      { payment_intent: paymentIntent, metadata: { reason: 'member-cancel' } },
      { idempotencyKey: key },
    );
    // The shape of issue 22's race: the gym's refund of the same pass under the same key.
    await expect(
      harness.stripe.refunds.create(
        { payment_intent: paymentIntent, metadata: { reason: 'gym-cancel' } },
        { idempotencyKey: key },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    expect(await refundedCharges(paymentIntent)).toHaveLength(1);
  });

  it('refunds partially, then refuses more than what is left, then refunds the rest', async () => {
    const paymentIntent = await paidPaymentIntent();

    const partial = await harness.stripe.refunds.create({ payment_intent: paymentIntent, amount: 400 });
    await expect(harness.stripe.refunds.create({ payment_intent: paymentIntent, amount: 601 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      message: 'Refund amount (£6.01) is greater than unrefunded amount on charge (£6)',
    });
    const rest = await harness.stripe.refunds.create({ payment_intent: paymentIntent });

    expect([partial.amount, rest.amount]).toEqual([400, 600]);
    const charges = await refundedCharges(paymentIntent);
    expect(charges.map((charge) => [charge.amount_refunded, charge.refunded])).toEqual([
      [400, false],
      [1000, true],
    ]);
    expect(charges[1]!.refunds!.data.map((listed) => listed.amount)).toEqual([600, 400]);
  });

  it('refuses to refund a fully refunded payment', async () => {
    const paymentIntent = await paidPaymentIntent();
    await harness.stripe.refunds.create({ payment_intent: paymentIntent });

    await expect(harness.stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
  });

  it('answers resource_missing for an unknown payment intent', async () => {
    await expect(harness.stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_unknown'",
    });
  });
});
