import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { linkIn, RegistrationWizard, SignInScreen } from './account-pages.ts';
import { AppPage } from './app-page.ts';
import type { AppServer } from './app-server.ts';
import { settleInstalledApp } from './payment-pages.ts';

/**
 * A new account's way in, as its owner takes it: the registration wizard, the verification link
 * from the mail outbox, then the sign-in screen (demo accounts, already verified, use openSignedIn).
 */

/** The password new accounts register with (and sign in with afterwards). */
export const PASSWORD = 'Str0ng#Pass';
/** Bounds each wait for a page, a redirect or an answer of the server. */
const UI_WAIT = { timeout: 15_000, interval: 100 };

/** The wizard's fields in order, by their labels, for each kind of account. */
export type WizardFields = readonly (readonly [label: string, value: string])[];

/**
 * Registers through the wizard of `kind` and answers the status of the registration call; the
 * wizard then says to verify. `firstVisit` waits for the fresh profile's service worker and
 * closes its toast first, so the toast cannot cover a button.
 */
export async function registerThroughWizard(
  page: Page,
  kind: AccountKind,
  fields: WizardFields,
  firstVisit: boolean,
): Promise<number> {
  const wizard = new RegistrationWizard(page);
  await wizard.open(kind);
  if (firstVisit) await settleInstalledApp(new AppPage(page));
  for (const [label, value] of fields) await wizard.step(label, value);
  await wizard.confirm();
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/register/${kind}` && response.request().method() === 'POST',
    { timeout: 15_000 },
  );
  await wizard.registerButton().click();
  const status = (await answer).status();
  await expect.poll(() => wizard.message().textContent(), UI_WAIT).toMatch(/verify/i);
  return status;
}

/** Opens the newest verification link mailed to `email`, as the person would from their inbox. */
export async function verifyFromMail(app: AppServer, page: Page, email: string): Promise<void> {
  const mailsTo = () => app.outbox().filter((mail) => mail.to === email);
  await expect.poll(() => mailsTo().length, UI_WAIT).toBeGreaterThan(0);
  await page.goto(linkIn(mailsTo().at(-1)!.text, app.url));
  await expect.poll(() => page.locator('#root').textContent(), UI_WAIT).toContain('Email Verification Successful');
}

/** Opens a guarded path, signs in on the screen it sends to, and waits to be back on it. */
export async function signInAt(page: Page, kind: AccountKind, email: string, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForURL(`**/auth/${kind}`, { timeout: 15_000 });
  await new SignInScreen(page).signIn(email, PASSWORD, true);
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}
