import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { notificationDocId, paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import { couchStatus } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { MASTR_CANCEL_MESSAGES } from '../services/payments/index.ts';
import { type PaymentDoc } from '../couch/stores/payments-store.ts';
import { buyMastrPass, givenPayingMember, givenSellingGym, mastrPasses } from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Races on one paid Mastr class pass booked into a class (decision 70): the member cancelling it
 * twice at once (double tap, two tabs) on two instances while the gym cancels its class. The gym
 * copy's revision orders them: the gym's class cancellation either puts the pass back to unassigned
 * first (the member then cancels an unassigned pass, refunded in full, and is told of the class) or
 * finds it cancelled and leaves it be (no notice, nothing told). Whatever the timing: no 5xx, the
 * gym's call succeeds, exactly one of the member's calls answers 200 and the other §8's 400 'This
 * Mastr pass is already cancelled.' with the final state, one £1 refund at the provider, at most one
 * notification, and both copies agreeing.
 */
const FRIDAY = new Date('2026-11-20T10:00:00Z'); // the member's refund is in full: the class is Saturday's
const SATURDAY = 6;
const TEN = 36000;
const ROUNDS = 4;

describe('racing cancellations of one Mastr pass and its class', () => {
  let stack: TestStack;
  let other: Server;

  beforeAll(async () => {
    stack = await startTestStack();
    other = await stack.startInstance();
    stack.clock.now = FRIDAY;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const notificationsOf = async (memberId: string): Promise<NotificationDoc[]> => {
    const listed = await stack.couch
      .use<NotificationDoc>(tenantDbName('member', memberId))
      .list({ startkey: notificationDocId(''), endkey: notificationDocId('\ufff0'), include_docs: true })
      .catch((err) => {
        if (couchStatus(err) === 404) return { rows: [] };
        throw err;
      });
    return listed.rows.flatMap((r) => (r.doc ? [r.doc as NotificationDoc] : []));
  };
  const refundsAtProvider = async (passId: string) => {
    const payment = await stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(passId));
    const intent = await stack.stripe.paymentIntents.retrieve(payment.paymentIntentId);
    const charge = await stack.stripe.charges.retrieve(intent.latest_charge as string);
    return charge.refunds?.data ?? [];
  };

  it('the member (twice) and the gym (the class) at once, on two instances: one member call wins, one refund, told at most once', async () => {
    const orders: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // A gym per round: its class is cancelled by the round.
      stack.clock.now = FRIDAY;
      const gymId = await givenSellingGym(stack);
      const asGym = await bearerFor(stack, 'gym', gymId);
      const activated = await stack.server.inject({
        method: 'POST',
        url: '/api/me/gyms/mastrclass/activate',
        headers: asGym,
        payload: { selectedDay: SATURDAY, selectedTime: TEN },
      });
      const [next] = (JSON.parse(activated.payload) as { mastrClassAvailability: MastrClassOption[] })
        .mastrClassAvailability;
      const member = await givenPayingMember(stack);
      const pass = await buyMastrPass(stack, gymId, member, next!);

      const [first, second] = round % 2 === 0 ? [stack.server, other] : [other, stack.server];
      const memberCancel = (server: Server) =>
        server.inject({
          method: 'POST',
          url: `/api/booking/user/cancel_mastr_pass/${pass.passId}`,
          headers: member.headers,
        });
      // The gym's class cancel reads the class before its writes, so on even starts the member's call
      // wins; on odd rounds the member's calls leave later, so the class may be cancelled first.
      const skew = round % 2 === 0 ? 0 : 60 * round;
      const [gym, m1, m2] = await Promise.all([
        second.inject({ method: 'POST', url: `/api/me/gyms/mastrclass/active/${next!._id}/cancel`, headers: asGym }),
        new Promise((r) => setTimeout(r, skew)).then(() => memberCancel(first)),
        new Promise((r) => setTimeout(r, skew)).then(() => memberCancel(second)),
      ]);

      expect(gym.statusCode, gym.payload).toBe(200);
      const members = [m1!, m2!];
      for (const a of members) expect(a.statusCode, a.payload).toBeLessThan(500);
      const won = members.filter((a) => a.statusCode === 200);
      expect(won.length, members.map((a) => `${a.statusCode} ${a.payload}`).join('\n')).toBe(1);
      expect(JSON.parse(won[0]!.payload)).toEqual({ message: MASTR_CANCEL_MESSAGES.refunded, refundedPence: 100 });
      const lost = members.find((a) => a.statusCode !== 200)!;
      expect(lost.statusCode).toBe(400);
      expect(JSON.parse(lost.payload)).toMatchObject({
        message: MASTR_CANCEL_MESSAGES.alreadyCancelled,
        pass: { passId: pass.passId, cancelled: true, cancelledBy: 'member', refundedPence: 100 },
      });

      const refunds = await refundsAtProvider(pass.passId);
      expect(refunds.map((r) => [r.amount, r.metadata?.reason])).toEqual([[100, 'member-cancel']]);

      const [gymCopy] = (await mastrPasses(stack, 'gym', gymId)).filter((p) => p.passId === pass.passId);
      const [memberCopy] = await mastrPasses(stack, 'member', member.memberId);
      for (const copy of [gymCopy!, memberCopy!])
        expect(copy).toMatchObject({ cancelled: true, cancelledBy: 'member', refundOnCancel: true });
      expect(memberCopy!.dateAndTimeStart).toBe(gymCopy!.dateAndTimeStart);

      // Told of the class only when the gym's cancellation put the pass back before the member's won.
      const releasedFirst = gymCopy!.dateAndTimeStart === null;
      const told = await notificationsOf(member.memberId);
      expect(told.map((n) => n.event)).toEqual(releasedFirst ? ['mastr-class-cancelled-by-gym'] : []);
      orders.push(releasedFirst ? 'class first' : 'pass first');
    }
    // Which order came first is the race's business; every round above held the rule.
    expect(orders).toHaveLength(ROUNDS);
    // A gym, a checkout and three calls per round, on a shared machine: more than the default 30 s.
  }, 120_000);
});
