import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COACHES, DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { routesOf, SIGNED_IN_ACCOUNTS } from './support/phone-layout.ts';

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

  for (const account of SIGNED_IN_ACCOUNTS) {
    it(`${account.kind} pages`, { timeout: 180_000 }, async () => {
      const page = await e2e.newPage();
      await openSignedIn(page, account.home, account.kind, account.email);
      expect(await audit(page, routesOf(account.kind))).toEqual([]);
    });
  }
});
