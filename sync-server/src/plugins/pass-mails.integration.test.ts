import ICAL from 'ical.js';
import QRCode from 'qrcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { passNotificationDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { tenantDbName } from '../couch/databases.ts';
import { givenAccount } from '../test-support/sign-in-helpers.ts';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.ts';
import {
  buyDayPass,
  buyMastrPass,
  dayPasses,
  checkoutMastrPass,
  checkoutSessionIdOf,
  deliverEvent,
  givenPayingMember,
  givenSellingGym,
  mastrPasses,
  payWithoutDelivery,
} from '../test-support/payment-fixtures.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { bearerFor, givenDayPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * The pass mails (design/mail.md "Pass mails"), through the real calls, Stripe webhooks and
 * embedded CouchDB, delivered by nodemailer to a real SMTP server on loopback: who gets what, the
 * subject, the text, the entry code's QR and the `.ics` read back by ical.js. The clock stands on a
 * Friday; the gym's Mastr class is on Saturdays at 10:00 (UK, GMT in November).
 */
const FRIDAY = new Date('2026-11-20T10:00:00Z');
const DAY = '2026-11-25';
const NEXT = '2026-11-21T10:00:00';
const FOLLOWING = '2026-11-28T10:00:00';

type Received = SmtpInbox['received'][number];

