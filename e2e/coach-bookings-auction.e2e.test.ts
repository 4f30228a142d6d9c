import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { bookingDocId, gymRequestId } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { BOOKINGS_TEXTS } from '../pwa/src/coach-sessions/coach-bookings-model.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { AppPage } from './support/app-page.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';

const MEMBER = DEMO_MEMBERS[0];
const COACH = DEMO_COACHES[0];
/** Request ids are 24-hex ids, as the server makes them. */
const JUDO_REQUEST = 'e2e000000000000000000a01';
const UI_WAIT = { timeout: 15_000, interval: 100 };
/** Bounds a wait that spans replication to the coach's device. */
const SYNC_WAIT = { timeout: 30_000, interval: 200 };

const inDays = (days: number, hour: number) =>
  `${addDaysToKey(ukDateKey(new Date()), days)}T${String(hour).padStart(2, '0')}:00:00`;
const panel = (page: Page, title: RegExp) =>
  page.locator('section.dash-panel', { has: page.getByRole('heading', { name: title }) });

/** A paid session as the payment webhook writes it (the member's checkout page is not built yet). */
function booking(id: string, startTime: string, endTime: string): BookingDoc {
  return {
    _id: bookingDocId(id),
    type: 'booking',
    bookingId: id,
    source: 'coach-request',
    startTime,
    endTime,
    clientName: MEMBER.firstName,
    userProfile_id: MEMBER.profileId,
    coachId: COACH.profileId,
    coachFullName: `${COACH.firstName} ${COACH.lastName}`,
    gymId: DEMO_GYM.profileId,
    gymName: DEMO_GYM.gymName,
    discipline: 'Boxing',
    experienceLevel: 'Beginner',
    pricePence: 4000,
    paymentId: `pay-${id}`,
    slotClaimId: `slot-claim:${id}`,
    cancelled: false,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: new Date().toISOString(),
  };
}

/** A member's PT request to the demo gym, as handlePrivateSessionGymRequest writes it. */
function gymRequest(id: string, startTime: string, endTime: string): GymRequestDoc {
  return {
    _id: gymRequestId(id),
    type: 'gym-request',
    requestId: id,
    startTime,
    endTime,
    gymId: DEMO_GYM.profileId,
    gymName: DEMO_GYM.gymName,
    requestedDiscipline: 'Judo',
    sessionPrice: 2000,
    experienceLevel: 'Advanced',
    accepted: false,
    appliedCoaches: [],
    userProfile_id: MEMBER.profileId,
    clientName: MEMBER.firstName,
    createdAt: new Date().toISOString(),
  };
}

/**
 * Issue 12 in Chromium: the coach's Bookings read the device's bookings, offline too (with the
 * cancel saying it needs the server), and the coach applies for a member's PT request in a gym's
 * auction, after which Apply is gone.
 */
describe("the coach's Bookings and Auction pages", () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it(
    'lists upcoming sessions from the device, offline too, and applies in the auction',
    { timeout: 180_000 },
    async () => {
      await app.putTenantDoc(
        'coach',
        COACH.profileId,
        booking('e2e000000000000000000b02', inDays(5, 10), inDays(5, 11)),
      );
      await app.putTenantDoc(
        'coach',
        COACH.profileId,
        booking('e2e000000000000000000b01', inDays(3, 18), inDays(3, 19)),
      );
      for (const [kind, id] of [
        ['gym', DEMO_GYM.profileId],
        ['member', MEMBER.profileId],
      ] as const)
        await app.putTenantDoc(kind, id, gymRequest(JUDO_REQUEST, inDays(4, 9), inDays(4, 10)));

      context = await newAppContext(browser, app.url);
      const page = await context.newPage();
      await openSignedIn(page, '/coachdashboard/bookings', 'coach', COACH.email);
      const upcoming = panel(page, /^Upcoming Sessions/);
      await expect.poll(() => upcoming.locator('h2').textContent(), SYNC_WAIT).toBe('Upcoming Sessions (2 Sessions)');
      expect(await upcoming.locator('.session-row__name').allTextContents()).toEqual([
        MEMBER.firstName,
        MEMBER.firstName,
      ]);
      expect(await upcoming.textContent()).toContain('18:00 - 19:00');
      expect(await panel(page, /^Completed Today/).textContent()).toContain('Completed Today (');

      // The Cancel PT modal names the session and the client.
      await upcoming.getByRole('button', { name: 'Cancel PT' }).first().click();
      const modal = page.getByRole('dialog', { name: 'Cancel PT' });
      expect(await modal.textContent()).toContain(`Cancel PT with ${MEMBER.firstName}?`);
      expect(await modal.textContent()).toContain('18:00');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });

      // With the server gone (the network still up: a Wi-Fi with no way out) the sessions are still
      // there (device data); once the sync feed finds the server unreachable, the page says cancelling
      // needs the server and offers no cancel.
      const shell = new AppPage(page);
      await shell.waitForActiveServiceWorker();
      await app.stopHapiOnly();
      await shell.reload();
      await expect.poll(() => upcoming.locator('h2').textContent(), SYNC_WAIT).toBe('Upcoming Sessions (2 Sessions)');
      await expect.poll(() => page.getByText(BOOKINGS_TEXTS.offline).count(), SYNC_WAIT).toBe(1);
      expect(await upcoming.getByRole('button', { name: 'Cancel PT' }).first().isDisabled()).toBe(true);
      expect(await upcoming.locator('.session-row').count()).toBe(2);
      await app.restart();

      await page.goto('/coachdashboard/auction');
      await page.getByRole('link', { name: DEMO_GYM.gymName }).click();
      await page.waitForURL((url) => url.pathname === `/coachdashboard/auction/${DEMO_GYM.profileId}`, UI_WAIT);
      await expect.poll(() => page.locator('h1').textContent(), UI_WAIT).toBe(`Auction - ${DEMO_GYM.gymName}`);
      const requests = panel(page, /^PT Requests$/);
      await expect.poll(() => requests.locator('.session-row__name').allTextContents(), UI_WAIT).toEqual(['Judo']);
      expect(await requests.textContent()).toContain('£20/hr');
      await requests.getByRole('button', { name: 'Apply' }).click();
      const apply = page.getByRole('dialog', { name: 'Apply for PT' });
      expect(await apply.textContent()).toContain(`Apply for a PT with ${MEMBER.firstName}?`);
      await apply.getByRole('button', { name: 'Apply' }).click();
      await apply.waitFor({ state: 'detached', timeout: UI_WAIT.timeout });
      await expect.poll(() => requests.getByRole('button', { name: 'Apply' }).count(), UI_WAIT).toBe(0);
      expect(await requests.textContent()).toContain('Applied');
      const [stored] = (await app.tenantDocs<GymRequestDoc>('gym', DEMO_GYM.profileId)).filter(
        (d) => d._id === gymRequestId(JUDO_REQUEST),
      );
      expect(stored.appliedCoaches.map((c) => c.coach_id)).toEqual([COACH.profileId]);
    },
  );
});
