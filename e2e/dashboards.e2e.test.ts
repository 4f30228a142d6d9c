import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkInDecisions } from '@mastr/rules/check-in-decisions.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { bookingDocId } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc, CheckInDoc, CheckInOutcomeDoc, DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_GYMS, DEMO_MEMBERSHIPS } from '../sync-server/src/seed/demo-data.ts';
import { linkIn, SignInScreen } from './support/account-pages.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { CspWatch } from './support/csp-watch.ts';
import { DashboardHomePage } from './support/dashboard-home-page.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { FrontDeskPage } from './support/front-desk-page.ts';
import { GymAnalyticsPage } from './support/gym-analytics-page.ts';

const UI_WAIT = { timeout: 15_000, interval: 100 };
const SYNC_WAIT = { timeout: 45_000, interval: 250 };
const GYM_PODS = [
  'Gym Status',
  'Mastr Class Status',
  'Account',
  'Day Passes Today',
  'Coaches',
  "Today's Bookings",
  'Requests',
  'Mastr Passes Today',
  'Notifications',
];
const COACH_PODS = ['Coach Status', 'Registered Gyms', "Today's Bookings", 'Analytics', 'Account', 'Notifications'];
const PASSWORD = 'Str0ng#Pass';

/**
 * The gym and coach homes (issue 9) and the gym's analytics in Chromium against the real server,
 * under the app's Content-Security-Policy: the demo gym's nine pods with the figures the seed
 * implies, the go-live checklist of new accounts, and the analytics chart drawn from the device's
 * copy, also with the server gone.
 */
