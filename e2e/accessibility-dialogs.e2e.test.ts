import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { DEMO_COACHES, DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { SIGNED_IN_ACCOUNTS } from './support/phone-layout.ts';

/** One dialog: the page it opens on and the button (by accessible name) that opens it. */
interface DialogCase {
  route: string;
  opener: string | RegExp;
  /** Buttons pressed first to reach the opener (e.g. the next week of a coach's calendar). */
  before?: readonly string[];
}

/**
 * Every dialog the demo accounts can open without changing anything: each is only opened, audited
 * and dismissed with Escape (which never confirms). Dialogs that only follow a completed action
 * (Request Sent, Conflict) or need data the demo lacks (a coach's session requests) are built on the
 * same Modal and ConfirmModal audited here.
 */
const DIALOGS: Record<AccountKind, readonly DialogCase[]> = {
  user: [
    { route: `/gyms/${DEMO_GYM.profileId}`, opener: 'Mastr Class £1' },
    { route: `/gyms/${DEMO_GYM.profileId}`, opener: /\d\d:\d\d - \d\d:\d\d/ },
    { route: `/coaches/${DEMO_COACHES[0].profileId}`, before: ['Next week'], opener: /, free$/ },
    { route: '/userdashboard/daypasses', opener: /^Cancel Adult Day Pass on / },
    { route: '/userdashboard/daypasses', opener: /^Enlarge entry code / },
    { route: '/userdashboard/daypasses/mastr', opener: 'Choose a Class' },
    { route: '/userdashboard/daypasses/mastr', opener: /^Cancel Mastr Class Pass at / },
    { route: '/userdashboard/settings', opener: 'Delete' },
  ],
  gym: [
    { route: '/gymdashboard/schedule', opener: 'Add Morning Class' },
    { route: '/gymdashboard/schedule', opener: /^Delete \d\d:\d\d / },
    { route: '/gymdashboard/management', opener: 'Terminate' },
    { route: '/gymdashboard/management', opener: 'Accept' },
    { route: '/gymdashboard/management', opener: 'Reject' },
    { route: '/gymdashboard/account', opener: 'Hide' },
    { route: '/gymdashboard/account', opener: 'Cancel Class Next Class' },
    { route: '/gymdashboard/daypasses/upcoming', opener: /^Cancel the day pass of / },
    { route: '/gymdashboard/settings', opener: 'Delete' },
  ],
  coach: [
    { route: '/coachdashboard/management', opener: 'Terminate' },
    { route: '/coachdashboard/settings', opener: 'Delete' },
  ],
};

const openDialog = (page: Page) => page.locator('dialog[open]');

describe('every dialog passes axe-core with no serious or critical violation', () => {
  const e2e = setUpAppAndBrowser();

  async function auditDialog(page: Page, dialog: DialogCase): Promise<string[]> {
    await page.goto(dialog.route, { waitUntil: 'load' });
    for (const name of dialog.before ?? []) await page.getByRole('button', { name, exact: true }).click();
    const exact = typeof dialog.opener === 'string';
    const opener = page.getByRole('button', { name: dialog.opener, exact }).first();
    await opener.click({ timeout: 20_000 });
    await openDialog(page).waitFor({ timeout: 15_000 });
    // Lets the dialog load what it lists (classes, plans) before judging it.
    await page.waitForTimeout(500);
    const found = (await seriousViolations(page)).map((violation) => `${dialog.route} ${dialog.opener}: ${violation}`);
    await page.keyboard.press('Escape');
    await openDialog(page).waitFor({ state: 'detached', timeout: 5_000 });
    return found;
  }

  for (const account of SIGNED_IN_ACCOUNTS) {
    it(`${account.kind} dialogs`, { timeout: 240_000 }, async () => {
      const page = await e2e.newPage();
      await openSignedIn(page, account.home, account.kind, account.email);
      const found: string[] = [];
      for (const dialog of DIALOGS[account.kind]) found.push(...(await auditDialog(page, dialog)));
      expect(found).toEqual([]);
    });
  }
});
