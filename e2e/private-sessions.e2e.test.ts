import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { BookingDoc, CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS, DEMO_PASSWORD } from '../sync-server/src/seed/demo-data.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';
import { CoachProfilePage } from './support/coach-profile-page.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { HostedPaymentPage } from './support/payment-pages.ts';
import { SessionCardsPage, SYNC_WAIT, UI_WAIT } from './support/private-session-pages.ts';

const MEMBER = DEMO_MEMBERS[0];
const COACH = DEMO_COACHES[0];
const COACH_NAME = `${COACH.firstName} ${COACH.lastName}`;
/** A free hour of the demo coach on Mondays (seed-availability.ts). */
const FREE_SLOT = { abbreviation: 'Mon', hour: 12 };

/** A section of a member's or gym's session page by its heading, and the cards in it. */
const section = (page: Page, title: string) => new SessionCardsPage(page).section(title);
const cards = (page: Page, title: string) => new SessionCardsPage(page).cards(title);

/** A call as a demo account, for the other party's steps (private-session-lifecycle.e2e.test.ts takes them in the coach's UI). */
async function callAs(
  app: AppServer,
  kind: 'coach' | 'user',
  email: string,
  path: string,
  body?: unknown,
): Promise<number> {
  const signIn = await fetch(`${app.url}/api/auth/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, pwd: DEMO_PASSWORD }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const answer = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await answer.body?.cancel();
  return answer.status;
}

async function coachAccepts(app: AppServer, requestId: string): Promise<void> {
  expect(await callAs(app, 'coach', COACH.email, `/api/me/coaches/sessionrequests/accept/${requestId}`)).toBe(200);
}

/**
 * Issue 12, the member's and gym's pages: a member requests a coach's slot, the coach accepts, the
 * member completes the request on the hosted checkout, and the paid session is on the member's and
 * the gym's Bookings pages; offline the member still reads it, and cancelling says it needs a connection;
 * online the cancel refunds in full. Then the auction's side: a gym request a coach applied for is paid at £20.
 */
describe('a member pays for an accepted coach request and sees the session, as the gym does', () => {
  let app: AppServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await app?.stop();
  });

  const newPage = async () => {
    const context = await newAppContext(browser, app.url);
    contexts = [...contexts, context];
    return context.newPage();
  };

  it('requests, pays, lists on both Bookings pages, and reads offline', { timeout: 240_000 }, async () => {
    const page = await newPage();
    await openSignedIn(page, '/userdashboard/privatesessions/coachrequests', 'user', MEMBER.email);

    // The member asks for next week's free Monday hour.
    const coach = new CoachProfilePage(page);
    await coach.open(`/coaches/${COACH.profileId}`);
    await coach.requestNextWeekSlot(FREE_SLOT, DEMO_GYM.gymName, 'Beginner');
    await expect.poll(() => coach.notice(), UI_WAIT).toBe('Request Sent');

    // It is listed as Requested, from the member's device.
    await page.goto('/userdashboard/privatesessions/coachrequests');
    await expect.poll(() => cards(page, 'Requested').count(), SYNC_WAIT).toBe(1);
    expect(await cards(page, 'Requested').first().textContent()).toContain(COACH_NAME);

    // The coach accepts: 'Complete Request' appears under Accepted.
    const request = (await app.tenantDocs<CoachRequestDoc>('coach', COACH.profileId)).find(
      (d) => d.type === 'coach-request',
    );
    if (!request) throw new Error('The slot request did not reach the coach');
    await coachAccepts(app, request.requestId);
    const complete = section(page, 'Accepted').getByRole('button', { name: /Complete Request/ });
    await complete.waitFor(SYNC_WAIT);

    // The hosted checkout charges the coach's price; paying books the session.
    await complete.click();
    const checkout = new HostedPaymentPage(page, app.paymentsUrl);
    await checkout.waitFor('checkout');
    await checkout.press('Pay');
    await page.waitForURL((url) => url.pathname === '/userdashboard/privatesessions', UI_WAIT);
    expect(await page.locator('.checkout-notice').textContent(UI_WAIT)).toContain('Payment received.');
    const upcoming = cards(page, 'Upcoming Sessions');
    await expect.poll(() => upcoming.count(), SYNC_WAIT).toBe(1);
    expect(await upcoming.first().textContent()).toContain(COACH_NAME);
    const booking = (await app.tenantDocs<BookingDoc>('member', MEMBER.profileId)).find((d) => d.type === 'booking');
    expect(booking).toMatchObject({ bookingId: request.requestId, cancelled: false });

    // The gym sees it on its Bookings page.
    const gymPage = await newPage();
    await openSignedIn(gymPage, '/gymdashboard/bookings', 'gym', DEMO_GYM.email);
    await expect.poll(() => cards(gymPage, 'Upcoming Sessions').count(), SYNC_WAIT).toBe(1);
    expect(await cards(gymPage, 'Upcoming Sessions').first().textContent()).toContain(COACH_NAME);

    // Offline: the member's Bookings still list it, and a cancel says it needs a connection.
    await page.goto('/userdashboard/bookings');
    await expect.poll(() => cards(page, 'Upcoming Sessions').count(), SYNC_WAIT).toBe(1);
    await app.stopHapiOnly();
    try {
      await page.reload();
      await expect.poll(() => cards(page, 'Upcoming Sessions').count(), UI_WAIT).toBe(1);
      await cards(page, 'Upcoming Sessions')
        .first()
        .getByRole('button', { name: /Cancel/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Cancel Session' });
      await dialog.waitFor(UI_WAIT);
      expect(await dialog.textContent()).toContain('You will get a full refund to your card.');
      await page.context().setOffline(true);
      await dialog.getByRole('button', { name: 'Cancel Session' }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent(), UI_WAIT).toContain('needs a connection');
    } finally {
      await page.context().setOffline(false);
      await app.restart();
    }

    // Online again: the cancel goes through with the full refund it promised; both lists drop the session.
    await page.reload();
    await cards(page, 'Upcoming Sessions')
      .first()
      .getByRole('button', { name: /Cancel/ })
      .click(UI_WAIT);
    await page
      .getByRole('dialog', { name: 'Cancel Session' })
      .getByRole('button', { name: 'Cancel Session' })
      .click(UI_WAIT);
    await expect.poll(() => page.locator('.form-status--success').textContent(), UI_WAIT).toContain('refunded in full');
    await expect
      .poll(() => section(page, 'Upcoming Sessions').textContent(), UI_WAIT)
      .toContain('You have no Upcoming Sessions');
    await expect.poll(() => cards(gymPage, 'Upcoming Sessions').count(), SYNC_WAIT).toBe(0);
    expect(
      (await app.tenantDocs<BookingDoc>('member', MEMBER.profileId)).find((d) => d.type === 'booking'),
    ).toMatchObject({
      cancelled: true,
      cancelledBy: 'member',
    });
  });

  it('a gym request: a coach applies, the member picks them at £20 and pays', { timeout: 180_000 }, async () => {
    const date = addDaysToKey(ukDateKey(), 4);
    const asked = await callAs(app, 'user', MEMBER.email, '/api/booking/handlePrivateSessionGymRequest', {
      gym_id: DEMO_GYM.profileId,
      selectedDate: date,
      selectedTime: 9 * 3600,
      selectedDiscipline: 'Boxing',
      selectedExperienceLevel: 'Intermediate',
    });
    expect(asked).toBe(201);
    const page = await newPage();
    await openSignedIn(page, '/userdashboard/privatesessions/gymrequests', 'user', MEMBER.email);
    await expect.poll(() => cards(page, 'Gym Requests').count(), SYNC_WAIT).toBe(1);

    const request = (await app.tenantDocs<GymRequestDoc>('gym', DEMO_GYM.profileId)).find(
      (d) => d.type === 'gym-request',
    );
    if (!request) throw new Error('The gym request did not reach the gym');
    const applyPath = `/api/me/coaches/auctionhouse/apply/${DEMO_GYM.profileId}/${request.requestId}`;
    expect(await callAs(app, 'coach', COACH.email, applyPath)).toBe(200);

    // Accepted Gym Requests: choose the coach, shown at their own rate struck through and the fixed £20.
    const choose = section(page, 'Accepted Gym Requests').getByRole('button', { name: /Choose Coach/ });
    await choose.waitFor(SYNC_WAIT);
    await choose.click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Coach' });
    await dialog.waitFor(UI_WAIT);
    expect(await dialog.locator('s').textContent()).toBe(formatHourlyRate(COACH.profile.price));
    expect(await dialog.locator('.coach-choice__price strong').textContent()).toBe('£20');
    await dialog.getByRole('button', { name: `Book ${COACH_NAME}` }).click();

    const checkout = new HostedPaymentPage(page, app.paymentsUrl);
    await checkout.waitFor('checkout');
    expect(await checkout.amount()).toBe('£20');
    await checkout.press('Pay');
    await page.waitForURL((url) => url.pathname === '/userdashboard/privatesessions', UI_WAIT);
    await expect
      .poll(
        async () =>
          (await cards(page, 'Upcoming Sessions').allTextContents()).filter((t) => t.includes('Boxing')).length,
        SYNC_WAIT,
      )
      .toBe(1);
  });
});