describe('dashboard homes and gym analytics', () => {
  const e2e = setUpAppAndBrowser();
  const csp = new CspWatch();
  const violations = csp.violations;

  /** A fresh device whose every document records CSP violations (as e2e/csp.e2e.test.ts does). */
  async function newWatchedPage(): Promise<Page> {
    const context = await e2e.newContext();
    return csp.newPage(context);
  }

  const collectViolations = (page: Page) => csp.collect(page);

  const gymDocs = <T extends { _id: string }>() => e2e.app.tenantDocs<T>('gym', DEMO_GYM.profileId);
  const today = () => ukDateKey();

  /** What the seed put at the demo gym for today, read from CouchDB. */
  async function seededToday() {
    const docs = await gymDocs<DayPassDoc | MastrPassDoc>();
    const dayPasses = docs.filter((d): d is DayPassDoc => d.type === 'day-pass');
    return {
      dayPasses: dayPasses.filter((d) => d.dayDateStart.startsWith(today()) && !d.cancelled && !d.expired).length,
      mastrPasses: docs.filter(
        (d) => d.type === 'mastr-pass' && (d.dateAndTimeStart ?? '').startsWith(today()) && !d.expired,
      ).length,
      soldToday: dayPasses.filter((d) => !d.cancelled && ukDateKey(new Date(d.createdAt)) === today()).length,
      soldInTotal: dayPasses.filter((d) => !d.cancelled).length,
    };
  }

  const memberships = (state: 'registered' | 'pending') =>
    DEMO_MEMBERSHIPS.filter((m) => m.gymId === DEMO_GYM.profileId && m.state === state).length;

  /** Registers and verifies an account through the API, as the wizard and the mail link would. */
  async function newVerifiedAccount(kind: 'gym' | 'coach'): Promise<string> {
    const email = `${kind}.${Date.now()}@example.co.uk`;
    const names = kind === 'gym' ? { gymName: 'Fresh Start Gym' } : { firstName: 'Robin', lastName: 'Lee' };
    const mobile = kind === 'gym' ? '07700 900771' : '07700 900772';
    const answer = await fetch(`${e2e.app.url}/api/register/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...names, email, mobile, pwd: PASSWORD, termsOfUseAccepted: true }),
    });
    expect(answer.status, await answer.text()).toBe(201);
    await expect.poll(() => e2e.app.outbox().some((m) => m.to === email), UI_WAIT).toBe(true);
    const link = new URL(linkIn(e2e.app.outbox().find((m) => m.to === email)!.text, e2e.app.url));
    const verified = await fetch(`${e2e.app.url}/api${link.pathname}`);
    expect(verified.status).toBe(200);
    return email;
  }

  async function signInAs(page: Page, kind: AccountKind, email: string, path: string): Promise<void> {
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForURL(`**/auth/${kind}`, { timeout: 15_000 });
    await new SignInScreen(page).signIn(email, PASSWORD, true);
    await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  }

  it("shows the demo gym's nine pods with the figures the seed implies", { timeout: 120_000 }, async () => {
    const expected = await seededToday();
    expect(expected.dayPasses).toBeGreaterThan(0);
    const home = new DashboardHomePage(await newWatchedPage());
    await openSignedIn(home.page, '/gymdashboard', 'gym', DEMO_GYM.email);

    expect(await home.podTitles()).toEqual(GYM_PODS);
    await expect.poll(() => home.podCount('Day Passes Today'), UI_WAIT).toBe(expected.dayPasses);
    await expect.poll(() => home.podCount('Mastr Passes Today'), UI_WAIT).toBe(expected.mastrPasses);
    await expect.poll(() => home.podCount('Coaches'), UI_WAIT).toBe(memberships('registered'));
    await expect.poll(() => home.podCount('Requests'), UI_WAIT).toBe(memberships('pending'));
    expect(await home.podText('Requests')).toContain('1 coach asks to join.');
    // The seed books no PT session today: the pod says so, without a made-up number.
    expect(await home.podText("Today's Bookings")).toBe('No sessions booked today.');
    expect(await home.podText('Notifications')).toBe('No alerts.');
    expect(await home.podText('Mastr Class Status')).toBe('Active');
    expect(await home.podText('Account')).toMatch(/^Current Plan /);
    expect(await home.podLink('Day Passes Today')).toBe('/gymdashboard/daypasses/today');
    expect(await home.podLink('Requests')).toBe('/gymdashboard/management');

    // The checklist shows exactly while the gym is not Active or not subscribed, each step a link to its page.
    const status = await home.podText('Gym Status');
    if (status === 'Active' && /Basic/.test(await home.podText('Account'))) {
      expect(await home.checklist().count()).toBe(0);
    } else {
      const steps = await home.checklistSteps();
      expect(steps.length).toBeGreaterThan(0);
      for (const [href] of steps)
        expect(['/gymdashboard/account', '/gymdashboard/schedule', '/gymdashboard/stripe']).toContain(href);
    }
    await collectViolations(home.page);
    expect(violations).toEqual([]);
  });

  it(
    'lists what a new gym and a new coach still need to go live, each step linking to its page',
    { timeout: 120_000 },
    async () => {
      const gymHome = new DashboardHomePage(await newWatchedPage());
      await signInAs(gymHome.page, 'gym', await newVerifiedAccount('gym'), '/gymdashboard');
      await gymHome.checklist().waitFor({ timeout: 15_000 });
      expect(await gymHome.checklistSteps()).toEqual([
        ['/gymdashboard/account', 'Add your address'],
        ['/gymdashboard/account', 'Set your adult day pass price'],
        ['/gymdashboard/account', 'Set your kids day pass price'],
        ['/gymdashboard/schedule', 'Add a class members can book to your Default Schedule'],
        ['/gymdashboard/stripe', 'Set up payments with Stripe'],
        ['/gymdashboard/stripe', 'Choose the Basic plan so members can find your gym'],
      ]);
      expect(await gymHome.podText('Gym Status')).toBe('Inactive');
      // '…' while the device opens its copy, then the count.
      await expect.poll(() => gymHome.podCount('Day Passes Today'), UI_WAIT).toBe(0);
      expect(await gymHome.podText('Coaches')).toContain('No Coaches Registered to your Gym.');
      // A step opens its page.
      await gymHome.checklist().getByRole('link', { name: 'Set up payments with Stripe' }).click();
      await gymHome.page.waitForURL('**/gymdashboard/stripe');
      await collectViolations(gymHome.page);

      const coachHome = new DashboardHomePage(await newWatchedPage());
      await signInAs(coachHome.page, 'coach', await newVerifiedAccount('coach'), '/coachdashboard');
      await coachHome.checklist().waitFor({ timeout: 15_000 });
      const banner = coachHome.checklist().locator('.go-live__banner');
      expect((await banner.textContent())?.trim()).toBe('You have not finished signing up.');
      expect(await coachHome.checklistSteps()).toEqual([
        ['/coachdashboard/account', 'Choose your discipline'],
        // A new coach starts with 'No Preference', one of §9's session preferences.
        ['/coachdashboard/account', 'Set your hourly price'],
        ['/coachdashboard/stripe', 'Submit your payments details with Stripe'],
      ]);
      expect(await coachHome.podTitles()).toEqual(COACH_PODS);
      expect(await coachHome.podText('Registered Gyms')).toBe('You are not registered to any gyms.');
      await collectViolations(coachHome.page);
      expect(violations).toEqual([]);
    },
  );

  it("shows a demo coach's registered gyms on the coach home", { timeout: 120_000 }, async () => {
    const [jordan] = DEMO_COACHES;
    // A session a week ago, as the payment webhook writes it: the Analytics chart draws it from the device.
    const lastWeek = addDaysToKey(ukDateKey(new Date()), -7);
    const session: BookingDoc = {
      _id: bookingDocId('e2e0000000000000000dash1'),
      type: 'booking',
      bookingId: 'e2e0000000000000000dash1',
      source: 'coach-request',
      startTime: `${lastWeek}T10:00:00`,
      endTime: `${lastWeek}T11:00:00`,
      clientName: 'Alex',
      userProfile_id: 'e2e0000000000000000memb1',
      coachId: jordan.profileId,
      coachFullName: `${jordan.firstName} ${jordan.lastName}`,
      gymId: DEMO_GYM.profileId,
      gymName: DEMO_GYM.gymName,
      discipline: 'Boxing',
      experienceLevel: 'Beginner',
      pricePence: 4000,
      coachReceivesPence: 3000,
      paymentId: 'e2e-pay-dash1',
      slotClaimId: 'slot-claim:e2e',
      cancelled: false,
      cancelledAt: null,
      cancelledBy: null,
      createdAt: new Date().toISOString(),
    };
    await e2e.app.putTenantDoc('coach', jordan.profileId, session);
    const gymNames = DEMO_MEMBERSHIPS.filter((m) => m.coachId === jordan.profileId && m.state === 'registered').map(
      (m) => DEMO_GYMS.find((g) => g.profileId === m.gymId)!.gymName,
    );
    const home = new DashboardHomePage(await newWatchedPage());
    await openSignedIn(home.page, '/coachdashboard', 'coach', jordan.email);
    expect(await home.podTitles()).toEqual(COACH_PODS);
    await expect
      .poll(() => home.pod('Registered Gyms').locator('.pod-gyms li').allInnerTexts(), UI_WAIT)
      .toEqual(gymNames.slice(0, 2).map((name) => expect.stringContaining(name)));
    expect(await home.pod('Registered Gyms').locator('.avatar').count()).toBe(Math.min(2, gymNames.length));
    expect(await home.podLink('Registered Gyms')).toBe('/coachdashboard/management');
    // From the bookings on the device, as the Bookings page lists them (they arrive with the first sync).
    await expect.poll(() => home.podText("Today's Bookings"), UI_WAIT).toBe('No sessions booked today.');
    await expect
      .poll(() => home.pod('Analytics').locator('figcaption').textContent(), UI_WAIT)
      .toBe('1 session and £30 earned in the last 8 weeks');
    await collectViolations(home.page);
    expect(violations).toEqual([]);
  });

  it("draws the gym's analytics from its device, and again with the server gone", { timeout: 240_000 }, async () => {
    const seeded = await seededToday();
    const desk = new FrontDeskPage(await newWatchedPage());
    await openSignedIn(desk.page, '/gymdashboard/daypasses/today', 'gym', DEMO_GYM.email);
    await desk.waitForActiveServiceWorker();
    await desk.syncBar.waitForInSync();

    // A check-in at the front desk, which the server counts once it arrives.
    await desk.tapCheckIn('Alex');
    await expect.poll(() => desk.listMessage(), UI_WAIT).toMatch(/^Checked In\. /);
    await desk.syncBar.waitForInSync(SYNC_WAIT.timeout);
    // Counted ones as every reader tells them: on their pass, or (written before decision 197) by an outcome document.
    const docs = await gymDocs<CheckInDoc | CheckInOutcomeDoc | DayPassDoc | MastrPassDoc>();
    const decisions = checkInDecisions(
      docs.filter((d): d is DayPassDoc | MastrPassDoc => d.type === 'day-pass' || d.type === 'mastr-pass'),
      docs.filter((d): d is CheckInOutcomeDoc => d.type === 'check-in-outcome'),
    );
    const countedToday = docs.filter(
      (d) =>
        d.type === 'check-in' &&
        decisions.get(d._id)?.outcome === 'counted' &&
        ukDateKey(new Date(d.checkedInAt)) === today(),
    ).length;
    expect(countedToday).toBeGreaterThanOrEqual(1);

    // The nav entry opens the page (its chunk, with chart.js, loads then).
    await desk.page.locator('.dash-nav').getByRole('link', { name: 'Analytics', exact: true }).click();
    await desk.page.waitForURL('**/gymdashboard/analytics');
    const analytics = new GymAnalyticsPage(desk.page);
    const chartName = await analytics.waitForChart();
    const rows = await analytics.rows();
    expect(rows).toHaveLength(28);
    expect(rows[0]).toEqual({ date: today(), checkIns: countedToday, dayPassSales: seeded.soldToday });
    expect(await analytics.totals()).toEqual({ checkIns: countedToday, dayPassSales: seeded.soldInTotal });
    expect(chartName).toBe(await analytics.summary());
    expect(chartName).toContain(`${countedToday} check-in`);
    await collectViolations(desk.page);

    // The server goes away: a cold start of the page draws the same figures from the device.
    await e2e.app.stopHapiOnly();
    await analytics.reload();
    expect(await analytics.isControlledByServiceWorker()).toBe(true);
    await analytics.waitForChart();
    expect(await analytics.rows()).toEqual(rows);
    await desk.syncBar.waitForOffline();
    await collectViolations(desk.page);

    // So do the home's pods that read the device's copy.
    const home = new DashboardHomePage(desk.page);
    await home.open('/gymdashboard');
    await expect.poll(() => home.podCount('Day Passes Today'), UI_WAIT).toBe(seeded.dayPasses);
    await expect.poll(() => home.podCount('Mastr Passes Today'), UI_WAIT).toBe(seeded.mastrPasses);
    await collectViolations(home.page);
    expect(violations).toEqual([]);
    await e2e.app.restart();
  });
});