function calendarOf(mail: Received) {
  const part = mail.attachments.find((a) => a.contentType === 'text/calendar');
  expect(part, `an .ics in '${mail.subject}'`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
}

describe('pass mails, delivered to a real SMTP server', () => {
  let inbox: SmtpInbox;
  let stack: TestStack;
  let gymId: string;
  let asGym: Record<string, string>;
  let classes: MastrClassOption[];

  /** Every mail to `to` once the outboxes are idle, waiting (up to 10 s) for at least `count`. */
  async function mailsTo(to: string, count = 1): Promise<Received[]> {
    for (let i = 0; ; i += 1) {
      await stack.outbox();
      const mails = inbox.received.filter((m) => m.envelopeTo.includes(to));
      if (mails.length >= count || i >= 100) return mails;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The gym's Mastr class on Saturdays at 10:00: its next two classes. */
  async function activateSaturdayClass(headers: Record<string, string>): Promise<MastrClassOption[]> {
    const res = await stack.server.inject({
      method: 'POST',
      url: '/api/me/gyms/mastrclass/activate',
      headers,
      payload: { selectedDay: 6, selectedTime: 36000 },
    });
    expect(res.statusCode, res.payload).toBe(200);
    return JSON.parse(res.payload).mastrClassAvailability as MastrClassOption[];
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startTestStack({ smtpUrl: inbox.url });
    stack.clock.now = FRIDAY;
    gymId = await givenSellingGym(stack);
    asGym = await bearerFor(stack, 'gym', gymId);
    classes = await activateSaturdayClass(asGym);
    expect(classes.map((c) => c.classDateAndTime)).toEqual([NEXT, FOLLOWING]);
  });
  beforeEach(async () => {
    stack.clock.now = FRIDAY;
    await stack.outbox();
    inbox.received.length = 0;
  });
  afterAll(async () => {
    await stack.stop();
    await inbox.stop();
  });

  it('a day pass bought: one receipt to the member (none to the gym), with the QR of the entry token and the whole day in the calendar, however often the webhook comes', async () => {
    const member = await givenPayingMember(stack);
    const { pass, sessionId } = await buyDayPass(stack, gymId, member, DAY);
    const [receipt, ...more] = await mailsTo(member.email);
    expect(more).toEqual([]);
    expect(receipt.envelopeTo).toEqual([member.email]);
    expect(receipt.subject).toBe('Your Mastr day pass: receipt and entry code');
    const code = pass.idCode.toUpperCase();
    expect(receipt.text).toContain('Thank you for buying your Adult Day Pass');
    expect(receipt.text).toContain(`Gym: ${pass.gymName}`);
    expect(receipt.text).toContain('Day: Wednesday 25th November 2026');
    expect(receipt.text).toContain('Amount paid: £15');
    expect(receipt.text).toContain(`Entry code: ${code}`);
    expect(receipt.text.split('\n')).toContain(`${stack.config.publicUrl}/userdashboard/daypasses`);
    expect(receipt.text).toContain('sent whatever your email choices');

    // The QR inline, by cid, encoding the signed entry token exactly as the PWA's code does.
    const qr = receipt.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBe(`entry-code-${pass.passId}`);
    // mailparser resolves the HTML's cid: reference to the attachment, as a mail client shows it.
    expect(receipt.html).toContain(
      `src="data:image/png;base64,${qr!.content.toString('base64')}" alt="QR code for entry code ${code}"`,
    );
    const [memberCopy] = (await dayPasses(stack, 'member', member.memberId)).filter((p) => p.passId === pass.passId);
    expect(
      qr!.content.equals(
        await QRCode.toBuffer(memberCopy.entryToken, { type: 'png', errorCorrectionLevel: 'L', margin: 3, width: 400 }),
      ),
    ).toBe(true);

    const { method, event } = calendarOf(receipt);
    expect(method).toBe('REQUEST');
    expect(event.uid).toBe(`pass-${pass.passId}@mastr.app`);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(DAY);
    expect(event.summary).toBe(`Adult Day Pass: ${pass.gymName}`);

    // Stripe delivers the same event again, to the other instance too: no second receipt.
    const completed = stack.provider
      .deliveries()
      .find(
        (d) =>
          d.event.type === 'checkout.session.completed' && (d.event.data.object as { id: string }).id === sessionId,
      )!;
    const other = await stack.startInstance();
    expect((await deliverEvent(stack, JSON.stringify(completed.event))).statusCode).toBe(200);
    expect(
      (await deliverEvent(stack, JSON.stringify({ ...completed.event, id: `${completed.event.id}_again` }), other))
        .statusCode,
    ).toBe(200);
    expect((await mailsTo(member.email)).map((m) => m.subject)).toEqual([receipt.subject]);
    // The gym hears of sales on its dashboard, not by mail (decision 91).
    expect(inbox.received.filter((m) => m.envelopeTo.includes(`gym-${gymId}@example.com`))).toEqual([]);
  });

  it('a day pass cancelled by the gym: the notification and one mail with the refund and the CANCEL; by the member: the CANCEL too', async () => {
    const member = await givenPayingMember(stack);
    const { pass } = await buyDayPass(stack, gymId, member, DAY);
    await mailsTo(member.email);
    const cancelAsGym = () =>
      stack.server.inject({ method: 'POST', url: `/api/booking/gym/cancel_day_pass/${pass.passId}`, headers: asGym });
    expect((await cancelAsGym()).statusCode).toBe(200);
    expect((await cancelAsGym()).statusCode).toBe(400);
    const mails = await mailsTo(member.email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Mastr day pass: receipt and entry code',
      'Your Mastr day pass was cancelled by the gym',
    ]);
    const cancelled = mails[1];
    expect(cancelled.text).toContain(
      `${pass.gymName} has cancelled your Adult Day Pass for Wednesday 25th November 2026. Its entry code no longer works.`,
    );
    expect(cancelled.text).toContain('You have been refunded £15 in full to the card you paid with');
    const { method, event } = calendarOf(cancelled);
    expect(method).toBe('CANCEL');
    expect(event.uid).toBe(`pass-${pass.passId}@mastr.app`);
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.sequence).toBe(1);
    const note = await stack.couch
      .use<NotificationDoc>(tenantDbName('member', member.memberId))
      .get(passNotificationDocId('day-pass-cancelled-by-gym', pass.passId));
    expect(note).toMatchObject({ event: 'day-pass-cancelled-by-gym', refundedPence: 1500 });

    const second = await buyDayPass(stack, gymId, member, DAY);
    const mine = await stack.server.inject({
      method: 'POST',
      url: `/api/booking/user/cancel_day_pass/${second.pass.passId}`,
      headers: member.headers,
    });
    expect(mine.statusCode, mine.payload).toBe(200);
    const own = (await mailsTo(member.email, 4)).find((m) => m.subject === 'Your Mastr day pass is cancelled')!;
    expect(own).toBeDefined();
    expect(own.text).toContain('You have been refunded £15 in full');
    expect(calendarOf(own)).toMatchObject({ method: 'CANCEL' });
    expect(calendarOf(own).event.uid).toBe(`pass-${second.pass.passId}@mastr.app`);
  });

  it('a Mastr Class pass: receipt with the class hour, the class cancelled by the gym (CANCEL), booked into another (REQUEST), cancelled by the member with the refund', async () => {
    const member = await givenPayingMember(stack);
    const pass = await buyMastrPass(stack, gymId, member, classes[0]!);
    const [receipt] = await mailsTo(member.email);
    expect(receipt.subject).toBe('Your Mastr Class pass: receipt and entry code');
    expect(receipt.text).toContain('Class: Saturday 21st November 2026 at 10:00');
    expect(receipt.text).toContain('Amount paid: £1');
    expect(receipt.text).toContain(`Entry code: ${pass.idCode.toUpperCase()}`);
    expect(receipt.text.split('\n')).toContain(`${stack.config.publicUrl}/userdashboard/daypasses/mastr`);
    expect(receipt.attachments.some((a) => a.cid === `entry-code-${pass.passId}`)).toBe(true);
    const booked = calendarOf(receipt);
    expect(booked.method).toBe('REQUEST');
    expect(booked.event.uid).toBe(`pass-${pass.passId}-202611211000@mastr.app`);
    expect(booked.event.startDate.toJSDate().toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(booked.event.endDate.toJSDate().toISOString()).toBe('2026-11-21T11:00:00.000Z');

    const cancel = await stack.server.inject({
      method: 'POST',
      url: `/api/me/gyms/mastrclass/active/${classes[0]!._id}/cancel`,
      headers: asGym,
    });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    const classGone = (await mailsTo(member.email, 2))[1];
    expect(classGone.subject).toBe('Mastr Class cancelled: Saturday 21st November');
    expect(classGone.text).toContain(
      `${pass.gymName} has cancelled the Mastr Class on Saturday 21st November 2026 at 10:00.`,
    );
    expect(classGone.text).toContain('Your pass is kept: book it into another class, or cancel it for a full refund.');
    const withdrawn = calendarOf(classGone);
    expect(withdrawn.method).toBe('CANCEL');
    expect(withdrawn.event.uid).toBe(booked.event.uid);

    const assign = await stack.server.inject({
      method: 'POST',
      url: `/api/me/users/mastrpass/${pass.passId}/unassigned/assignclass`,
      headers: member.headers,
      payload: { mastrClassId: classes[1]!._id, mastrClassDate: FOLLOWING },
    });
    expect(assign.statusCode, assign.payload).toBe(200);
    const rebooked = (await mailsTo(member.email, 3))[2];
    expect(rebooked.subject).toBe('Mastr Class booked: Saturday 28th November');
    expect(rebooked.text).toContain('Class: Saturday 28th November 2026 at 10:00');
    const added = calendarOf(rebooked);
    expect(added.method).toBe('REQUEST');
    expect(added.event.uid).toBe(`pass-${pass.passId}-202611281000@mastr.app`);
    expect(added.event.startDate.toJSDate().toISOString()).toBe('2026-11-28T10:00:00.000Z');

    const mine = await stack.server.inject({
      method: 'POST',
      url: `/api/booking/user/cancel_mastr_pass/${pass.passId}`,
      headers: member.headers,
    });
    expect(mine.statusCode, mine.payload).toBe(200);
    const ownCancel = (await mailsTo(member.email, 4))[3];
    expect(ownCancel.subject).toBe('Your Mastr Class pass is cancelled');
    expect(ownCancel.text).toContain('for the class on Saturday 28th November 2026 at 10:00');
    expect(ownCancel.text).toContain('You have been refunded £1 in full');
    expect(calendarOf(ownCancel)).toMatchObject({ method: 'CANCEL' });
    expect(calendarOf(ownCancel).event.uid).toBe(added.event.uid);
    expect((await mastrPasses(stack, 'member', member.memberId))[0]).toMatchObject({ cancelled: true });
    expect((await mailsTo(member.email)).length).toBe(4);
  });

  it('nothing to an account whose address was never verified, while its notification is written', async () => {
    const { account } = await givenAccount(stack, 'user', { verified: false });
    const pass = await givenDayPass(stack, gymId, DAY, { memberId: account.profileId });
    const res = await stack.server.inject({
      method: 'POST',
      url: `/api/booking/gym/cancel_day_pass/${pass.passId}`,
      headers: asGym,
    });
    expect(res.statusCode).toBe(200);
    await stack.outbox();
    expect(inbox.received.filter((m) => m.envelopeTo.includes(account.email))).toEqual([]);
    const note = await stack.couch
      .use<NotificationDoc>(tenantDbName('member', account.profileId))
      .get(passNotificationDocId('day-pass-cancelled-by-gym', pass.passId));
    expect(note.event).toBe('day-pass-cancelled-by-gym');
  });

  it('a Mastr Class cancelled between the checkout and the payment: one receipt that says so, with no calendar entry, and the in-app note', async () => {
    const member = await givenPayingMember(stack);
    const chosen = classes[1]!;
    const url = await checkoutMastrPass(stack, gymId, member, chosen);
    const completed = await payWithoutDelivery(stack, url);
    const cancel = await stack.server.inject({
      method: 'POST',
      url: `/api/me/gyms/mastrclass/active/${chosen._id}/cancel`,
      headers: asGym,
    });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    for (let delivery = 0; delivery < 2; delivery += 1)
      expect((await deliverEvent(stack, completed)).statusCode).toBe(200);

    const passId = await checkoutPassId(checkoutSessionIdOf(url));
    const mails = await mailsTo(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Mastr Class pass: receipt and entry code']);
    const [receipt] = mails;
    expect(receipt.text).toContain('Class: Not booked yet');
    expect(receipt.text).toContain(
      `cancelled the class you chose, on Saturday 28th November 2026 at 10:00, while you were paying. Your pass is kept: book it into another class, or cancel it for a full refund.`,
    );
    expect(receipt.attachments.some((a) => a.contentType === 'text/calendar')).toBe(false);
    const note = await stack.couch
      .use<NotificationDoc>(tenantDbName('member', member.memberId))
      .get(passNotificationDocId('mastr-class-cancelled-by-gym', passId, chosen.classDateAndTime));
    expect(note.sessionStart).toBe(chosen.classDateAndTime);
    expect((await mastrPasses(stack, 'member', member.memberId))[0]).toMatchObject({ dateAndTimeStart: null });
  });

  it('a gym moving its weekly Mastr Class: each member booked into a class that no longer runs gets one "moved" mail with the CANCEL of that class', async () => {
    const movingGym = await givenSellingGym(stack);
    const movingHeaders = await bearerFor(stack, 'gym', movingGym);
    const [next] = await activateSaturdayClass(movingHeaders);
    const member = await givenPayingMember(stack);
    await buyMastrPass(stack, movingGym, member, next!);
    const [receipt] = await mailsTo(member.email);
    const moved = await stack.server.inject({
      method: 'POST',
      url: '/api/me/gyms/mastrclass/default/update',
      headers: movingHeaders,
      payload: { selectedDefaultMastrDay: 7, selectedDefaultMastrTime: 39600 },
    });
    expect(moved.statusCode, moved.payload).toBe(200);
    const mails = await mailsTo(member.email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Mastr Class pass: receipt and entry code',
      'Mastr Class moved: Saturday 21st November',
    ]);
    expect(mails[1].text).toContain(
      'has moved its weekly Mastr Class, so the class on Saturday 21st November 2026 at 10:00 will not run. The next class is on Sunday 22nd November 2026 at 11:00.',
    );
    expect(mails[1].text).toContain('Your pass is kept: book it into the new class, or cancel it for a full refund.');
    expect(calendarOf(mails[1]).method).toBe('CANCEL');
    expect(calendarOf(mails[1]).event.uid).toBe(calendarOf(receipt).event.uid);
  });
});
