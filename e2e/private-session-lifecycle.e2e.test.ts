import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { BOOKINGS_TEXTS } from '../pwa/src/coach-sessions/coach-bookings-model.ts';
import { BOOKING_TEXTS } from '../pwa/src/private-sessions/bookings-model.ts';
import { DEMO_COACHES, DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { AppPage } from './support/app-page.ts';
import { CoachProfilePage } from './support/coach-profile-page.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { HostedPaymentPage } from './support/payment-pages.ts';
import {
  CoachSessionsPage,
  MemberNotificationsPage,
  SessionCardsPage,
  SYNC_WAIT,
  UI_WAIT,
} from './support/private-session-pages.ts';

const MEMBER = DEMO_MEMBERS[0];
const COACH = DEMO_COACHES[0];
const COACH_NAME = `${COACH.firstName} ${COACH.lastName}`;
/** A free hour of the demo coach on Mondays (seed-availability.ts); next week's is always days ahead. */
const FREE_SLOT = { abbreviation: 'Mon', hour: 12 };

/**
 * Issue 12 end to end, each party in its own browser: a member asks for a coach's slot, the coach
 * accepts on PT Requests, the member pays on the hosted checkout, and the session is on the member's,
 * the coach's (offline too) and the gym's Bookings; the coach cancels with 'Cancel PT', the member
 * is refunded in full at the provider, every list drops the session and the member's Notifications
 * tell of the accept and the cancellation (offline too).
 */
describe('a private session from request to the coach’s cancellation, across member, coach and gym', () => {
  const e2e = setUpAppAndBrowser();

  async function signedIn(path: string, kind: 'user' | 'coach' | 'gym', email: string): Promise<Page> {
    const page = await e2e.newPage();
    await openSignedIn(page, path, kind, email);
    return page;
  }

  const memberBooking = async () =>
    (await e2e.app.tenantDocs<BookingDoc>('member', MEMBER.profileId)).find((d) => d.type === 'booking');

  it(
    'requests, accepts, pays, lists for all three, cancels, refunds and tells the member',
    { timeout: 300_000 },
    async () => {
      // The member asks for next week's free Monday hour.
      const memberPage = await signedIn('/userdashboard', 'user', MEMBER.email);
      const profile = new CoachProfilePage(memberPage);
      await profile.open(`/coaches/${COACH.profileId}`);
      await profile.requestNextWeekSlot(FREE_SLOT, DEMO_GYM.gymName, 'Beginner');
      await expect.poll(() => profile.notice(), UI_WAIT).toBe('Request Sent');
      const member = new SessionCardsPage(memberPage);
      const notices = new MemberNotificationsPage(memberPage);
      await memberPage.goto('/userdashboard/privatesessions/coachrequests');
      await expect.poll(() => member.cardTexts('Requested'), SYNC_WAIT).toEqual([expect.stringContaining(COACH_NAME)]);
      expect(await notices.bellLabel()).toBe('Notifications');

      // The coach accepts on PT Requests ('Accept Session').
      const coachPage = await signedIn('/coachdashboard/sessionrequests', 'coach', COACH.email);
      const coach = new CoachSessionsPage(coachPage);
      await expect.poll(() => coach.clients('Requested Sessions'), SYNC_WAIT).toEqual([MEMBER.firstName]);
      await coach.accept(MEMBER.firstName);
      await expect.poll(() => coach.status(), UI_WAIT).toBe('Session Accepted');

      // The member's device hears it: the bell counts it, and 'Complete Request' goes to the checkout.
      const complete = member.section('Accepted').getByRole('button', { name: /Complete Request/ });
      await complete.waitFor(SYNC_WAIT);
      await expect.poll(() => notices.bellLabel(), SYNC_WAIT).toBe('Notifications, 1 new');
      await complete.click();
      const checkout = new HostedPaymentPage(memberPage, e2e.app.paymentsUrl);
      await checkout.waitFor('checkout');
      await checkout.press('Pay');
      await memberPage.waitForURL((url) => url.pathname === '/userdashboard/privatesessions', UI_WAIT);
      await expect.poll(() => memberBooking(), SYNC_WAIT).toMatchObject({ cancelled: false, coachId: COACH.profileId });
      const booking = (await memberBooking())!;

      // On all three Bookings pages.
      await memberPage.goto('/userdashboard/bookings');
      await expect
        .poll(() => member.cardTexts('Upcoming Sessions'), SYNC_WAIT)
        .toEqual([expect.stringContaining(COACH_NAME)]);
      const gymPage = await signedIn('/gymdashboard/bookings', 'gym', DEMO_GYM.email);
      const gym = new SessionCardsPage(gymPage);
      await expect
        .poll(() => gym.cardTexts('Upcoming Sessions'), SYNC_WAIT)
        .toEqual([expect.stringContaining(MEMBER.firstName)]);
      // The gym's Visitors list the member with the session (it said "None yet" for every member: issue 24).
      await gymPage.goto('/gymdashboard/visitors');
      const visitor = gymPage.locator('.visitors__item').filter({ hasText: MEMBER.firstName });
      await expect
        .poll(
          () => visitor.locator('.visitors__heading:has-text("Private Sessions") + ul li').allTextContents(),
          SYNC_WAIT,
        )
        .toEqual([
          `${formatWallClock(booking.startTime, DATE_FORMATS.medium)} at ${formatWallClock(booking.startTime, DATE_FORMATS.time)}`,
        ]);
      await gymPage.goto('/gymdashboard/bookings');
      await coachPage.goto('/coachdashboard/bookings');
      await expect.poll(() => coach.clients(/^Upcoming Sessions/), SYNC_WAIT).toEqual([MEMBER.firstName]);

      // The coach on the go: offline, the page opens from the device and cancelling waits for a connection.
      const coachShell = new AppPage(coachPage);
      await coachShell.waitForActiveServiceWorker();
      await coachPage.context().setOffline(true);
      try {
        await coachShell.reload();
        await expect.poll(() => coach.heading('Upcoming Sessions'), UI_WAIT).toBe('Upcoming Sessions (1 Session)');
        expect(await coach.clients(/^Upcoming Sessions/)).toEqual([MEMBER.firstName]);
        expect(await coachPage.getByText(BOOKINGS_TEXTS.offline).count()).toBe(1);
        expect(await coachPage.getByRole('button', { name: 'Cancel PT' }).isDisabled()).toBe(true);
      } finally {
        await coachPage.context().setOffline(false);
      }

      // Online again, the coach cancels ('Cancel PT'): the member is refunded in full at the provider.
      await expect.poll(() => coachPage.getByRole('button', { name: 'Cancel PT' }).isEnabled(), UI_WAIT).toBe(true);
      expect(await coach.cancelUpcoming(MEMBER.firstName)).toContain(`Cancel PT with ${MEMBER.firstName}?`);
      await expect
        .poll(() => coach.status(), UI_WAIT)
        .toBe(`${BOOKINGS_TEXTS.cancelled}. The client will be refunded in full.`);
      await expect.poll(() => coach.heading('Upcoming Sessions'), SYNC_WAIT).toBe('Upcoming Sessions (0 Sessions)');
      expect(await memberBooking()).toMatchObject({ cancelled: true, cancelledBy: 'coach' });
      const payment = await e2e.app.paymentRecord(booking.paymentId);
      const refunds = Object.entries(payment?.refunds ?? {});
      expect(refunds.map(([, r]) => r.amountPence)).toEqual([booking.pricePence]);
      const atProvider = await e2e.app.providerRefund(refunds[0][0]);
      expect({ amount: atProvider.amount, status: atProvider.status }).toEqual({
        amount: booking.pricePence,
        status: 'succeeded',
      });
      expect(atProvider.payment_intent).toBe(payment?.paymentIntentId);

      // Every list drops it.
      await expect
        .poll(() => member.section('Upcoming Sessions').textContent(), SYNC_WAIT)
        .toContain(BOOKING_TEXTS.noUpcoming);
      await expect
        .poll(() => gym.section('Upcoming Sessions').textContent(), SYNC_WAIT)
        .toContain(BOOKING_TEXTS.noUpcoming);

      // The member's Notifications: the bell counts both events; the page lists the cancellation first.
      await expect.poll(() => notices.bellLabel(), SYNC_WAIT).toBe('Notifications, 2 new');
      await notices.openFromBell();
      await expect
        .poll(() => notices.texts(), UI_WAIT)
        .toEqual([
          expect.stringMatching(new RegExp(`^${COACH_NAME} cancelled the PT session for .+ at 12:00\\.$`)),
          expect.stringMatching(new RegExp(`^${COACH_NAME} accepted your PT session request for .+ at 12:00\\.`)),
        ]);
      await expect.poll(() => notices.bellLabel(), UI_WAIT).toBe('Notifications');

      // Readable offline, and each one leads to its list.
      const memberShell = new AppPage(memberPage);
      await memberShell.waitForActiveServiceWorker();
      await memberPage.context().setOffline(true);
      try {
        await memberShell.reload();
        await expect.poll(() => notices.texts().then((t) => t.length), UI_WAIT).toBe(2);
      } finally {
        await memberPage.context().setOffline(false);
      }
      await notices.follow('cancelled the PT session', 'Private Sessions');
      await memberPage.waitForURL((url) => url.pathname === '/userdashboard/privatesessions', UI_WAIT);
    },
  );
});
