import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { CoachProfilePage } from './support/coach-profile-page.ts';
import { GymProfilePage } from './support/gym-profile-page.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { measureOverflow, PHONES, routesOf, SIGNED_IN_ACCOUNTS } from './support/phone-layout.ts';

/**
 * Issues 15 and 24: on the common phone widths (360, 390, 414 and 430 px) no signed-in page is wider
 * than the screen, for members, coaches and gyms, on every route their menus lead to (and with the
 * dialogs that used to be clipped open), in the configuration `npm start` shows (payments in test
 * mode, so the bar carries the "Test mode" badge).
 */
describe.each(PHONES.map((phone, index) => ({ phone, index })))(
  'signed-in pages fit a $phone.width px phone',
  ({ phone, index }) => {
    const e2e = setUpAppAndBrowser();

    const phonePage = () => e2e.newPage(phone);

    /** Lets a page render its data (lists, pods) before measuring. */
    async function settle(page: Page): Promise<void> {
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      await page.waitForTimeout(700);
    }

    /** Neither the page nor the open dialog passes the screen's edges. */
    async function expectFits(page: Page, dialog: Locator, where: string): Promise<void> {
      await dialog.waitFor({ timeout: 15_000 });
      const overflow = await measureOverflow(page);
      expect(overflow.scrollWidth, `${where}: ${overflow.culprits.join(' | ')}`).toBeLessThanOrEqual(
        overflow.innerWidth,
      );
      const box = await dialog.boundingBox();
      expect(box, where).not.toBeNull();
      expect(box!.x, where).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, where).toBeLessThanOrEqual(phone.width);
    }

    for (const account of SIGNED_IN_ACCOUNTS) {
      it(`${account.kind}: every route of the menus`, { timeout: 180_000 }, async () => {
        const page = await phonePage();
        await openSignedIn(page, account.home, account.kind, account.email);
        // The configuration `npm start` shows: the local payment provider's "Test mode" badge is in the
        // account's bar (the member's page sits under the site's top bar; gyms and coaches have their own).
        const bar = account.kind === 'user' ? '.top-bar' : '.dash-bar';
        await page.locator(`${bar} .test-mode-badge`).waitFor({ timeout: 15_000 });
        const failures: string[] = [];
        for (const route of routesOf(account.kind)) {
          await page.goto(route, { waitUntil: 'load' });
          await settle(page);
          const overflow = await measureOverflow(page);
          if (overflow.scrollWidth > overflow.innerWidth)
            failures.push(`${route} ${overflow.scrollWidth}px: ${overflow.culprits.join(' | ')}`);
        }
        expect(failures).toEqual([]);
      });
    }

    it(
      'coach: the header shows the whole name and the section strip hints at what it hides',
      { timeout: 60_000 },
      async () => {
        const page = await phonePage();
        await openSignedIn(page, '/coachdashboard', 'coach', DEMO_COACHES[0].email);
        const name = page.locator('.dash-bar__name');
        await expect
          .poll(() => name.textContent(), { timeout: 15_000 })
          .toBe(`${DEMO_COACHES[0].firstName} ${DEMO_COACHES[0].lastName}`);
        const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
        expect(cut).toBe(false);

        // The menu starts at Home: more sections after it, none before; at Settings (the last) the reverse.
        const nav = page.getByRole('navigation', { name: 'Coach dashboard' });
        await expect.poll(() => nav.getAttribute('data-more-after'), { timeout: 5_000 }).toBe('true');
        expect(await nav.getAttribute('data-more-before')).toBe('false');
        await nav.getByRole('link', { name: 'Settings' }).click();
        await page.waitForURL('**/coachdashboard/settings');
        await expect.poll(() => nav.getAttribute('data-more-before'), { timeout: 5_000 }).toBe('true');
        // The strip scrolls Settings into view smoothly: the hint follows once the scroll ends.
        await expect.poll(() => nav.getAttribute('data-more-after'), { timeout: 5_000 }).toBe('false');
        expect(await nav.getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
      },
    );

    it('member: the booking dialogs and the enlarged entry code', { timeout: 120_000 }, async () => {
      const page = await phonePage();
      await openSignedIn(page, '/userdashboard/daypasses', 'user', DEMO_MEMBERS[0].email);
      // The top bar's Account pill and the dashboard's bar show the same initial: the member's name.
      const initial = DEMO_MEMBERS[0].firstName.charAt(0);
      await expect.poll(() => page.locator('.dash-bar .avatar').textContent(), { timeout: 15_000 }).toBe(initial);
      expect(await page.locator('.profile-menu__button .avatar').textContent()).toBe(initial);
      await page
        .getByRole('button', { name: /^Enlarge entry code/ })
        .first()
        .click({ timeout: 15_000 });
      await expectFits(page, page.locator('dialog.entry-code__dialog[open]'), 'enlarged entry code');
      await page.keyboard.press('Escape');

      const gym = new GymProfilePage(page);
      await gym.open(`/gyms/${DEMO_GYM.profileId}`);
      // The day-pass dialog opens from the timetable, below the fold: after the page has scrolled to it.
      await gym.pressAction('Book Day Pass');
      await expectFits(page, gym.dialog('Book Day Pass'), 'Book Day Pass');
      await page.keyboard.press('Escape');
      await gym.pressAction('Request PT');
      await expectFits(page, gym.dialog('Request PT'), 'Request PT');
      await gym.choosePtRequest({
        date: addDaysToKey(ukDateKey(), 4 + index),
        time: 11 * 3600,
        discipline: 'Boxing',
        experience: 'Beginner',
      });
      await gym.dialog('Request PT').getByRole('button', { name: 'Make Request' }).click();
      await expectFits(page, gym.dialog('Request Sent'), 'Request Sent');
      await gym.dialog('Request Sent').getByRole('button', { name: 'OK' }).click();

      const coach = new CoachProfilePage(page);
      await coach.open(`/coaches/${DEMO_COACHES[0].profileId}`);
      await coach.showWeek('Next week');
      // A free hour of the demo coach on Mondays (seed-availability.ts).
      await coach.slot('Mon', 12).click({ timeout: 15_000 });
      await expectFits(page, coach.confirmDialog(), 'coach booking Confirm Details');
    });
  },
);
