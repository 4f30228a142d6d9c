import { describe, expect, it } from 'vitest';
import { AccountEditPage } from './support/account-edit-pages.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { DashboardHomePage } from './support/dashboard-home-page.ts';
import { afterReload, goHome } from './support/dashboard-navigation.ts';
import { DirectoryListPage } from './support/directory-list-page.ts';
import { PASSWORD, registerThroughWizard, signInAt, verifyFromMail } from './support/new-account-session.ts';
import { HostedPaymentPage, StripeSettingsPage } from './support/payment-pages.ts';

/** Bounds each wait for a page, a redirect or an answer of the server. */
const UI_WAIT = { timeout: 15_000, interval: 100 };
/** Bounds a wait for a webhook's effect to show on a reloaded page. */
const SYNC_WAIT = { timeout: 30_000, interval: 250 };

/**
 * A coach going live (issue 9) in Chromium against the real server, CouchDB, mail outbox and the
 * local test payment provider: a new coach registers, verifies, completes the account on the
 * account page (the banner and go-live checklist shrinking as it does), onboards on the provider,
 * becomes Active and appears in the public directory of coaches.
 */
describe('going live: a new coach', () => {
  const e2e = setUpAppAndBrowser();

  it(
    'a new coach completes the account, onboards, becomes Active and is listed on /coaches',
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const email = `robin.${stamp}@example.co.uk`;
      // A surname of letters only that no other coach has, to search for.
      const lastName = `Quill${stamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
      const page = await e2e.newPage();

      const registered = await registerThroughWizard(
        page,
        'coach',
        [
          ['First Name', 'Robin'],
          ['Last Name', 'Lee'],
          ['Email', email],
          ['Mobile', '07700 900562'],
          ['Password', PASSWORD],
          ['Confirm Password', PASSWORD],
        ],
        true,
      );
      expect(registered).toBe(201);
      await verifyFromMail(e2e.app, page, email);
      await signInAt(page, 'coach', email, '/coachdashboard');

      // The banner and what is left to do.
      const home = new DashboardHomePage(page);
      await home.checklist().waitFor({ timeout: 15_000 });
      expect((await home.checklist().locator('.go-live__banner').textContent())?.trim()).toBe(
        'You have not finished signing up.',
      );
      expect(await home.checklistSteps()).toEqual([
        ['/coachdashboard/account', 'Choose your discipline'],
        ['/coachdashboard/account', 'Set your hourly price'],
        ['/coachdashboard/stripe', 'Submit your payments details with Stripe'],
      ]);
      expect(await home.podText('Coach Status')).toBe('Inactive');
      await home.checklist().getByRole('link', { name: 'Choose your discipline' }).click();
      await page.waitForURL('**/coachdashboard/account', { timeout: 15_000 });

      const account = new AccountEditPage(page);
      await account.waitForForms();
      expect(await account.statusBadge('Coach Status')).toBe('Inactive');
      const stillToDo = (...steps: string[]) => `Status: Inactive. Still to do: ${steps.join('; ')}.`;
      await account.typeAndConfirm('First Name', 'Morgan');
      await expect
        .poll(() => account.message('First Name'), UI_WAIT)
        .toBe(
          `First Name saved: Morgan. ${stillToDo('Choose your discipline', 'Set your hourly price', 'Submit your payments details with Stripe')}`,
        );
      await account.typeAndConfirm('Last Name', lastName);
      await expect
        .poll(() => account.message('Last Name'), UI_WAIT)
        .toMatch(new RegExp(`^Last Name saved: ${lastName}\\.`));
      await account.chooseAndConfirm('Discipline', 'Boxing');
      await expect
        .poll(() => account.message('Discipline'), UI_WAIT)
        .toBe(
          `Discipline saved: Boxing. ${stillToDo('Set your hourly price', 'Submit your payments details with Stripe')}`,
        );
      await account.chooseAndConfirm('Session Preference', '1 to 1');
      await expect
        .poll(() => account.message('Session Preference'), UI_WAIT)
        .toMatch(/^Session Preference saved: 1 to 1\. Status: Inactive\./);
      await account.typeAndConfirm('Hourly Price', '45');
      await expect
        .poll(() => account.message('Hourly Price'), UI_WAIT)
        .toBe(`Hourly Price saved: £45/hr. ${stillToDo('Submit your payments details with Stripe')}`);

      // An Instagram username links the profile; Remove takes the link away again.
      expect(await account.socialLinkLine('Instagram').textContent()).toBe('Not linked.');
      await account.typeAndConfirm('Instagram Username', '@morgan.fights');
      await expect
        .poll(() => account.message('Instagram Username'), UI_WAIT)
        .toBe(`Instagram Username saved: morgan.fights. ${stillToDo('Submit your payments details with Stripe')}`);
      expect(await account.socialLinkLine('Instagram').textContent()).toContain('Instagram: morgan.fights');
      expect(await account.socialLinkLine('Instagram').getByRole('link').getAttribute('href')).toBe(
        'https://www.instagram.com/morgan.fights/',
      );
      await account.removeButton('Instagram').click({ timeout: 10_000 });
      await expect
        .poll(() => account.message('Instagram Username'), UI_WAIT)
        .toBe(`Instagram removed. ${stillToDo('Submit your payments details with Stripe')}`);
      expect(await account.socialLinkLine('Instagram').textContent()).toBe('Not linked.');
      expect(await account.input('Instagram Username').inputValue()).toBe('');
      expect(await account.removeButton('Instagram').count()).toBe(0);

      // Home through the menu (no reload): only the payments step is left, under the banner.
      await goHome(page, 'Coach dashboard');
      await expect
        .poll(() => home.checklistSteps(), UI_WAIT)
        .toEqual([['/coachdashboard/stripe', 'Submit your payments details with Stripe']]);
      expect(await home.checklist().locator('.go-live__banner').count()).toBe(1);

      // Onboarding on the provider's page.
      await home.checklist().getByRole('link', { name: 'Submit your payments details with Stripe' }).click();
      await page.waitForURL('**/coachdashboard/stripe', { timeout: 15_000 });
      const stripe = new StripeSettingsPage(page);
      await expect.poll(() => stripe.accountSectionTitle(), UI_WAIT).toBe('Complete Onboarding With Stripe');
      await stripe.button('Onboarding').click();
      const hosted = new HostedPaymentPage(page, e2e.app.paymentsUrl);
      await hosted.waitFor('onboarding');
      await hosted.press('Complete onboarding');
      await page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === '/coachdashboard/stripe', {
        timeout: 15_000,
      });
      await expect
        .poll(
          afterReload(page, () => stripe.accountSectionTitle()),
          SYNC_WAIT,
        )
        .toBe('Login To Stripe');

      // Active: no banner, no checklist.
      await goHome(page, 'Coach dashboard');
      await expect
        .poll(
          afterReload(page, () => home.podText('Coach Status')),
          SYNC_WAIT,
        )
        .toBe('Active');
      expect(await home.checklist().count()).toBe(0);
      expect(await page.getByText('You have not finished signing up.').count()).toBe(0);

      // Listed on /coaches, found by the surname, with the discipline and rate.
      const visitor = await e2e.newPage();
      const coaches = new DirectoryListPage(visitor);
      await coaches.open('/coaches');
      await coaches.waitForList();
      await coaches.search(lastName);
      await expect.poll(() => coaches.cardNames(), UI_WAIT).toEqual([`Morgan ${lastName}`]);
      const card = visitor.locator('li.card').filter({ hasText: lastName });
      expect(await card.innerText()).toMatch(/Boxing[\s\S]*£45\/hr/);
    },
  );
});
