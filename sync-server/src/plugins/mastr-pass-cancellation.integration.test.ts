import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { mastrClassDocId, notificationDocId, passDocId, paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { MastrClassDoc, MastrPassDoc, NotificationDoc } from '@mastr/rules/documents.ts';
import { notificationText } from '@mastr/rules/memberships.ts';
import { MASTR_CLASS_STARTED } from '@mastr/rules/texts.ts';
import { couchStatus } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { getDoc, tenantDb } from '../couch/tenant-docs.ts';
import { MASTR_CANCEL_MESSAGES } from '../services/payments/index.ts';
import { type PaymentDoc } from '../couch/stores/payments-store.ts';
import {
  buyDayPass,
  buyMastrPass,
  givenPayingMember,
  givenSellingGym,
  mastrPasses,
} from '../test-support/payment-fixtures.ts';
import { bearerFor, givenMastrPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * A member cancelling their own Mastr class pass (decision 70) and the gym's cancellations told in
 * the member's Notifications (decision 71), through the real calls, payments and embedded CouchDB.
 * The clock stands on a Friday morning; the gym's Mastr class is on Saturdays at 10:00 (UK, GMT).
 */
const FRIDAY = new Date('2026-11-20T10:00:00Z');
const SATURDAY = 6;
const TEN = 36000;
const NEXT = '2026-11-21T10:00:00';

describe('a member cancels a Mastr pass; the gym cancels, and the member is told', () => {
  let stack: TestStack;
  let other: Server;
  let gymId: string;
  let asGym: Record<string, string>;
  let classes: MastrClassOption[];

  const post = (url: string, headers: Record<string, string> | undefined, server: Server = stack.server) =>
    server.inject({ method: 'POST', url, headers });
  const cancelMine = (passId: string, headers: Record<string, string>, server?: Server) =>
    post(`/api/booking/user/cancel_mastr_pass/${passId}`, headers, server);
  const body = (res: { payload: string }) => JSON.parse(res.payload) as Record<string, unknown>;
  const copies = async (passId: string, memberId: string) => ({
    gym: (await mastrPasses(stack, 'gym', gymId)).find((p) => p.passId === passId)!,
    member: (await mastrPasses(stack, 'member', memberId)).find((p) => p.passId === passId)!,
  });
  const occurrence = (start: string) =>
    getDoc(tenantDb<MastrClassDoc>(stack.couch, 'gym', gymId), mastrClassDocId(start));
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
  const refunds = async (passId: string) => {
    const payment = await stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(passId));
    return Object.values(payment.refunds).map((r) => r.amountPence);
  };

  /** A member with a paid pass booked into the next class (bought on Friday); the clock then at `at`. */
  async function paidBookedPass(at: Date = FRIDAY) {
    stack.clock.now = FRIDAY;
    const member = await givenPayingMember(stack);
    const pass = await buyMastrPass(stack, gymId, member, classes[0]!);
    stack.clock.now = at;
    return { member, pass };
  }

  beforeAll(async () => {
    stack = await startTestStack();
    other = await stack.startInstance();
    stack.clock.now = FRIDAY;
    gymId = await givenSellingGym(stack);
    asGym = await bearerFor(stack, 'gym', gymId);
    const res = await stack.server.inject({
      method: 'POST',
      url: '/api/me/gyms/mastrclass/activate',
      headers: asGym,
      payload: { selectedDay: SATURDAY, selectedTime: TEN },
    });
    expect(res.statusCode, res.payload).toBe(200);
    classes = (body(res) as { mastrClassAvailability: MastrClassOption[] }).mastrClassAvailability;
    expect(classes[0]!.classDateAndTime).toBe(NEXT);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('the day before the class: refunded in full, the seat freed, gone from the gym and member lists, repeat refused with the final state', async () => {
    const { member, pass } = await paidBookedPass();
    expect(pass.dateAndTimeStart).toBe(NEXT);
    expect((await occurrence(NEXT))?.assignedPasses).toContain(pass.passId);

    const res = await cancelMine(pass.passId, member.headers);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res)).toEqual({ message: MASTR_CANCEL_MESSAGES.refunded, refundedPence: 100 });
    expect(await refunds(pass.passId)).toEqual([100]);
    const both = await copies(pass.passId, member.memberId);
    for (const copy of [both.gym, both.member])
      expect(copy).toMatchObject({
        cancelled: true,
        cancelledBy: 'member',
        refundOnCancel: true,
        dateAndTimeStart: NEXT,
      });
    expect((await occurrence(NEXT))?.assignedPasses).not.toContain(pass.passId);

    // The gym's Mastr passes and its class's seats; the member's own lists.
    const gymView = await stack.server.inject({ method: 'GET', url: '/api/me/gyms', headers: asGym });
    expect(gymView.statusCode).toBe(200);
    const gymBody = body(gymView) as {
      allMastrPasses: { _id: string }[];
      mastrClassAvailability: { classDateAndTime: string; assignedPasses: string[] }[];
    };
    expect(gymBody.allMastrPasses.map((p) => p._id)).not.toContain(pass.passId);
    expect(gymBody.mastrClassAvailability.find((c) => c.classDateAndTime === NEXT)?.assignedPasses).not.toContain(
      pass.passId,
    );
    const mine = body(await stack.server.inject({ method: 'GET', url: '/api/me/users', headers: member.headers }));
    expect(JSON.stringify(mine)).not.toContain(pass.passId);

    const again = await cancelMine(pass.passId, member.headers, other);
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({
      message: MASTR_CANCEL_MESSAGES.alreadyCancelled,
      pass: { passId: pass.passId, cancelled: true, cancelledBy: 'member', refundedPence: 100 },
    });
    expect(await refunds(pass.passId)).toEqual([100]);
  });

  it('on the class day before it starts: cancelled without a refund; once it has started: refused', async () => {
    const sameDay = await paidBookedPass(new Date('2026-11-21T08:00:00Z'));
    const res = await cancelMine(sameDay.pass.passId, sameDay.member.headers);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res)).toEqual({ message: MASTR_CANCEL_MESSAGES.notRefunded, refundedPence: 0 });
    expect(await refunds(sameDay.pass.passId)).toEqual([]);

    const started = await paidBookedPass(new Date('2026-11-21T10:00:00Z'));
    const late = await cancelMine(started.pass.passId, started.member.headers);
    expect(late.statusCode).toBe(400);
    expect(body(late).message).toBe(MASTR_CLASS_STARTED);
    expect((await copies(started.pass.passId, started.member.memberId)).gym.cancelled).toBeUndefined();
  });

  it('an unassigned pass is cancelled in full at any time, and can no longer be booked into a class', async () => {
    stack.clock.now = FRIDAY;
    const pass = await givenMastrPass(stack, gymId, null);
    const headers = await bearerFor(stack, 'user', pass.memberId);
    const res = await cancelMine(pass.passId, headers);
    expect(res.statusCode, res.payload).toBe(200);
    // A demo-data pass: nothing was paid, so nothing is refunded.
    expect(body(res)).toEqual({ message: MASTR_CANCEL_MESSAGES.cancelled, refundedPence: 0 });
    const assign = await stack.server.inject({
      method: 'POST',
      url: `/api/me/users/mastrpass/${pass.passId}/unassigned/assignclass`,
      headers,
      payload: { mastrClassId: classes[0]!._id, mastrClassDate: NEXT },
    });
    expect(assign.statusCode).toBe(400);
  });

  it("refuses someone else's pass, a used one and a bad id with §8's 400, and other roles with 401/403; nothing changes", async () => {
    const { member, pass } = await paidBookedPass();
    const stranger = await givenPayingMember(stack);
    for (const [id, headers] of [
      [pass.passId, stranger.headers],
      ['not-an-id', member.headers],
      ['a'.repeat(24), member.headers],
    ] as const) {
      const res = await cancelMine(id, headers);
      expect(res.statusCode, id).toBe(400);
      expect(body(res).message).toBe("Missing ID's");
    }
    expect((await cancelMine(pass.passId, {})).statusCode).toBe(401);
    expect((await cancelMine(pass.passId, asGym)).statusCode).toBe(403);
    expect((await copies(pass.passId, member.memberId)).gym.cancelled).toBeUndefined();
    expect(await refunds(pass.passId)).toEqual([]);

    // Checked in at the front desk: used.
    await tenantDb<MastrPassDoc>(stack.couch, 'gym', gymId).insert({
      ...(await copies(pass.passId, member.memberId)).gym,
      checkedIn: { checkedInState: true, check_in_time: '2026-11-21T10:01:00.000Z' },
    });
    const used = await cancelMine(pass.passId, member.headers);
    expect(used.statusCode).toBe(400);
    expect(body(used).message).toBe(MASTR_CANCEL_MESSAGES.used);
  });

  it('the gym cancelling the class tells each member holding a pass in it, once, however many calls finish it', async () => {
    stack.clock.now = FRIDAY;
    const following = classes[1]!;
    const member = await givenPayingMember(stack);
    const pass = await buyMastrPass(stack, gymId, member, following);
    const url = `/api/me/gyms/mastrclass/active/${following._id}/cancel`;
    // Both calls may pass the class's check before either writes (a repeat answers 400 or 200).
    const answers = await Promise.all([post(url, asGym), post(url, asGym, other)]);
    for (const a of answers) expect([200, 400], a.payload).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);

    const told = await notificationsOf(member.memberId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      event: 'mastr-class-cancelled-by-gym',
      passId: pass.passId,
      sessionStart: following.classDateAndTime,
      refundedPence: 0,
    });
    expect(notificationText(told[0]!)).toBe(
      `${pass.gymName} cancelled the Mastr Class on Saturday 28th November 2026 at 10:00. Your pass is kept: book it into another class, or cancel it for a full refund.`,
    );
    // The pass is back to unassigned; cancelling it now refunds the £1 in full.
    const res = await cancelMine(pass.passId, member.headers);
    expect(body(res)).toEqual({ message: MASTR_CANCEL_MESSAGES.refunded, refundedPence: 100 });
    expect(await notificationsOf(member.memberId)).toHaveLength(1);
  });

  it('the gym cancelling a day pass tells the member, with the refund, once under a repeated call', async () => {
    stack.clock.now = FRIDAY;
    const member = await givenPayingMember(stack);
    const { pass } = await buyDayPass(stack, gymId, member, '2026-11-22');
    const url = `/api/booking/gym/cancel_day_pass/${pass.passId}`;
    const answers = await Promise.all([post(url, asGym), post(url, asGym, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await post(url, asGym)).statusCode).toBe(400);

    const told = await notificationsOf(member.memberId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ event: 'day-pass-cancelled-by-gym', passId: pass.passId, refundedPence: 1500 });
    expect(notificationText(told[0]!)).toBe(
      `${pass.gymName} cancelled your day pass for Sunday 22nd November 2026. You have been refunded £15 in full to your card.`,
    );
  });

  it("a member's own day-pass cancellation tells nothing in the app (the member did it)", async () => {
    stack.clock.now = FRIDAY;
    const member = await givenPayingMember(stack);
    const { pass } = await buyDayPass(stack, gymId, member, '2026-11-22');
    const res = await post(`/api/booking/user/cancel_day_pass/${pass.passId}`, member.headers);
    expect(res.statusCode, res.payload).toBe(200);
    expect(await notificationsOf(member.memberId)).toEqual([]);
    expect(
      await getDoc(tenantDb(stack.couch, 'member', member.memberId), passDocId('day-pass', pass.passId)),
    ).toMatchObject({
      cancelled: true,
    });
  });
});
