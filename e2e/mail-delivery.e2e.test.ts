import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { formatPence } from '@mastr/rules/money.ts';
import { DEMO_GYM, DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import type { ReceivedMail } from '../sync-server/src/test-support/smtp-inbox.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { DayPassBookingPage, HostedPaymentPage, PaidPassesPage, settleInstalledApp } from './support/payment-pages.ts';

const MEMBER = DEMO_MEMBERS[0];
const PASSES_PATH = '/userdashboard/daypasses';
const GYM_PATH = `/gyms/${DEMO_GYM.profileId}`;
const UI_WAIT = { timeout: 15_000, interval: 100 };
const SYNC_WAIT = { timeout: 30_000, interval: 250 };
/** Bounds a wait for a mail to travel outbox → nodemailer → the SMTP server. */
const MAIL_WAIT = { timeout: 30_000, interval: 250 };

const calendarOf = (mail: ReceivedMail) => {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!part) throw new Error(`no calendar part in '${mail.subject}'`);
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
};

/**
 * Mail as a member gets it (issue 26), in Chromium against the real server, with nodemailer
 * delivering the durable outbox to a real SMTP server on loopback: a day pass bought on the hosted
 * checkout brings a receipt with the entry code (text and inline QR), a calendar entry for the day
 * and a link back to the passes page; cancelling it brings the matching CANCEL.
 */
describe('mail delivered to a real SMTP server', () => {
  const e2e = setUpAppAndBrowser({ smtp: true });
  const mailsTo = (email: string, subject: string) =>
    e2e.app.smtpInbox().filter((m) => m.envelopeTo.includes(email) && m.subject === subject);

  it(
    'a day pass bought in the app: the receipt with code, QR and calendar entry; its link opens the pass; cancelling sends the CANCEL',
    { timeout: 180_000 },
    async () => {
      const tomorrow = addDaysToKey(ukDateKey(), 1);
      const passes = new PaidPassesPage(await e2e.newPage());
      await openSignedIn(passes.page, PASSES_PATH, 'user', MEMBER.email);
      await settleInstalledApp(passes);
      await passes.syncBar.waitForInSync();

      const gym = new DayPassBookingPage(passes.page);
      await gym.open(GYM_PATH);
      await gym.bookDayPass(tomorrow);
      const checkout = new HostedPaymentPage(passes.page, e2e.app.paymentsUrl);
      await checkout.waitFor('checkout');
      await checkout.press('Pay');
      await passes.page.waitForURL((url) => url.origin === e2e.app.url && url.pathname === PASSES_PATH, UI_WAIT);
      const passId = await checkoutPassId(new URL(passes.page.url()).searchParams.get('session_id')!);
      const pass = await expect
        .poll(async () => {
          const docs = await e2e.app.tenantDocs<DayPassDoc>('member', MEMBER.profileId);
          return docs.find((d) => d.type === 'day-pass' && d.passId === passId);
        }, SYNC_WAIT)
        .toBeDefined()
        .then(async () =>
          (await e2e.app.tenantDocs<DayPassDoc>('member', MEMBER.profileId)).find((d) => d.passId === passId)!,
        );
      const code = pass.idCode.toUpperCase();

      // The receipt, once, as the member's mail client reads it.
      const subject = 'Your Mastr day pass: receipt and entry code';
      await expect.poll(() => mailsTo(MEMBER.email, subject).length, MAIL_WAIT).toBe(1);
      const receipt = mailsTo(MEMBER.email, subject)[0]!;
      expect(receipt.text).toContain(DEMO_GYM.gymName);
      expect(receipt.text).toContain(code);
      expect(receipt.text).toContain(formatPence(DEMO_GYM.profile.adultDayPassPrice!));
      const qr = receipt.attachments.find((a) => a.contentType === 'image/png');
      expect(qr?.cid).toBeTruthy();
      // mailparser inlines an image the HTML shows by its cid: proof the HTML refers to this one.
      expect(receipt.html).toContain(`data:image/png;base64,${qr!.content.toString('base64').slice(0, 40)}`);
      expect(qr!.content.subarray(1, 4).toString('latin1')).toBe('PNG');
      const booked = calendarOf(receipt);
      expect(booked.method).toBe('REQUEST');
      expect(booked.event.uid).toBe(`pass-${passId}@mastr.app`);
      expect(booked.event.startDate.toString()).toBe(tomorrow);

      // The mail's link opens the member's passes, where the pass is.
      const link = `${e2e.app.url}${PASSES_PATH}`;
      expect(receipt.text.split('\n')).toContain(link);
      await passes.page.goto(link);
      const card = passes.cardWithCode(code);
      await expect.poll(() => card.count(), SYNC_WAIT).toBe(1);

      // Cancelled from that page: the mail that follows removes the calendar entry the receipt added.
      await card.getByRole('button', { name: /^Cancel\b/ }).click();
      const dialog = passes.page.getByRole('dialog', { name: 'Cancel Day Pass' });
      await dialog.getByRole('button', { name: 'Cancel Day Pass', exact: true }).click();
      await expect.poll(() => passes.statusLine(), UI_WAIT).toMatch(/refunded in full/);
      const cancelSubject = 'Your Mastr day pass is cancelled';
      await expect.poll(() => mailsTo(MEMBER.email, cancelSubject).length, MAIL_WAIT).toBe(1);
      const cancelMail = mailsTo(MEMBER.email, cancelSubject)[0]!;
      expect(cancelMail.text).toContain(DEMO_GYM.gymName);
      const cancelled = calendarOf(cancelMail);
      expect(cancelled.method).toBe('CANCEL');
      expect(cancelled.event.uid).toBe(`pass-${passId}@mastr.app`);
    },
  );
});
