import { describe, expect, it } from 'vitest';
import { checkInDecisions } from '@mastr/rules/check-in-decisions.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { formatPence } from '@mastr/rules/money.ts';
import { DEMO_GYM, DEMO_MEMBERS, DEMO_PASSWORD } from '../sync-server/src/seed/demo-data.ts';
import { linkIn } from './support/account-pages.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import {
  DayPassBookingPage,
  FrontDeskByCode,
  HostedPaymentPage,
  PaidPassesPage,
  settleInstalledApp,
  StripeSettingsPage,
  testModeBadge,
} from './support/payment-pages.ts';

const MEMBER = DEMO_MEMBERS[0];
const PASSES_PATH = '/userdashboard/daypasses';
const GYM_PATH = `/gyms/${DEMO_GYM.profileId}`;
const DESK_TODAY_PATH = '/gymdashboard/daypasses/today';
const STRIPE_PATH = '/gymdashboard/stripe';
/** Bounds each wait for a page, a redirect or a webhook (no server restarts here). */
const UI_WAIT = { timeout: 15_000, interval: 100 };
/** Bounds a wait for a change to travel server → device through live replication. */
const SYNC_WAIT = { timeout: 30_000, interval: 250 };

/**
 * Payments (issue 5) in Chromium against the real server, CouchDB and the local test payment
 * provider, which the real `stripe` SDK talks to and which signs and delivers webhooks as Stripe
 * does: a member buys a day pass on the hosted checkout and it reaches their phone and the gym's
 * front desk through sync; a new gym onboards with Stripe and subscribes to the Basic plan.
 */
