import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, NotificationDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { docsWithPrefix, tenantDb, updateDoc } from '../couch/tenant-docs.ts';
import { deliverEvent, payWithoutDelivery } from '../test-support/payment-fixtures.ts';
import {
  acceptedCheckout,
  givenPtCoach,
  givenPtMember,
  inject,
  requestAtGym,
  requestSlot,
} from '../test-support/pt-fixtures.ts';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT).
const NOW = new Date('2026-11-18T10:00:00Z');
const emailOf = (kind: 'user' | 'coach' | 'gym', id: string) => `${kind}-${id}@example.com`;

describe('private-session mails, delivered to a real SMTP server on loopback', () => {
  let stack: TestStack;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startTestStack({ smtpUrl: inbox.url });
    stack.clock.now = NOW;
  });
  afterAll(async () => {
    await stack.stop();
    await inbox.stop();
  });
  afterEach(() => {
    stack.clock.now = NOW;
  });

  /** Every mail delivered so far to `to`, once every instance's outbox has delivered what was due. */
  const mailsTo = async (to: string) => {
    await stack.outbox();
    return inbox.received.filter((m) => m.envelopeTo.includes(to));
  };
  const icsOf = (mail: SmtpInbox['received'][number]) => {
    const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
    return {
      method: calendar.getFirstPropertyValue('method'),
      event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
    };
  };

  it('request, accept, a payment delivered five times on two instances, a coach cancel: each party hears each event once', async () => {
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const [memberMail, coachMail, gymMail] = [
      emailOf('user', member.memberId),
      emailOf('coach', coach.coachId),
      emailOf('gym', coach.gymId),
    ];
    const { request, url } = await acceptedCheckout(stack, coach, member, '2026-11-20');

    const [requested] = await mailsTo(coachMail);
    expect(requested.subject).toBe('New PT session request from Alex Member');
    expect(requested.text).toContain(
      'Alex Member has requested a PT session with you at Iron Temple on Friday 20th November 2026 at 18:00.',
    );
    expect(requested.text).toContain(`${stack.config.publicUrl}/coachdashboard/sessionrequests`);
    // A request alert may be turned off: RFC 8058's one-click headers.
    // mailparser gathers the List-* headers under 'list'.
    expect(requested.headers.get('list')).toMatchObject({
      unsubscribe: { url: expect.stringContaining('/api/mail/unsubscribe/') },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    const [accepted] = await mailsTo(memberMail);
    expect(accepted.subject).toBe('Casey Jones accepted your PT session request');
    expect(accepted.text).toContain(`${stack.config.publicUrl}/userdashboard/privatesessions/coachrequests`);

    // Stripe delivers at least once, in parallel, on any instance.
    const payload = await payWithoutDelivery(stack, url);
    const other = await stack.startInstance();
    const answers = await Promise.all([
      deliverEvent(stack, payload),
      deliverEvent(stack, payload, other),
      deliverEvent(stack, payload, other),
    ]);
    answers.push(await deliverEvent(stack, payload), await deliverEvent(stack, payload, other));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const booked = (to: string) => mailsTo(to).then((mails) => mails.filter((m) => m.subject.includes('booked')));
    const [forMember] = await booked(memberMail);
    const [forCoach] = await booked(coachMail);
    const [forGym] = await booked(gymMail);
    expect((await booked(memberMail)).length + (await booked(coachMail)).length + (await booked(gymMail)).length).toBe(
      3,
    );
    expect(forMember.subject).toBe('Your PT session is booked: Friday 20th November');
    expect(forMember.text).toContain('Amount paid: £45');
    expect(forMember.text).toContain('Gym: Iron Temple, 1 High Street, Leeds, LS1 1AA');
    expect(forMember.headers.has('list')).toBe(false);
    // £45 split as fees.ts does it: Mastr 10%, the gym's space 15%, the coach the rest.
    expect(forCoach.text).toContain(
      "Session price: £45\nMastr fee: £4.50\nGym's space share: £6.75\nYou receive: £33.75",
    );
    expect(forCoach.text).toContain(`${stack.config.publicUrl}/coachdashboard/bookings`);
    expect(forGym.text).toContain('Your space share: £6.75');
    expect(forGym.text).not.toContain('You receive');
    expect(forGym.text).toContain(`${stack.config.publicUrl}/gymdashboard/bookings`);
    for (const mail of [forMember, forCoach, forGym]) {
      const { method, event } = icsOf(mail);
      expect(method).toBe('REQUEST');
      expect(event.uid).toBe(`session-${request.requestId}@mastr.app`);
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-20T18:00:00.000Z');
      expect(event.location).toBe('Iron Temple, 1 High Street, Leeds, LS1 1AA');
    }
    // The in-app notes still come once, from the same tell.
    const notes = await docsWithPrefix(tenantDb<NotificationDoc>(stack.couch, 'gym', coach.gymId), 'notification:');
    expect(notes.filter((n) => n.event === 'session-booked')).toHaveLength(1);

    stack.clock.advance(60_000);
    const cancelPath = `/api/booking/coach/cancel_booking/${request.requestId}`;
    expect((await inject(stack, 'POST', cancelPath, coach.coachHeaders)).status).toBe(200);
    await inject(stack, 'POST', cancelPath, coach.coachHeaders);
    const cancelled = (to: string) => mailsTo(to).then((mails) => mails.filter((m) => m.subject.includes('cancelled')));
    const [memberCancel, ...moreForMember] = await cancelled(memberMail);
    const [coachCancel, ...moreForCoach] = await cancelled(coachMail);
    const [gymCancel] = await cancelled(gymMail);
    expect(moreForMember.length + moreForCoach.length).toBe(0);
    expect(memberCancel.subject).toBe('Your PT session on Friday 20th November is cancelled');
    expect(memberCancel.text).toContain('Casey Jones has cancelled your PT session at Iron Temple');
    expect(memberCancel.text).toContain('You have been refunded £45 in full to the card you paid with');
    expect(coachCancel.text).toContain('You have cancelled your PT session with Alex Member');
    expect(coachCancel.text).toContain('your share of £33.75 for this session is taken back');
    expect(gymCancel.text).toContain('your space share of £6.75 is taken back');
    for (const mail of [memberCancel, coachCancel, gymCancel]) {
      const { method, event } = icsOf(mail);
      expect(method).toBe('CANCEL');
      expect(event.uid).toBe(`session-${request.requestId}@mastr.app`);
    }
  });

  it("a member's same-day cancellation: no automatic refund, said to each party", async () => {
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const { request, url } = await acceptedCheckout(stack, coach, member, '2026-11-20');
    await deliverEvent(stack, await payWithoutDelivery(stack, url));
    stack.clock.now = new Date('2026-11-20T09:00:00Z');
    const headers = await bearerFor(stack, 'user', member.memberId);
    const res = await inject(stack, 'POST', `/api/booking/user/cancel_booking/${request.requestId}`, headers);
    expect(res.status).toBe(200);
    const [forMember] = (await mailsTo(emailOf('user', member.memberId))).filter((m) =>
      m.subject.includes('cancelled'),
    );
    expect(forMember.text).toContain('You have cancelled your PT session with Casey Jones');
    expect(forMember.text).toContain('Same-day cancellations are not refunded automatically.');
    const [forCoach] = (await mailsTo(emailOf('coach', coach.coachId))).filter((m) => m.subject.includes('cancelled'));
    expect(forCoach.subject).toBe('PT session cancelled: Friday 20th November');
    expect(forCoach.text).toContain('Alex Member has cancelled their PT session with you');
    expect(forCoach.text).toContain('The payment is not refunded, so your share of £33.75 stays paid.');
  });

  it('a gym request reaches the gym, an application the member; a reject the member', async () => {
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack, 'Sam Member');
    const gymRequest = await requestAtGym(stack, coach.gymId, member, '2026-11-23');
    const [forGym] = await mailsTo(emailOf('gym', coach.gymId));
    expect(forGym.subject).toBe('New PT session request at Iron Temple');
    expect(forGym.text).toContain(
      'Sam Member has requested a PT session at Iron Temple on Monday 23rd November 2026 at 18:00.',
    );
    expect(forGym.text).toContain(`${stack.config.publicUrl}/gymdashboard/notifications`);
    const apply = `/api/me/coaches/auctionhouse/apply/${coach.gymId}/${gymRequest.requestId}`;
    expect((await inject(stack, 'POST', apply, coach.coachHeaders)).status).toBe(200);
    const slot = await requestSlot(stack, coach, member, '2026-11-21');
    await inject(stack, 'PUT', `/api/me/coaches/sessionrequests/reject/${slot.requestId}`, coach.coachHeaders);
    const subjects = (await mailsTo(emailOf('user', member.memberId))).map((m) => m.subject);
    expect(subjects).toEqual([
      'Casey Jones applied for your PT session request',
      'Casey Jones rejected your PT session request',
    ]);
  });

  it('nothing to an unverified account, a turned-off alert or an account being deleted; the in-app note stays', async () => {
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const accounts = stack.couch.use<AccountDoc>(DB.accounts);
    const change = (id: string, fields: Partial<AccountDoc>) =>
      updateDoc(accounts, accountDocId(id), (a) => (a ? { ...a, ...fields } : null));
    await change(coach.coachId, { mailPreferences: { requests: false } });
    await change(member.memberId, { verified: false });
    const { request, url } = await acceptedCheckout(stack, coach, member, '2026-11-20');
    await deliverEvent(stack, await payWithoutDelivery(stack, url));
    // The coach turned request alerts off but still gets the booking's receipt.
    expect((await mailsTo(emailOf('coach', coach.coachId))).map((m) => m.subject)).toEqual([
      'PT session booked: Friday 20th November',
    ]);
    expect(await mailsTo(emailOf('user', member.memberId))).toEqual([]);
    const memberNotes = await docsWithPrefix(
      tenantDb<NotificationDoc>(stack.couch, 'member', member.memberId),
      'notification:',
    );
    expect(memberNotes.map((n) => n.event)).toEqual(['session-accepted']);

    await change(coach.coachId, { deletingSince: NOW.toISOString() });
    const res = await inject(stack, 'POST', `/api/booking/user/cancel_booking/${request.requestId}`, member.headers);
    expect(res.status).toBe(200);
    expect((await mailsTo(emailOf('gym', coach.gymId))).map((m) => m.subject)).toEqual([
      'PT session booked: Friday 20th November',
      'PT session cancelled: Friday 20th November',
    ]);
    expect(await mailsTo(emailOf('user', member.memberId))).toEqual([]);
    expect(await mailsTo(emailOf('coach', coach.coachId))).toHaveLength(1);
    const coachNotes = await docsWithPrefix(
      tenantDb<NotificationDoc>(stack.couch, 'coach', coach.coachId),
      'notification:',
    );
    expect(coachNotes.map((n) => n.event).sort()).toEqual([
      'session-booked',
      'session-cancelled-by-member',
      'session-requested',
    ]);
  });
});
