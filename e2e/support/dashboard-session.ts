import type { Page } from 'playwright-core';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { DEMO_PASSWORD } from '../../sync-server/src/seed/demo-data.ts';
import { SignInScreen } from './account-pages.ts';

/**
 * Opens a guarded dashboard path as a demo account: the guard sends the visitor to the sign-in
 * screen of `kind`, which returns to the path once signed in. 'Keep me logged in?' is ticked, since
 * only a kept session lets a device cold-start into its dashboard while the server is unreachable.
 */
export async function openSignedIn(page: Page, path: string, kind: AccountKind, email: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForURL(`**/auth/${kind}`, { timeout: 15_000 });
  await new SignInScreen(page).signIn(email, DEMO_PASSWORD, true);
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}
