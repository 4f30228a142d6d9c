import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { GymProfilePage } from './support/gym-profile-page.ts';
import { PHONE, routesOf, SIGNED_IN_ACCOUNTS } from './support/phone-layout.ts';

/** The public pages a visitor reaches: the site's menus, the directories and a profile of each kind. */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/dashboards',
  '/register',
  '/register/user',
  '/register/coach',
  '/register/gym',
  '/auth',
  '/auth/user',
  '/auth/coach',
  '/auth/gym',
  '/users/forgotten-password',
  '/gyms',
  `/gyms/${DEMO_GYM.profileId}`,
  `/gyms/${DEMO_GYM.profileId}/coaches`,
  '/coaches',
  `/coaches/${DEMO_COACHES[0].profileId}`,
  '/policy',
  '/policy/termsofuse',
  '/policy/privacy',
  '/policy/cookies',
];

/**
 * Issue 15: an automated accessibility pass (axe-core) over every route — the public pages and each
 * role's menus — with not one serious or critical violation.
 */
describe('every route passes axe-core with no serious or critical violation', () => {
  const e2e = setUpAppAndBrowser();

  async function audit(page: Page, routes: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route, { waitUntil: 'load' });
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      // Lets the page load its data (lists, profiles) before judging it.
      await page.waitForTimeout(800);
      for (const violation of await seriousViolations(page)) found.push(`${route}: ${violation}`);
    }
    return found;
  }

  it('public pages', { timeout: 180_000 }, async () => {
    expect(await audit(await e2e.newPage(), PUBLIC_ROUTES)).toEqual([]);
  });

  it('public pages on a phone, where wide tables scroll', { timeout: 180_000 }, async () => {
    expect(await audit(await e2e.newPage(PHONE), PUBLIC_ROUTES)).toEqual([]);
  });

  it('the booking dialogs a member opens on a gym profile', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await openSignedIn(page, '/userdashboard/account', 'user', DEMO_MEMBERS[0].email);
    const gym = new GymProfilePage(page);
    await gym.open(`/gyms/${DEMO_GYM.profileId}`);
    const found: string[] = [];
    // The day-pass dialog with its two-week date picker open, then the PT request's picker.
    await gym.pressAction('Book Day Pass');
    await gym.dialog('Book Day Pass').locator('button.date-header').click({ timeout: 15_000 });
    await gym.dialog('Book Day Pass').getByRole('group', { name: 'Day pass date' }).waitFor({ timeout: 15_000 });
    for (const violation of await seriousViolations(page)) found.push(`Book Day Pass: ${violation}`);
    await page.keyboard.press('Escape');
    await gym.pressAction('Request PT');
    await gym.dialog('Request PT').getByRole('group', { name: 'Session date' }).waitFor({ timeout: 15_000 });
    for (const violation of await seriousViolations(page)) found.push(`Request PT: ${violation}`);
    expect(found).toEqual([]);
  });

  for (const account of SIGNED_IN_ACCOUNTS) {
    it(`${account.kind} pages`, { timeout: 180_000 }, async () => {
      const page = await e2e.newPage();
      await openSignedIn(page, account.home, account.kind, account.email);
      expect(await audit(page, routesOf(account.kind))).toEqual([]);
    });
  }
});
