import { describe, expect, it } from 'vitest';
import { AccountSettingsPage, keptMeProfiles } from './support/account-edit-pages.ts';
import { RegistrationWizard, SignInScreen } from './support/account-pages.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import {
  PASSWORD,
  registerThroughWizard,
  signInAt,
  verifyFromMail,
  type WizardFields,
} from './support/new-account-session.ts';

/** Bounds each wait for a page, a redirect or an answer of the server. */
const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * Leaving, the other end of going live, in Chromium against the real server, CouchDB and mail
 * outbox: a new member deletes the account from Settings, is signed out with nothing of it left on
 * the device, cannot sign in again, and can register again with the same email and mobile.
 */
describe('leaving: a member deletes the account', () => {
  const e2e = setUpAppAndBrowser();

  it(
    'a member deletes the account from Settings, is signed out, cannot sign in again, and can register again',
    { timeout: 180_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const email = `casey.${stamp}@example.co.uk`;
      const fields: WizardFields = [
        ['First Name', 'Casey'],
        ['Email', email],
        ['Mobile', '07700 900563'],
        ['Password', PASSWORD],
        ['Confirm Password', PASSWORD],
      ];
      const page = await e2e.newPage();
      expect(await registerThroughWizard(page, 'user', fields, true)).toBe(201);
      await verifyFromMail(e2e.app, page, email);
      await signInAt(page, 'user', email, '/userdashboard');
      // The dashboard keeps the account's details on the device for offline visits.
      await expect.poll(() => keptMeProfiles(page), UI_WAIT).toBe(1);

      // Settings → Delete → the confirmation says what happens → Delete My Account.
      await page.getByRole('link', { name: 'Settings', exact: true }).click({ timeout: 15_000 });
      await page.waitForURL('**/userdashboard/settings', { timeout: 15_000 });
      const settings = new AccountSettingsPage(page);
      const dialog = await settings.openDeletion('Delete User Profile');
      expect(await dialog.innerText()).toContain('This cannot be undone.');
      const deletion = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/me/users' && response.request().method() === 'DELETE',
        { timeout: 30_000 },
      );
      await dialog.getByRole('button', { name: 'Delete My Account', exact: true }).click();
      expect((await deletion).status()).toBe(204);

      // Home, signed out, told so.
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await expect
        .poll(() => settings.deletedNotice(), UI_WAIT)
        .toBe('Your account has been deleted and you have been signed out everywhere.');
      // Nothing of the account stays on the device.
      await expect.poll(() => keptMeProfiles(page), UI_WAIT).toBe(0);
      await page.goto('/userdashboard/account', { waitUntil: 'load' });
      await page.waitForURL('**/auth/user', { timeout: 15_000 });
      // A reload finds no session to restore either.
      await page.reload({ waitUntil: 'load' });
      await page.waitForURL('**/auth/user', { timeout: 15_000 });

      // The old password no longer signs in: the screen shows the server's refusal.
      await new SignInScreen(page).signIn(email, PASSWORD, false);
      await expect
        .poll(async () => ((await page.locator('.form-status').textContent()) ?? '').trim(), UI_WAIT)
        .toBe('Incorrect email or password.');
      expect(new URL(page.url()).pathname).toBe('/auth/user');

      // The email (and mobile) may register again.
      expect(await registerThroughWizard(page, 'user', fields, false)).toBe(201);
      expect(await new RegistrationWizard(page).message().textContent()).toContain('Registration successful!');
    },
  );
});
