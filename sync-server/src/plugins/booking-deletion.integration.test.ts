import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocId, paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, NotificationDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { docsWithPrefix, tenantDb } from '../couch/tenant-docs.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import type { PaymentDoc } from '../couch/stores/payments-store.ts';
import { checkoutSessionIdOf, submitHostedForm } from '../test-support/payment-fixtures.ts';
import {
  acceptedCheckout,
  bookingIn,
  bookingsIn,
  givenPtCoach,
  givenPtMember,
  inject,
  paidBooking,
  SIX_PM,
  slotOf,
} from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT): sessions on Friday the 20th.
const NOW = new Date('2026-11-18T10:00:00Z');
const FRIDAY = '2026-11-20';

describe('deleting an account ends its private sessions (decisions 31, 40)', () => {
  let stack: TestStack;
  const refundsOf = async (paymentId: string) =>
    Object.values((await stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(paymentId))).refunds).map((r) => [
      r.amountPence,
      r.reason,
    ]);

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('member: a later-day session is cancelled and refunded in full; the coach keeps it without the name', async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const booking = await paidBooking(stack, coach, member, FRIDAY);
    const res = await inject(stack, 'DELETE', '/api/me/users', member.headers);
    expect(res.status).toBe(204);
    expect(await bookingIn(stack, 'coach', coach.coachId, booking.bookingId)).toMatchObject({
      cancelled: true,
      cancelledBy: 'member',
      clientName: 'Deleted member',
    });
    expect((await bookingIn(stack, 'gym', coach.gymId, booking.bookingId))?.clientName).toBe('Deleted member');
    expect(await refundsOf(booking.paymentId)).toEqual([[4500, 'account-deleted']]);
    expect((await slotOf(stack, coach.coachId, '2026-11-15', 5, SIX_PM))?.booked).toBe(false);
    // What the coach and the gym were told (request, booking, cancellation) no longer names the member.
    for (const [kind, owner] of [
      ['coach', coach.coachId],
      ['gym', coach.gymId],
    ] as const) {
      const told = await docsWithPrefix(tenantDb<NotificationDoc>(stack.couch, kind, owner), 'notification:');
      expect(told.length).toBeGreaterThan(0);
      expect(told.map((n) => n.otherName)).toEqual(told.map(() => 'Deleted member'));
    }
  });

  it("member: today's session stands (the sale is final on the day), without the name", async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const booking = await paidBooking(stack, coach, member, FRIDAY);
    stack.clock.now = new Date('2026-11-20T09:00:00Z');
    expect(
      (await inject(stack, 'DELETE', '/api/me/users', await bearerFor(stack, 'user', member.memberId))).status,
    ).toBe(204);
    expect(await bookingIn(stack, 'coach', coach.coachId, booking.bookingId)).toMatchObject({
      cancelled: false,
      clientName: 'Deleted member',
    });
    expect(await refundsOf(booking.paymentId)).toEqual([]);
  });

  it('coach: every session to come is cancelled and refunded in full; the member sees "Deleted coach"', async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const booking = await paidBooking(stack, coach, member, FRIDAY);
    expect((await inject(stack, 'DELETE', '/api/me/coaches', coach.coachHeaders)).status).toBe(204);
    expect(await bookingIn(stack, 'member', member.memberId, booking.bookingId)).toMatchObject({
      cancelled: true,
      cancelledBy: 'coach',
      coachFullName: 'Deleted coach',
    });
    expect(await refundsOf(booking.paymentId)).toEqual([[4500, 'account-deleted']]);
  });

  it('gym: every session at it to come is cancelled and refunded in full', async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const booking = await paidBooking(stack, coach, member, FRIDAY);
    expect((await inject(stack, 'DELETE', '/api/me/gyms', await bearerFor(stack, 'gym', coach.gymId))).status).toBe(
      204,
    );
    expect(await bookingIn(stack, 'member', member.memberId, booking.bookingId)).toMatchObject({
      cancelled: true,
      cancelledBy: 'gym',
    });
    expect(await bookingIn(stack, 'coach', coach.coachId, booking.bookingId)).toMatchObject({ cancelled: true });
    expect(await refundsOf(booking.paymentId)).toEqual([[4500, 'account-deleted']]);
  });

  it('a PT payment landing for a member being deleted books nothing and is refunded', async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const { url } = await acceptedCheckout(stack, coach, member, FRIDAY);
    const accounts = stack.couch.use<AccountDoc>(DB.accounts);
    const account = await accounts.get(accountDocId(member.memberId));
    await accounts.insert({ ...account, deletingSince: NOW.toISOString() });
    await submitHostedForm(url, 'pay');
    expect(await bookingsIn(stack, 'coach', coach.coachId)).toEqual([]);
    expect(await refundsOf(await checkoutPassId(checkoutSessionIdOf(url)))).toEqual([[4500, 'account-deleted']]);
  });
});