describe('payments through the local test provider', () => {
  const e2e = setUpAppAndBrowser();

  it(
    'a member pays for a day pass for today; it reaches their passes and the front desk, which checks it in',
    { timeout: 180_000 },
    async () => {
      const today = ukDateKey();
      // The gym's tablet is open on today's list before the sale: the pass must arrive by sync alone.
      const desk = new FrontDeskByCode(await e2e.newPage());
      await openSignedIn(desk.page, DESK_TODAY_PATH, 'gym', DEMO_GYM.email);
      await settleInstalledApp(desk);
      await desk.syncBar.waitForInSync();
      await expect.poll(() => testModeBadge(desk.page).textContent(), UI_WAIT).toBe('Test mode');

      const passes = new PaidPassesPage(await e2e.newPage());
      await openSignedIn(passes.page, PASSES_PATH, 'user', MEMBER.email);
      await settleInstalledApp(passes);
      await passes.syncBar.waitForInSync();

      // Book Day Pass at the demo gym: Adult (the dialog's default), today.
      const gym = new DayPassBookingPage(passes.page);
      await gym.open(GYM_PATH);
      await expect.poll(() => testModeBadge(gym.page).textContent(), UI_WAIT).toBe('Test mode');
      await gym.bookDayPass(today);

      // The provider's hosted checkout charges the gym's stored adult price.
      const checkout = new HostedPaymentPage(passes.page, e2e.app.paymentsUrl);
      await checkout.waitFor('checkout');
      expect(await checkout.banner()).toContain('TEST MODE');
      expect(await checkout.amount()).toBe(formatPence(DEMO_GYM.profile.adultDayPassPrice!));
      expect(await checkout.summary()).toContain(DEMO_GYM.gymName);
      await checkout.press('Pay');

      // Back in the app: the paid session's pass arrives by sync, with its entry code.
      const pass = await paidPassArrives(passes);
      const passId = pass.passId;
      expect(pass).toMatchObject({
        passType: 'Adult',
        gymId: DEMO_GYM.profileId,
        dayDateStart: `${today}T00:00:00`,
        pricePence: DEMO_GYM.profile.adultDayPassPrice,
      });
      const code = pass.idCode.toUpperCase();
      await expect.poll(() => passes.cardWithCode(code).count(), SYNC_WAIT).toBe(1);
      expect(await passes.cardWithCode(code).textContent()).toContain('Today');

      // The front desk's list shows it without a reload, and checks it in.
      await expect.poll(() => desk.rowWithCode(code).count(), SYNC_WAIT).toBe(1);
      await desk.tapCheckInOf(code);
      await expect.poll(() => desk.listMessage(), UI_WAIT).toMatch(/^Checked In\. /);
      // Counted by the server: on the gym's copy of the pass, with no outcome document of its own.
      await expect
        .poll(async () => {
          const docs = await e2e.app.tenantDocs<CheckInDoc | CheckInOutcomeDoc | DayPassDoc>('gym', DEMO_GYM.profileId);
          const records = docs.filter((d) => d.type === 'check-in' && d.passId === passId).map((d) => d._id);
          const gymPass = docs.find((d): d is DayPassDoc => d.type === 'day-pass' && d.passId === passId);
          const outcomes = docs.filter((d): d is CheckInOutcomeDoc => d.type === 'check-in-outcome');
          const decisions = checkInDecisions([gymPass], outcomes);
          return records.map((id) => ({
            decision: decisions.get(id)?.outcome,
            onPass: gymPass?.countedCheckIns?.some((c) => c.checkInId === id) ?? false,
            outcomeDocument: outcomes.some((o) => o.checkInId === id),
          }));
        }, SYNC_WAIT)
        .toEqual([{ decision: 'counted', onPass: true, outcomeDocument: false }]);
    },
  );

  it(
    'a member leaves a checkout unpaid, then pays for tomorrow and cancels with a full refund',
    { timeout: 180_000 },
    async () => {
      const tomorrow = addDaysToKey(ukDateKey(), 1);
      const passes = new PaidPassesPage(await e2e.newPage());
      await openSignedIn(passes.page, PASSES_PATH, 'user', MEMBER.email);
      await settleInstalledApp(passes);
      await passes.syncBar.waitForInSync();
      const passCount = async () =>
        (await e2e.app.tenantDocs<DayPassDoc>('member', MEMBER.profileId)).filter((d) => d.type === 'day-pass').length;
      const before = await passCount();

      // Cancel on the hosted checkout: back on the gym's profile, told nothing was charged; no pass.
      const gym = new DayPassBookingPage(passes.page);
      await gym.open(GYM_PATH);
      await gym.bookDayPass(tomorrow);
      const checkout = new HostedPaymentPage(passes.page, e2e.app.paymentsUrl);
      await checkout.waitFor('checkout');
      await checkout.press('Cancel');
      await passes.page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === GYM_PATH, {
        timeout: 15_000,
      });
      await expect
        .poll(() => passes.page.locator('.checkout-notice__text').textContent(), UI_WAIT)
        .toBe('Payment cancelled. You have not been charged.');
      expect(await passCount()).toBe(before);

      // Pay this time, then cancel the pass from the member's passes: the dialog promises a full refund.
      await gym.bookDayPass(tomorrow);
      await checkout.waitFor('checkout');
      await checkout.press('Pay');
      const pass = await paidPassArrives(passes);
      expect(pass.dayDateStart).toBe(`${tomorrow}T00:00:00`);
      const card = passes.cardWithCode(pass.idCode.toUpperCase());
      await expect.poll(() => card.count(), SYNC_WAIT).toBe(1);
      await card.getByRole('button', { name: /^Cancel\b/ }).click();
      const dialog = passes.page.getByRole('dialog', { name: 'Cancel Day Pass' });
      await expect.poll(() => dialog.textContent(), UI_WAIT).toContain('You will get a full refund to your card.');
      await dialog.getByRole('button', { name: 'Cancel Day Pass', exact: true }).click();

      await expect.poll(() => passes.statusLine(), UI_WAIT).toMatch(/refunded in full/);
      expect(await card.count()).toBe(0);
      const gymCopy = (await e2e.app.tenantDocs<DayPassDoc>('gym', DEMO_GYM.profileId)).find(
        (d) => d.passId === pass.passId,
      );
      expect(gymCopy?.cancelled).toBe(true);
    },
  );

  it('a new gym onboards with Stripe and subscribes to the Basic plan', { timeout: 180_000 }, async () => {
    const email = `new.gym+${Date.now()}@example.co.uk`;
    await registerVerifiedGym(email);

    const stripe = new StripeSettingsPage(await e2e.newPage());
    await openSignedIn(stripe.page, STRIPE_PATH, 'gym', email);
    await settleInstalledApp(stripe);
    await expect.poll(() => stripe.accountSectionTitle(), UI_WAIT).toBe('Complete Onboarding With Stripe');
    expect(await stripe.currentPlan()).toBe('No plan selected');
    expect(await stripe.button('Manage Plan').count()).toBe(0);

    // Onboarding on the provider's page, back to the Stripe page: details submitted.
    await stripe.button('Onboarding').click();
    const hosted = new HostedPaymentPage(stripe.page, e2e.app.paymentsUrl);
    await hosted.waitFor('onboarding');
    await hosted.press('Complete onboarding');
    await stripe.page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === STRIPE_PATH, {
      timeout: 15_000,
    });
    await expect.poll(() => stripe.accountSectionTitle(), UI_WAIT).toBe('Login To Stripe');
    expect(await stripe.panel('Login To Stripe').textContent()).toContain(
      "Don't forget to submit your Identity Document",
    );
    expect(await stripe.button('Login').isEnabled()).toBe(true);

    // Select Plan → Basic Subscription → the provider's subscription checkout → Pay.
    await stripe.button('Select Plan').click();
    await stripe
      .dialog('Select Plan')
      .getByRole('button', { name: 'Basic Subscription', exact: true })
      .click({ timeout: 15_000 });
    await hosted.waitFor('checkout');
    expect(await hosted.amount()).toMatch(/^£\d+\.\d{2} per month$/);
    await hosted.press('Pay');

    // Back on the Stripe page: the plan is current, and Manage Plan replaces Select Plan.
    await stripe.page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === STRIPE_PATH, {
      timeout: 15_000,
    });
    await expect.poll(() => stripe.currentPlan(), UI_WAIT).toBe('Basic');
    await expect.poll(() => stripe.button('Manage Plan').count(), UI_WAIT).toBe(1);
    expect(await stripe.button('Select Plan').count()).toBe(0);
    await expect.poll(() => testModeBadge(stripe.page).textContent(), UI_WAIT).toBe('Test mode');

    // The home's Account pod says the same.
    await stripe.page
      .getByRole('navigation', { name: 'Gym dashboard' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    const accountPod = stripe.page
      .locator('li.pod')
      .filter({ has: stripe.page.getByRole('heading', { name: 'Account', exact: true }) });
    await expect.poll(() => accountPod.locator('.pod__value').textContent(), UI_WAIT).toBe('Basic');
  });

  /**
   * Back from paying on the hosted checkout: the member's passes say the payment was received, then
   * that the pass is ready once the pass the session paid for has arrived by sync. Returns that pass.
   */
  async function paidPassArrives(passes: PaidPassesPage): Promise<DayPassDoc> {
    await passes.page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === PASSES_PATH, {
      timeout: 15_000,
    });
    const sessionId = new URL(passes.page.url()).searchParams.get('session_id');
    expect(sessionId).toMatch(/^cs_test_/);
    await expect.poll(() => passes.checkoutNotice(), SYNC_WAIT).toBe('Your pass is ready.');
    const passId = await checkoutPassId(sessionId!);
    const paid = (await e2e.app.tenantDocs<DayPassDoc>('member', MEMBER.profileId)).filter(
      (d) => d.type === 'day-pass' && d.passId === passId,
    );
    expect(paid).toHaveLength(1);
    return paid[0];
  }

  /** A gym registered through the API and verified from its mail: not onboarded, not subscribed. */
  async function registerVerifiedGym(email: string): Promise<void> {
    const response = await fetch(`${e2e.app.url}/api/register/gym`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        gymName: 'Riverside Grappling',
        email,
        mobile: '07700 900099',
        pwd: DEMO_PASSWORD,
        termsOfUseAccepted: true,
      }),
    });
    expect(response.status).toBe(201);
    await expect.poll(() => e2e.app.outbox().some((mail) => mail.to === email), UI_WAIT).toBe(true);
    const verifyPath = new URL(linkIn(e2e.app.outbox().find((mail) => mail.to === email)!.text, e2e.app.url)).pathname;
    const verified = await fetch(`${e2e.app.url}/api${verifyPath}`);
    expect(verified.ok).toBe(true);
  }
});
