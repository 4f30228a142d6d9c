import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { RegistrationWizard, SignInScreen, linkIn } from './support/account-pages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';

/**
 * A new member's whole account journey in Chromium against the real server, CouchDB and mail
 * outbox: register through the wizard, verify from the mail, sign in, reach a guarded page,
 * survive a reload through the silent refresh, log out.
 */
/** Bounds each wait for a page or an answer (registration hashes a password: slow on a loaded machine). */
const UI_WAIT = { timeout: 15_000, interval: 100 };

describe('a new member registers, verifies, signs in, reloads and logs out', () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('works end to end', async () => {
    const context = await newAppContext(browser, app.url);
    const page = await context.newPage();
    const email = `jo.bloggs+${Date.now()}@example.co.uk`;
    const password = 'Str0ng#Pass';

    // Register through the wizard; Next stays disabled until a step is valid.
    const wizard = new RegistrationWizard(page);
    await wizard.open('user');
    await wizard.step('First Name', 'Jo');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    expect(await wizard.nextButton().isDisabled()).toBe(true);
    await wizard.step('Email', email.toUpperCase());
    await wizard.step('Mobile', '07700 900123');
    await wizard.step('Password', password);
    await wizard.step('Confirm Password', password);
    expect(await wizard.registerButton().isDisabled()).toBe(true);
    await wizard.confirm();
    await wizard.registerButton().click();
    await expect.poll(() => wizard.message().textContent(), UI_WAIT).toMatch(/verify/i);

    // The verification link arrives in the outbox, addressed to the lower-cased email.
    await expect.poll(() => app.outbox().some((m) => m.to === email), { timeout: 10_000 }).toBe(true);
    const mail = app.outbox().find((m) => m.to === email)!;
    const verifyLink = linkIn(mail.text, app.url);
    expect(verifyLink).toMatch(/\/users\/[a-f0-9]{24}\/verify\//);
    await page.goto(verifyLink);
    await expect.poll(() => page.locator('#root').textContent(), UI_WAIT).toContain('Email Verification Successful');

    // A guarded page sends a signed-out visitor to the member sign-in and back after signing in.
    await page.goto('/userdashboard/account');
    await page.waitForURL('**/auth/user');
    await new SignInScreen(page).signIn(email, password, true);
    await page.waitForURL('**/userdashboard/account');
    await expect.poll(() => page.locator('#root').textContent(), UI_WAIT).toContain(email);

    // Reload: the in-memory token is gone; the kept session is restored by a silent refresh.
    await page.reload();
    await page.waitForURL('**/userdashboard/account');
    await expect.poll(() => page.locator('#root').textContent(), UI_WAIT).toContain(email);

    // Log out: the session ends on the server too, so a reload does not bring it back.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/userdashboard/account');
    await page.waitForURL('**/auth/user');
    await page.reload();
    await page.waitForURL('**/auth/user');
    await context.close();
  });
});
