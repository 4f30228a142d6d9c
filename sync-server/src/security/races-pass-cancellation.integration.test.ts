import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationDocId, paymentDocId, passDocId } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, NotificationDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { refundPassInFull } from '../services/refunds/index.ts';
import { type PaymentDoc } from '../couch/stores/payments-store.ts';
import { buyDayPass, dayPasses, givenPayingMember, givenSellingGym } from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Races on one paid day pass (design/payments.md "Refunds: one cancellation wins"): the member and the
 * gym cancelling at once, either side twice at once, over two instances, and a cancellation left
 * half-way by a crash. Whatever the timing: no 5xx, exactly one 2xx, the loser §8's 400 'This day pass
 * is already cancelled.' with the pass's final state, one refund at the provider, one mail to the member.
 */
const BOUGHT_AT = new Date('2026-11-20T10:00:00Z'); // Friday
const CANCEL_AT = new Date('2026-11-20T12:00:00Z'); // Friday: the member's refund is in full
const PASS_DAY = '2026-11-22'; // Sunday: upcoming, so the gym may cancel it
const ROUNDS = 5;
const ALREADY_CANCELLED = 'This day pass is already cancelled.';
const GYM_MAIL = 'Your Mastr day pass was cancelled by the gym';

type Side = 'member' | 'gym';

