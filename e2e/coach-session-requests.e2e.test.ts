import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CoachRequestDoc } from '@mastr/rules/documents.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { CoachProfilePage } from './support/coach-profile-page.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { CoachSessionsPage, panel, SYNC_WAIT, UI_WAIT } from './support/private-session-pages.ts';

const MEMBER = DEMO_MEMBERS[0];
const COACH = DEMO_COACHES[0];
/** A free hour of the demo coach on Mondays (seed-availability.ts). */
const FREE_SLOT = { abbreviation: 'Mon', hour: 12 };

const clientsIn = (page: Page, title: string) => new CoachSessionsPage(page).clients(title);

/**
 * Issue 12 in Chromium: a member requests the demo coach's free slot on the coach's profile; the
 * request reaches the coach's device and shows on PT Requests, where the coach accepts it (modal
 * 'Accept Session') and then rejects it (modal 'Confirm Cancellation'), which frees the slot.
 */
describe("a coach answers a member's slot request on PT Requests", () => {
  const e2e = setUpAppAndBrowser();

  const coachRequests = () =>
    e2e.app
      .tenantDocs<CoachRequestDoc>('coach', COACH.profileId)
      .then((docs) => docs.filter((d) => d.type === 'coach-request'));

  it('lists the request, accepts it, then rejects it', { timeout: 180_000 }, async () => {
    const memberPage = await e2e.newPage();
    await openSignedIn(memberPage, '/userdashboard', 'user', MEMBER.email);
    await memberPage.goto(`/coaches/${COACH.profileId}`);
    const profile = new CoachProfilePage(memberPage);
    await profile.requestNextWeekSlot(FREE_SLOT, DEMO_GYM.gymName, 'Beginner');
    await expect.poll(() => profile.notice(), UI_WAIT).toBe('Request Sent');

    const coachPage = await e2e.newPage();
    await openSignedIn(coachPage, '/coachdashboard/sessionrequests', 'coach', COACH.email);
    await expect.poll(() => clientsIn(coachPage, 'Requested Sessions'), SYNC_WAIT).toEqual([MEMBER.firstName]);
    const requested = panel(coachPage, 'Requested Sessions');
    expect(await requested.textContent()).toContain('Beginner');
    expect(await requested.textContent()).toContain('12:00 - 13:00');

    await new CoachSessionsPage(coachPage).accept(MEMBER.firstName);
    await expect
      .poll(() => coachPage.locator('.dash-page .form-status').textContent(), UI_WAIT)
      .toBe('Session Accepted');
    await expect.poll(() => clientsIn(coachPage, 'Accepted Sessions'), UI_WAIT).toEqual([MEMBER.firstName]);
    expect(await panel(coachPage, 'Requested Sessions').count()).toBe(0);
    // An accepted request can still be rejected, not accepted again.
    expect(await panel(coachPage, 'Accepted Sessions').getByRole('button', { name: 'Accept' }).count()).toBe(0);
    const [stored] = await coachRequests();
    expect(stored).toMatchObject({ accepted: true, clientName: MEMBER.firstName });

    await panel(coachPage, 'Accepted Sessions').getByRole('button', { name: 'Reject' }).click();
    const reject = coachPage.getByRole('dialog', { name: 'Confirm Cancellation' });
    expect(await reject.textContent()).toContain(
      `Are you sure you want to reject the PT Request for ${MEMBER.firstName}?`,
    );
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });
    await expect
      .poll(() => coachPage.locator('.dash-page .form-status').textContent(), UI_WAIT)
      .toBe('Session Rejected');
    await expect.poll(() => coachPage.getByText('No Private Session Requests').count(), UI_WAIT).toBe(1);
    await expect.poll(() => coachRequests().then((docs) => docs.length), SYNC_WAIT).toBe(0);
  });
});
