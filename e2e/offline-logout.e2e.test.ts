import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { AppPage } from './support/app-page.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';

const MEMBER = DEMO_MEMBERS[0];

/**
 * Issue 13, housekeeping: a device that logs out while offline ends its session on the server when
 * it next reaches it (design/auth.md "Logout while offline"), so the refresh cookie it held can no
 * longer sign anyone in, in this browser or anywhere it was copied to.
 */
describe('logging out offline', () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('ends the session on the server once the device is back online, and the device stays signed out', async () => {
    const context = await newAppContext(browser, app.url);
    const page = await context.newPage();
    await openSignedIn(page, '/userdashboard', 'user', MEMBER.email);
    const refreshCookie = (await context.cookies()).find((cookie) => cookie.httpOnly);
    expect(refreshCookie).toBeDefined();
    // Offline, the home page after logout comes from the service worker's precache: let it finish.
    const logoutButton = page.getByRole('button', { name: 'Logout' });
    await logoutButton.waitFor({ state: 'visible', timeout: 30_000 });
    await new AppPage(page).waitForActiveServiceWorker(60_000);

    await context.setOffline(true);
    await logoutButton.click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

    // Back online: the logout kept on the device is sent by itself.
    const logoutSent = page.waitForResponse((res) => res.url().includes('/api/logout/user'), { timeout: 60_000 });
    await context.setOffline(false);
    expect((await logoutSent).status()).toBeLessThan(300);

    // The cookie the device held no longer refreshes (nor would a copy of it).
    const replay = await fetch(`${app.url}/api/refresh`, {
      headers: { cookie: `${refreshCookie!.name}=${refreshCookie!.value}` },
    });
    expect(replay.status).toBe(401);
    await replay.body?.cancel();

    // And the device itself is signed out: its dashboard asks for a sign-in again.
    await page.goto('/userdashboard', { waitUntil: 'load' });
    await page.waitForURL('**/auth/user', { timeout: 15_000 });
    await context.close();
  });
});