describe('racing cancellations of one paid day pass', () => {
  let stack: TestStack;
  let other: Server;
  let gymId: string;
  let asGym: Record<string, string>;

  beforeAll(async () => {
    stack = await startTestStack();
    other = await stack.startInstance();
    stack.clock.now = BOUGHT_AT;
    gymId = await givenSellingGym(stack);
    asGym = await bearerFor(stack, 'gym', gymId);
  });
  afterAll(async () => {
    await stack.stop();
  });

  async function paidPass() {
    stack.clock.now = BOUGHT_AT;
    const member = await givenPayingMember(stack);
    const { pass } = await buyDayPass(stack, gymId, member, PASS_DAY);
    stack.clock.now = CANCEL_AT;
    const cancel = (side: Side, server: Server) =>
      server.inject({
        method: 'POST',
        url: `/api/booking/${side === 'member' ? 'user' : 'gym'}/cancel_day_pass/${pass.passId}`,
        headers: side === 'member' ? member.headers : asGym,
      });
    return { member, pass, cancel };
  }

  const payment = async (passId: string) =>
    (await stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(passId))) as PaymentDoc;
  const refundsAtProvider = async (passId: string) => {
    const intent = await stack.stripe.paymentIntents.retrieve((await payment(passId)).paymentIntentId);
    const charge = await stack.stripe.charges.retrieve(intent.latest_charge as string);
    return charge.refunds?.data ?? [];
  };
  // The cancellation's mails (the pass's receipt, sent when it was bought, is not one of them).
  const mailsTo = async (email: string) =>
    (await stack.outbox()).filter((m) => m.to === email && !m.subject.endsWith('receipt and entry code'));
  const notificationsOf = async (memberId: string) =>
    (
      await stack.couch
        .use<NotificationDoc>(tenantDbName('member', memberId))
        .list({ startkey: notificationDocId(''), endkey: notificationDocId('\ufff0'), include_docs: true })
    ).rows.flatMap((r) => (r.doc ? [r.doc as NotificationDoc] : []));

  /** Exactly one 2xx and one §8 loser carrying the final state; one refund, one mail, both copies agreeing. */
  async function expectOneCancellation(
    pass: DayPassDoc,
    member: { memberId: string; email: string },
    answers: { side: Side; statusCode: number; payload: string }[],
    winnerAmong: Side[],
  ) {
    for (const a of answers) expect(a.statusCode, a.payload).toBeLessThan(500);
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won.length, answers.map((a) => `${a.side} ${a.statusCode} ${a.payload}`).join('\n')).toBe(1);
    const winner = won[0]!.side;
    expect(winnerAmong).toContain(winner);
    for (const loser of lost) {
      expect(loser.statusCode).toBe(400);
      expect(JSON.parse(loser.payload)).toMatchObject({
        message: ALREADY_CANCELLED,
        pass: { passId: pass.passId, cancelled: true, cancelledBy: winner, refundedPence: 1500 },
      });
    }
    expect(JSON.parse(won[0]!.payload).refundedPence).toBe(1500);

    const refunds = await refundsAtProvider(pass.passId);
    expect(refunds.map((r) => r.amount)).toEqual([1500]);
    expect(refunds[0]!.metadata).toEqual({ passId: pass.passId, reason: `${winner}-cancel` });
    // charge.refunded reaches the server after the answers: still one refund on record.
    await vi.waitFor(async () => {
      const delivered = stack.provider
        .deliveries()
        .filter((d) => d.event.type === 'charge.refunded' && d.status === 'delivered')
        .some((d) => (d.event.data.object as { payment_intent: string }).payment_intent === refunds[0]!.payment_intent);
      expect(delivered).toBe(true);
    });
    expect(Object.values((await payment(pass.passId)).refunds)).toEqual([
      expect.objectContaining({ amountPence: 1500, reason: `${winner}-cancel` }),
    ]);

    const mails = await mailsTo(member.email);
    expect(
      mails.map((m) => m.subject),
      mails.map((m) => m.subject).join(' | '),
    ).toHaveLength(1);
    if (winner === 'gym') expect(mails[0]!.subject).toBe(GYM_MAIL);
    else expect(mails[0]!.subject).not.toBe(GYM_MAIL);
    // And in the app: one notification when the gym won, none when the member did (decision 71).
    expect((await notificationsOf(member.memberId)).map((n) => [n.event, n.refundedPence])).toEqual(
      winner === 'gym' ? [['day-pass-cancelled-by-gym', 1500]] : [],
    );

    const [gymCopy] = (await dayPasses(stack, 'gym', gymId)).filter((p) => p.passId === pass.passId);
    const [memberCopy] = await dayPasses(stack, 'member', member.memberId);
    for (const copy of [gymCopy, memberCopy])
      expect(copy).toMatchObject({ cancelled: true, cancelledBy: winner, refundOnCancel: true });
    return winner;
  }

  it('member and gym cancelling at once, on two instances: one wins, one refund, one mail', async () => {
    const winners: Side[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { member, pass, cancel } = await paidPass();
      // Alternate the instances; on odd rounds the gym's call leaves a moment later, since the
      // member's call reads its own copy first and so loses most even starts. Either may still win.
      const [memberServer, gymServer] = round % 2 === 0 ? [stack.server, other] : [other, stack.server];
      const skew = round % 2 === 0 ? 0 : 15;
      const [m, g] = await Promise.all([
        cancel('member', memberServer),
        new Promise((resolve) => setTimeout(resolve, skew)).then(() => cancel('gym', gymServer)),
      ]);
      winners.push(
        await expectOneCancellation(
          pass,
          member,
          [
            { side: 'member', statusCode: m!.statusCode, payload: m!.payload },
            { side: 'gym', statusCode: g!.statusCode, payload: g!.payload },
          ],
          ['member', 'gym'],
        ),
      );
    }
    // Which side won is the race's business, not the test's; every round above held the rule.
    expect(winners).toHaveLength(ROUNDS);
  });

  it('the same side cancelling twice at once (double tap, two tabs, two instances): one wins', async () => {
    for (const side of ['member', 'gym'] as const) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { member, pass, cancel } = await paidPass();
        const answers = await Promise.all([cancel(side, stack.server), cancel(side, other), cancel(side, other)]);
        await expectOneCancellation(
          pass,
          member,
          answers.map((a) => ({ side, statusCode: a.statusCode, payload: a.payload })),
          [side],
        );
      }
    }
  });

  it('two refunds of one payment for different reasons at once (a cancel meeting an account deletion): one refund, no error', async () => {
    const { pass } = await paidPass();
    const deps = { couch: stack.couch, stripe: stack.stripe, now: () => stack.clock.now };
    const refunded = await Promise.all([
      refundPassInFull(deps, pass.passId, 'member-cancel'),
      refundPassInFull(deps, pass.passId, 'account-deleted'),
    ]);
    // The first reason on record is the one Stripe hears, from either call: the same request under the key.
    const { refundReason } = await payment(pass.passId);
    expect(['member-cancel', 'account-deleted']).toContain(refundReason);
    const refunds = await refundsAtProvider(pass.passId);
    expect(refunds.map((r) => [r.amount, r.metadata?.reason])).toEqual([[1500, refundReason]]);
    expect(refunded.filter((pence) => pence > 0).length).toBeGreaterThan(0);
    expect(await refundPassInFull(deps, pass.passId, 'gym-cancel')).toBe(0);
  });

  it('a cancellation that stopped after the pass was written is refunded once by whichever call comes next', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { member, pass, cancel } = await paidPass();
      // What a gym cancellation leaves when its process dies right after writing the pass: the pass
      // cancelled with its refund decided, no refund made yet, the member's copy not yet marked.
      await stack.couch.use<DayPassDoc>(tenantDbName('gym', gymId)).insert({
        ...pass,
        cancelled: true,
        cancelledAt: CANCEL_AT.toISOString(),
        cancelledBy: 'gym',
        refundOnCancel: true,
      });
      const answers = await Promise.all([cancel('member', stack.server), cancel('gym', other)]);
      for (const a of answers) {
        expect(a.statusCode, a.payload).toBe(400);
        expect(JSON.parse(a.payload)).toMatchObject({
          message: ALREADY_CANCELLED,
          pass: { passId: pass.passId, cancelled: true, cancelledBy: 'gym', refundedPence: 1500 },
        });
      }
      const refunds = await refundsAtProvider(pass.passId);
      expect(refunds.map((r) => [r.amount, r.metadata?.reason])).toEqual([[1500, 'gym-cancel']]);
      expect((await mailsTo(member.email)).map((m) => m.subject)).toEqual([GYM_MAIL]);
      expect((await notificationsOf(member.memberId)).map((n) => n.event)).toEqual(['day-pass-cancelled-by-gym']);
      const memberCopy = await stack.couch
        .use<DayPassDoc>(tenantDbName('member', member.memberId))
        .get(passDocId('day-pass', pass.passId));
      expect(memberCopy).toMatchObject({ cancelled: true, cancelledBy: 'gym' });
      // Later calls change nothing more.
      const again = await cancel('member', stack.server);
      expect(again.statusCode).toBe(400);
      expect(await refundsAtProvider(pass.passId)).toHaveLength(1);
      expect(await mailsTo(member.email)).toHaveLength(1);
      expect(await notificationsOf(member.memberId)).toHaveLength(1);
    }
  });
});
