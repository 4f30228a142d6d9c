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

function createExpressAccount(): Promise<Stripe.Account> {
  return harness.stripe.accounts.create({
    type: 'express',
    country: 'GB',
    email: 'gym@example.com',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { profileId: 'gym-1' },
  });
}

function onboardingLink(account: Stripe.Account): Promise<Stripe.AccountLink> {
  return harness.stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'https://app.example/gymdashboard/stripe?refresh=1',
    return_url: 'https://app.example/gymdashboard/stripe',
  });
}

describe('Connect Express accounts', () => {
  it('creates an account that cannot take payments yet and refuses it a login link', async () => {
    const account = await createExpressAccount();

    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      metadata: { profileId: 'gym-1' },
    });
    expect(account.id).toMatch(/^acct_/);
    await expect(harness.stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('completes onboarding through the link: account.updated is delivered, then the browser returns', async () => {
    const account = await createExpressAccount();
    const link = await onboardingLink(account);

    const page = await (await fetch(link.url)).text();
    const response = await submitForm(harness.provider, `${new URL(link.url).pathname}/complete`);

    expect(page).toContain('TEST MODE');
    expect(page).toContain('Complete onboarding');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://app.example/gymdashboard/stripe');
    const delivery = await harness.receiver.next('account.updated');
    const event = harness.stripe.webhooks.constructEvent(delivery.rawBody, delivery.signature, WEBHOOK_SECRET);
    expect(event.data.object).toMatchObject({
      id: account.id,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      metadata: { profileId: 'gym-1' },
    });
    expect(await harness.stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
    });
  });

  it('sends a used onboarding link to refresh_url', async () => {
    const account = await createExpressAccount();
    const link = await onboardingLink(account);
    await submitForm(harness.provider, `${new URL(link.url).pathname}/complete`);

    const again = await fetch(link.url, { redirect: 'manual' });

    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('https://app.example/gymdashboard/stripe?refresh=1');
  });

  it('gives an onboarded account a login link to the Express dashboard stand-in', async () => {
    const account = await createExpressAccount();
    await submitForm(harness.provider, `${new URL((await onboardingLink(account)).url).pathname}/complete`);

    const loginLink = await harness.stripe.accounts.createLoginLink(account.id);
    const page = await (await fetch(loginLink.url)).text();

    expect(loginLink.object).toBe('login_link');
    expect(page).toContain('TEST MODE');
    expect(page).toContain('Express dashboard');
    expect(page).toContain(account.id);
    // A way back to the platform, as Stripe's Express dashboard links to the platform's site.
    expect(page).toContain('<a class="button" href="https://app.example/back/gym-1">Return to the app</a>');
  });

  it('transfers to an onboarded account and refuses an unknown destination', async () => {
    const account = await createExpressAccount();

    const transfer = await harness.stripe.transfers.create({
      amount: 3000,
      currency: 'gbp',
      destination: account.id,
      metadata: { sessionId: 'pt-1' },
    });

    expect(transfer).toMatchObject({
      object: 'transfer',
      amount: 3000,
      currency: 'gbp',
      destination: account.id,
      metadata: { sessionId: 'pt-1' },
    });
    expect(transfer.id).toMatch(/^tr_/);
    await expect(
      harness.stripe.transfers.create({ amount: 3000, currency: 'gbp', destination: 'acct_unknown' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
  });

  it('reverses a transfer in parts, never more than is left', async () => {
    const account = await createExpressAccount();
    const transfer = await harness.stripe.transfers.create({
      amount: 675,
      currency: 'gbp',
      destination: account.id,
      transfer_group: 'booking:1',
    });
    expect(transfer).toMatchObject({ transfer_group: 'booking:1', amount_reversed: 0, reversed: false });
    const part = await harness.stripe.transfers.createReversal(transfer.id, { amount: 338 });
    expect(part).toMatchObject({ object: 'transfer_reversal', amount: 338, transfer: transfer.id });
    await expect(harness.stripe.transfers.createReversal(transfer.id, { amount: 338 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
    });
    expect((await harness.stripe.transfers.createReversal(transfer.id)).amount).toBe(337);
    expect(await harness.stripe.transfers.retrieve(transfer.id)).toMatchObject({
      amount_reversed: 675,
      reversed: true,
    });
    await expect(
      harness.stripe.transfers.create({
        amount: 1,
        currency: 'gbp',
        destination: account.id,
        source_transaction: 'ch_x',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
