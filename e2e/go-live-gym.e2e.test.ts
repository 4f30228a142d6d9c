import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { gymWeekdayOf } from '@mastr/rules/timetable.ts';
import { DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { AccountEditPage, type ImageFile } from './support/account-edit-pages.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { DashboardHomePage } from './support/dashboard-home-page.ts';
import { afterReload, goHome } from './support/dashboard-navigation.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { DirectoryListPage } from './support/directory-list-page.ts';
import { GymSchedulePage } from './support/gym-schedule-page.ts';
import { PASSWORD, registerThroughWizard, signInAt, verifyFromMail } from './support/new-account-session.ts';
import {
  DayPassBookingPage,
  HostedPaymentPage,
  PaidPassesPage,
  settleInstalledApp,
  StripeSettingsPage,
} from './support/payment-pages.ts';

const MEMBER = DEMO_MEMBERS[0];
const PASSES_PATH = '/userdashboard/daypasses';
/** Bounds each wait for a page, a redirect or an answer of the server. */
const UI_WAIT = { timeout: 15_000, interval: 100 };
/** Bounds a wait for a webhook's effect or for a change to reach a device through sync. */
const SYNC_WAIT = { timeout: 30_000, interval: 250 };
/** The go-live step a gym with no class members can book in its Default Schedule still has (rules/go-live.ts). */
const TIMETABLE_STEP = 'Add a class members can book to your Default Schedule';

/**
 * A gym going live (issue 9) in Chromium against the real server, CouchDB, mail outbox and the
 * local test payment provider: a new gym registers, verifies, fills its account on the account page
 * (the go-live checklist shrinking as it does), onboards on the provider, takes the Basic plan, adds
 * its first class to its Default Schedule (issue 24: no gym goes live with an empty week), appears in
 * the public directory and sells a day pass at the prices it typed. The coach's way is
 * in go-live-coach.e2e.test.ts, a member leaving in go-live-leaving.e2e.test.ts.
 */
describe('going live: a new gym', () => {
  const e2e = setUpAppAndBrowser();

  it(
    'a new gym fills its account, onboards, takes the Basic plan, is listed, and sells a day pass at its prices',
    { timeout: 300_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const email = `kestrel.${stamp}@example.co.uk`;
      const gymName = `Kestrel Combat Academy ${stamp}`;
      const page = await e2e.newPage();

      // Register through the wizard with a working name, verify from the mail, sign in.
      const registered = await registerThroughWizard(
        page,
        'gym',
        [
          ['Name of Gym', 'Kestrel Combat'],
          ['Email', email],
          ['Mobile', '07700 900561'],
          ['Password', PASSWORD],
          ['Confirm Password', PASSWORD],
        ],
        true,
      );
      expect(registered).toBe(201);
      await verifyFromMail(e2e.app, page, email);
      await signInAt(page, 'gym', email, '/gymdashboard');

      // The home lists everything still to do; its first step opens the account page.
      const home = new DashboardHomePage(page);
      await home.checklist().waitFor({ timeout: 15_000 });
      expect(await home.checklistSteps()).toEqual([
        ['/gymdashboard/account', 'Add your address'],
        ['/gymdashboard/account', 'Set your adult day pass price'],
        ['/gymdashboard/account', 'Set your kids day pass price'],
        ['/gymdashboard/schedule', TIMETABLE_STEP],
        ['/gymdashboard/stripe', 'Set up payments with Stripe'],
        ['/gymdashboard/stripe', 'Choose the Basic plan so members can find your gym'],
      ]);
      expect(await home.podText('Gym Status')).toBe('Inactive');
      await home.checklist().getByRole('link', { name: 'Add your address' }).click();
      await page.waitForURL('**/gymdashboard/account', { timeout: 15_000 });

      // Each field is saved on its own; each answer says what is still missing.
      const account = new AccountEditPage(page);
      await account.waitForForms();
      expect(await account.statusBadge('Gym Status')).toBe('Inactive');
      expect(await account.input('Gym Name').inputValue()).toBe('Kestrel Combat');
      await account.typeAndConfirm('Gym Name', gymName);
      await expect
        .poll(() => account.message('Gym Name'), UI_WAIT)
        .toBe(
          `Gym Name saved: ${gymName}. Status: Inactive. Still to do: Add your address; Set your adult day pass price; ` +
            `Set your kids day pass price; ${TIMETABLE_STEP}; Set up payments with Stripe.`,
        );
      await account.setAddress({
        'Address Line One': '12 Wharf Road',
        'Town or City': 'Bristol',
        'Postal Code': 'bs1 4rn',
      });
      await expect
        .poll(() => account.message('Address'), UI_WAIT)
        .toBe(
          'Address saved: 12 Wharf Road, Bristol, BS1 4RN. Status: Inactive. Still to do: ' +
            `Set your adult day pass price; Set your kids day pass price; ${TIMETABLE_STEP}; Set up payments with Stripe.`,
        );
      const bio = 'Boxing, judo and wrestling by the harbour. Beginners and kids welcome.';
      await account.typeAndConfirm('Bio', bio);
      await expect.poll(() => account.message('Bio'), UI_WAIT).toMatch(/^Bio saved: Boxing, judo/);
      await account.typeAndConfirm('Adult Day Pass Price', '12');
      await expect
        .poll(() => account.message('Adult Day Pass Price'), UI_WAIT)
        .toBe(
          'Adult Day Pass Price saved: £12. Status: Inactive. Still to do: Set your kids day pass price; ' +
            `${TIMETABLE_STEP}; Set up payments with Stripe.`,
        );
      await account.typeAndConfirm('Kids Day Pass Price', '8.50');
      await expect
        .poll(() => account.message('Kids Day Pass Price'), UI_WAIT)
        .toBe(
          `Kids Day Pass Price saved: £8.50. Status: Inactive. Still to do: ${TIMETABLE_STEP}; Set up payments with Stripe.`,
        );
      // Only the latest save speaks: the earlier lines, with their stale "Still to do" lists, are gone (issue 24).
      for (const earlier of ['Gym Name', 'Address', 'Bio', 'Adult Day Pass Price'])
        expect(await account.message(earlier), earlier).toBe('');
      // The inputs now start from the stored prices, in pounds.
      expect(await account.input('Adult Day Pass Price').inputValue()).toBe('12');
      expect(await account.input('Kids Day Pass Price').inputValue()).toBe('8.50');

      // A profile image chosen through the file input; the form then shows the stored one.
      await account.uploadImage(await logoPng());
      await expect
        .poll(() => account.message('Profile Image'), UI_WAIT)
        .toBe(`Profile image saved. Status: Inactive. Still to do: ${TIMETABLE_STEP}; Set up payments with Stripe.`);
      await expect.poll(() => account.storedImageSrc(), UI_WAIT).toMatch(/^\/api\/images\/gym\/[^/]+\/[^/]+\.webp$/);

      // Back home through the menu (no reload): the timetable and the payments steps are left.
      await goHome(page, 'Gym dashboard');
      await expect
        .poll(() => home.checklistSteps(), UI_WAIT)
        .toEqual([
          ['/gymdashboard/schedule', TIMETABLE_STEP],
          ['/gymdashboard/stripe', 'Set up payments with Stripe'],
          ['/gymdashboard/stripe', 'Choose the Basic plan so members can find your gym'],
        ]);

      // Payments onboarding on the provider's page, back to the Stripe page.
      await home.checklist().getByRole('link', { name: 'Set up payments with Stripe' }).click();
      await page.waitForURL('**/gymdashboard/stripe', { timeout: 15_000 });
      const stripe = new StripeSettingsPage(page);
      await expect.poll(() => stripe.accountSectionTitle(), UI_WAIT).toBe('Complete Onboarding With Stripe');
      await stripe.button('Onboarding').click();
      const hosted = new HostedPaymentPage(page, e2e.app.paymentsUrl);
      await hosted.waitFor('onboarding');
      await hosted.press('Complete onboarding');
      await page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === '/gymdashboard/stripe', {
        timeout: 15_000,
      });
      await expect
        .poll(
          afterReload(page, () => stripe.accountSectionTitle()),
          SYNC_WAIT,
        )
        .toBe('Login To Stripe');

      // Select Plan → Basic Subscription → the provider's checkout → Pay. The price shows before the checkout.
      await stripe.button('Select Plan').click();
      await expect
        .poll(() => stripe.dialog('Select Plan').locator('.plan-price').textContent(), SYNC_WAIT)
        .toBe('Basic Subscription: £29.99 a month');
      await stripe
        .dialog('Select Plan')
        .getByRole('button', { name: 'Basic Subscription', exact: true })
        .click({ timeout: 15_000 });
      await hosted.waitFor('checkout');
      expect(await hosted.amount()).toMatch(/^£\d+\.\d{2} per month$/);
      await hosted.press('Pay');
      await page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === '/gymdashboard/stripe', {
        timeout: 15_000,
      });
      await expect.poll(() => stripe.currentPlan(), SYNC_WAIT).toBe('Basic');

      // Subscribed and able to take charges, but an empty week keeps it off: only the timetable is left (issue 24).
      await goHome(page, 'Gym dashboard');
      await expect
        .poll(
          afterReload(page, () => home.checklistSteps()),
          SYNC_WAIT,
        )
        .toEqual([['/gymdashboard/schedule', TIMETABLE_STEP]]);
      expect(await home.podText('Gym Status')).toBe('Inactive');

      // The step opens the Schedule page, which says what it waits for; a class on today's weekday of
      // the Default Schedule (a day pass needs a class that day) takes the gym live.
      await home.checklist().getByRole('link', { name: TIMETABLE_STEP }).click();
      await page.waitForURL('**/gymdashboard/schedule', { timeout: 15_000 });
      const schedule = new GymSchedulePage(page);
      await expect.poll(() => schedule.goLiveNote(), UI_WAIT).toMatch(/^Your gym goes live once your Default Schedule/);
      const today = GYM_WEEKDAYS.find(({ weekday }) => weekday === gymWeekdayOf(ukDateKey()))!.abbreviation;
      await schedule.openAdd('Default Schedule', today, 'Add Evening Class');
      await schedule.fillAndSave(
        { location: 'Main Mat', difficulty: 'Intermediate', discipline: 'Boxing', start: 19 * 3600, end: 20 * 3600 },
        'Add Class',
      );
      await expect
        .poll(() => schedule.classesOn('Default Schedule', today), UI_WAIT)
        .toBe('19:00–20:00 Boxing · Intermediate · Main Mat');
      // Once the device has delivered the class, the page drops its note and the home says Active, without a reload.
      await expect.poll(() => schedule.goLiveNote(), SYNC_WAIT).toBe('');

      // Active and subscribed: the checklist is gone from the home.
      await goHome(page, 'Gym dashboard');
      await expect.poll(() => home.podText('Gym Status'), UI_WAIT).toBe('Active');
      expect(await home.checklist().count()).toBe(0);
      await page
        .getByRole('navigation', { name: 'Gym dashboard' })
        .getByRole('link', { name: 'Account', exact: true })
        .click();
      await page.waitForURL('**/gymdashboard/account', { timeout: 15_000 });
      await expect.poll(() => account.statusBadge('Gym Status'), UI_WAIT).toBe('Active');
      expect(await page.locator('.dash-page').innerText()).toContain('Your gym is listed publicly on Mastr.');

      // A member finds it on /gyms by searching, with the prices it typed.
      const member = await e2e.newPage();
      const gyms = new DirectoryListPage(member);
      await gyms.open('/gyms');
      await settleInstalledApp(gyms);
      await gyms.waitForList();
      await gyms.search(stamp);
      await expect.poll(() => gyms.cardNames(), UI_WAIT).toEqual([gymName]);
      const card = member.locator('li.card').filter({ hasText: gymName });
      expect(await card.innerText()).toMatch(/Adult £12\b[\s\S]*Kids £8\.50/);
      await gyms.openCard(gymName);
      await member.waitForURL(/\/gyms\/[^/]+$/, { timeout: 15_000 });
      const gymPath = new URL(member.url()).pathname;
      const gymId = decodeURIComponent(gymPath.split('/').at(-1)!);

      // Its profile shows the name, address, prices, bio and the uploaded image, which loads.
      const profile = new DayPassBookingPage(member);
      expect(await profile.gymName()).toBe(gymName);
      const facts = member.locator('.gym-header__facts');
      expect(await facts.locator('div', { hasText: 'Adult Day Pass' }).locator('dd').textContent()).toBe('£12');
      expect(await facts.locator('div', { hasText: 'Kids Day Pass' }).locator('dd').textContent()).toBe('£8.50');
      expect(await member.locator('.gym-header__address').innerText()).toContain('BS1 4RN');
      expect(await member.locator('.gym-header__bio').textContent()).toBe(bio);
      const logo = member.locator('.gym-header__logo img');
      expect(await logo.getAttribute('src', { timeout: 10_000 })).toMatch(
        new RegExp(`^/api/images/gym/${gymId}/[^/]+\\.webp$`),
      );
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), UI_WAIT)
        .toBeGreaterThan(0);

      // The member signs in, then buys an adult day pass for today on the hosted checkout.
      const passes = new PaidPassesPage(member);
      await openSignedIn(member, PASSES_PATH, 'user', MEMBER.email);
      await passes.syncBar.waitForInSync();
      await profile.open(gymPath);
      await profile.bookDayPass(ukDateKey());
      const checkout = new HostedPaymentPage(member, e2e.app.paymentsUrl);
      await checkout.waitFor('checkout');
      expect(await checkout.amount()).toMatch(/^£12(\.00)?$/);
      expect(await checkout.summary()).toContain(gymName);
      await checkout.press('Pay');

      // Back in the member's passes: the pass arrives by sync, for this gym at its adult price.
      await member.waitForURL((url) => url.origin === e2e.app.url && url.pathname === PASSES_PATH, { timeout: 15_000 });
      const sessionId = new URL(member.url()).searchParams.get('session_id');
      expect(sessionId).toMatch(/^cs_test_/);
      await expect.poll(() => passes.checkoutNotice(), SYNC_WAIT).toBe('Your pass is ready.');
      const passId = await checkoutPassId(sessionId!);
      const pass = (await e2e.app.tenantDocs<DayPassDoc>('member', MEMBER.profileId)).find(
        (doc) => doc.type === 'day-pass' && doc.passId === passId,
      );
      expect(pass).toMatchObject({ passType: 'Adult', gymId, pricePence: 1200 });
      const passCard = passes.cardWithCode(pass!.idCode.toUpperCase());
      await expect.poll(() => passCard.count(), SYNC_WAIT).toBe(1);
      expect(await passCard.innerText()).toContain(gymName);
    },
  );
});

/** A small PNG logo made on the spot: a red square with a white band. */
async function logoPng(): Promise<ImageFile> {
  const band = await sharp({
    create: { width: 96, height: 24, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 16, b: 46 } },
  })
    .composite([{ input: band, top: 36, left: 0 }])
    .png()
    .toBuffer();
  return { name: 'kestrel-logo.png', mimeType: 'image/png', buffer };
}
