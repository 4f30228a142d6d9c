import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startHarness, stripeClient, type Harness } from './test-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
});

describe('errors in Stripe shape', () => {
  it('answers an unknown id with a 404 resource_missing the SDK raises as StripeInvalidRequestError', async () => {
    const failure = await harness.stripe.checkout.sessions.retrieve('cs_test_nope').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(failure).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_nope'",
    });
  });

  it('answers an unimplemented endpoint with a 404 invalid request', async () => {
    await expect(harness.stripe.invoices.retrieve('in_123')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('answers a missing parameter with parameter_missing', async () => {
    await expect(
      harness.stripe.checkout.sessions.create({ mode: 'payment', success_url: 'https://app.example/ok' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });
  });

  it('refuses expand openly rather than answering ids where objects were asked for', async () => {
    await expect(
      harness.stripe.checkout.sessions.retrieve('cs_test_any', { expand: ['payment_intent'] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expand',
    });
  });

  it('refuses a wrong API key with a 401 the SDK raises as StripeAuthenticationError', async () => {
    const failure = await stripeClient(harness.provider, 'sk_test_wrong_key_123')
      .customers.create({})
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(failure).toMatchObject({ statusCode: 401 });
  });

  it('refuses a request without an API key with a 401', async () => {
    const response = await fetch(`${harness.provider.url}/v1/customers`, { method: 'POST' });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
  });

  it('answers an unknown hosted page with a 404 page', async () => {
    const response = await fetch(`${harness.provider.url}/checkout/cs_test_nope`);

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No such checkout.session: &#39;cs_test_nope&#39;');
  });
});
