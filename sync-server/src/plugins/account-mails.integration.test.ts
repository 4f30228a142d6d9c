import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB } from '../couch/databases.ts';
import { GOODBYE_GIVE_UP_MS } from '../services/accounts/index.ts';
import type { MailDoc } from '../services/mail/index.ts';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.ts';
import { deleteMe } from '../test-support/deletion-fixtures.ts';
import {
  buyDayPass,
  checkoutSessionIdOf,
  deliverEvent,
  givenPayingMember,
  givenSellingGym,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * The account mails (design/mail.md "Account mails") through the real calls and Stripe webhooks,
 * delivered to a real SMTP server on loopback: going live and back, the gym plan started, failing,
 * recovered and ended, and the goodbye after which nothing more goes out.
 */
const FRIDAY = new Date('2026-11-20T10:00:00Z');

type Received = SmtpInbox['received'][number];

describe('account mails, delivered to a real SMTP server', () => {
  let inbox: SmtpInbox;
  let stack: TestStack;

  async function mailsTo(to: string, count = 1): Promise<Received[]> {
    for (let i = 0; ; i += 1) {
      await stack.outbox();
      const mails = inbox.received.filter((m) => m.envelopeTo.includes(to));
      if (mails.length >= count || i >= 100) return mails;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const gymEmail = (gymId: string) => `gym-${gymId}@example.com`;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startTestStack({ smtpUrl: inbox.url });
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

  it('a gym hears when it goes live and when it stops, with what is missing; an edit that changes nothing sends nothing', async () => {
    const gymId = await givenSellingGym(stack, { profile: { kidsDayPassPrice: 0, status: false } });
    const headers = await bearerFor(stack, 'gym', gymId);
    await stack.outbox();
    expect(inbox.received.filter((m) => m.envelopeTo.includes(gymEmail(gymId)))).toEqual([]);
    const kidsPrice = (kidsDayPassPrice: string) =>
      stack.server.inject({
        method: 'POST',
        url: '/api/me/gyms/account/kidsDayPass',
        payload: { kidsDayPassPrice },
        headers,
      });

    expect(JSON.parse((await kidsPrice('6')).payload)).toMatchObject({ status: true });
    expect(JSON.parse((await kidsPrice('7')).payload)).toMatchObject({ status: true });
    const [live] = await mailsTo(gymEmail(gymId));
    expect(live.subject).toBe('Your gym is live on Mastr');
    expect(live.text).toContain('Members can find your gym and buy day passes and Mastr Class passes.');
    expect(live.text.split('\n')).toContain(`${stack.config.publicUrl}/gymdashboard`);

    expect(JSON.parse((await kidsPrice('0')).payload)).toMatchObject({ status: false });
    const mails = await mailsTo(gymEmail(gymId), 2);
    expect(mails.map((m) => m.subject)).toEqual(['Your gym is live on Mastr', 'Your gym is no longer live on Mastr']);
    expect(mails[1].text).toContain('• Set your kids day pass price');
    expect(mails[1].text).toContain('Passes already sold stay valid.');
  });

  it('the gym plan: started, failing (once however often Stripe says so), paid after all, ended', async () => {
    const gymId = await givenSellingGym(stack, { profile: { subscribed: false, mastrPlan: null } });
    const headers = await bearerFor(stack, 'gym', gymId);
    await stack.outbox();
    inbox.received.length = 0;
    const checkout = await stack.server.inject({ method: 'POST', url: '/api/subscriptions/gyms/basicPlan', headers });
    expect(checkout.statusCode, checkout.payload).toBe(200);
    const { url } = JSON.parse(checkout.payload) as { url: string };
    await submitHostedForm(url, 'pay');
    const [started] = await mailsTo(gymEmail(gymId));
    expect(started.subject).toBe('Your Mastr Basic plan has started');
    expect(started.text).toContain('Price: £29.99 a month');
    expect(started.text.split('\n')).toContain(`${stack.config.publicUrl}/gymdashboard/stripe`);

    const subscriptionId = (await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(url)))
      .subscription as string;
    const subscription = await stack.stripe.subscriptions.retrieve(subscriptionId);
    const later = Math.floor(Date.now() / 1000) + 60;
    const event = (n: number, type: string, status: string) =>
      JSON.stringify({
        id: `evt_mail_${subscriptionId}_${n}`,
        object: 'event',
        type,
        created: later + n,
        livemode: false,
        data: { object: { ...subscription, status } },
      });
    // Each step waits for its mail: mails queued together are delivered in key order, not queue order.
    const step = async (payloads: string[], count: number) => {
      for (const payload of payloads) expect((await deliverEvent(stack, payload)).statusCode).toBe(200);
      return mailsTo(gymEmail(gymId), count);
    };
    const failing = event(1, 'customer.subscription.updated', 'past_due');
    await step([failing, failing, event(2, 'customer.subscription.updated', 'unpaid')], 2);
    await step([event(3, 'customer.subscription.updated', 'active')], 3);
    const ended = event(4, 'customer.subscription.deleted', 'canceled');
    await step([ended, ended.replace('_4"', '_5"')], 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = await mailsTo(gymEmail(gymId));
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Mastr Basic plan has started',
      'Your Mastr plan payment failed',
      'Your Mastr plan payment went through',
      'Your Mastr Basic plan has ended',
    ]);
    expect(mails[1].text).toContain('Please update your card with Manage Plan');
    expect(mails[3].text).toContain('no longer listed for members');
  });

  it('a member who deletes their account gets the goodbye with the refund, and no other mail after it', async () => {
    const gymId = await givenSellingGym(stack);
    const member = await givenPayingMember(stack);
    await buyDayPass(stack, gymId, member, '2026-11-25');
    await mailsTo(member.email);
    const res = await deleteMe(stack, 'user', member.headers);
    expect(res.statusCode, res.payload).toBe(204);
    const mails = await mailsTo(member.email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('day pass: receipt and entry code'),
      'Your Mastr account is deleted',
    ]);
    const goodbye = mails[1];
    expect(goodbye.text).toContain('this is the last email we send you');
    expect(goodbye.text).toContain('£15 refunded in full to the card you paid with');
    // Had it failed, it would be retried for two hours only: its address is the account's last trace.
    const record = await stack.couch.use<MailDoc>(DB.mail).get(`mail:account-deleted:${member.memberId}`);
    expect(Date.parse(record.giveUpAt!) - Date.parse(record.createdAt)).toBe(GOODBYE_GIVE_UP_MS);
    expect(record.message).toBeUndefined();
    // The pass its deletion cancelled sent no mail of its own; nor does a deletion asked again.
    expect((await deleteMe(stack, 'user', member.headers)).statusCode).not.toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mailsTo(member.email)).length).toBe(2);
  });
});
