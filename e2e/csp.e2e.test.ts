import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { AppPage } from './support/app-page.ts';
import { CspWatch } from './support/csp-watch.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { FrontDeskPage } from './support/front-desk-page.ts';
import { MemberPassesPage } from './support/member-passes-page.ts';

/** Public routes, each rendered from the built app under the server's Content-Security-Policy. */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/register',
  '/register/gym',
  '/auth',
  '/auth/user',
  '/gyms',
  `/gyms/${DEMO_GYM.profileId}`,
  '/coaches',
  `/coaches/${DEMO_COACHES[0].profileId}`,
  '/no/such/page',
];
const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * The app under its strict Content-Security-Policy (issue 16): public pages, a member's passes with
 * their QR codes (SVG drawn on the device), a front desk replicating through /sync and the service
 * worker's install, with not a single violation reported by Chromium.
 */
describe('the app runs under its Content-Security-Policy', () => {
  const e2e = setUpAppAndBrowser();
  const csp = new CspWatch();
  const violations = csp.violations;

  /** A fresh visitor whose every document records CSP violations from its first script on. */
  async function newWatchedPage(): Promise<Page> {
    const context = await e2e.newContext();
    return csp.newPage(context);
  }

  const collect = (page: Page) => csp.collect(page);

  it(
    'serves every page with the policy and renders public pages without a violation',
    { timeout: 120_000 },
    async () => {
      const page = new AppPage(await newWatchedPage());
      for (const route of PUBLIC_ROUTES) {
        const response = await page.page.goto(route, { waitUntil: 'load' });
        expect(response?.headers()['content-security-policy'], route).toMatch(/script-src 'self'/);
        expect((await page.rootText()).length, route).toBeGreaterThan(0);
        await page.page.waitForTimeout(300);
        await collect(page.page);
      }
      // The service worker installs and then answers navigations with the cached shell (and its policy).
      await page.waitForActiveServiceWorker();
      await page.reload();
      expect(await page.isControlledByServiceWorker()).toBe(true);
      expect((await page.rootText()).length).toBeGreaterThan(0);
      await collect(page.page);
      expect(violations).toEqual([]);
    },
  );

  it("shows a member's QR codes and a front desk in sync without a violation", { timeout: 120_000 }, async () => {
    const passes = new MemberPassesPage(await newWatchedPage());
    await openSignedIn(passes.page, '/userdashboard/daypasses', 'user', DEMO_MEMBERS[0].email);
    await passes.syncBar.waitForInSync();
    await expect.poll(() => passes.qrCodeIn(passes.passCards().first()).count(), UI_WAIT).toBeGreaterThan(0);
    await collect(passes.page);

    const desk = new FrontDeskPage(await newWatchedPage());
    await openSignedIn(desk.page, '/gymdashboard/daypasses/today', 'gym', DEMO_GYM.email);
    await desk.syncBar.waitForInSync();
    await desk.page.waitForTimeout(500);
    await collect(desk.page);
    expect(violations).toEqual([]);
  });
});
