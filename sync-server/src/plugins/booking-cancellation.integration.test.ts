import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import { DB } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { BOOKING_CANCEL_MESSAGES } from '../services/coaching/index.ts';
import type { PaymentDoc } from '../couch/stores/payments-store.ts';
import {
  bookingIn,
  claimIn,
  givenPtCoach,
  givenPtMember,
  inject,
  paidBooking,
  requestSlot,
  SEVEN_AM,
  SIX_PM,
  slotOf,
} from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT): sessions on Friday the 20th (coach week of Sunday the 15th).
const NOW = new Date('2026-11-18T10:00:00Z');
const FRIDAY = '2026-11-20';
const COACH_CANCEL = (id: string) => `/api/booking/coach/cancel_booking/${id}`;
const MEMBER_CANCEL = (id: string) => `/api/booking/user/cancel_booking/${id}`;

describe('cancelling a paid private session', () => {
  let stack: TestStack;
  const payment = (id: string) => stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(id));

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const setup = async (time = SIX_PM) => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const booking = await paidBooking(stack, coach, member, FRIDAY, time);
    return { coach, member, booking };
  };
  const copies = (b: { coachId: string; userProfile_id: string; gymId: string; bookingId: string }) =>
    Promise.all([
      bookingIn(stack, 'coach', b.coachId, b.bookingId),
      bookingIn(stack, 'member', b.userProfile_id, b.bookingId),
      bookingIn(stack, 'gym', b.gymId, b.bookingId),
    ]);

  it("coach: refunds the member in full, reverses the gym's share, frees the hour and marks every copy", async () => {
    const { coach, member, booking } = await setup();
    stack.clock.now = new Date('2026-11-20T17:59:00Z');
    const res = await inject(stack, 'POST', COACH_CANCEL(booking.bookingId), coach.coachHeaders);
    expect(res).toEqual({
      status: 200,
      body: { message: BOOKING_CANCEL_MESSAGES.coachRefunded, refundedPence: 4500 },
    });
    for (const copy of await copies(booking)) {
      expect(copy).toMatchObject({ cancelled: true, cancelledBy: 'coach', cancelledAt: stack.clock.now.toISOString() });
    }
    const paid = await payment(booking.paymentId);
    expect(Object.values(paid.refunds)).toEqual([
      expect.objectContaining({ amountPence: 4500, reason: 'coach-cancel' }),
    ]);
    expect(paid.spaceReversedPence).toBe(675);
    expect(await stack.stripe.transfers.retrieve(paid.spaceTransferId!)).toMatchObject({
      amount: 675,
      amount_reversed: 675,
      reversed: true,
    });
    expect(await claimIn(stack, coach.coachId, booking.slotClaimId)).toBeNull();
    expect(await slotOf(stack, coach.coachId, '2026-11-15', 5, SIX_PM)).toMatchObject({
      booked: false,
      requested: false,
    });

    // A repeat finishes nothing more and refunds nothing twice; the member cannot cancel it again.
    const again = await inject(stack, 'POST', COACH_CANCEL(booking.bookingId), coach.coachHeaders);
    expect(again.body.refundedPence).toBe(0);
    expect(Object.keys((await payment(booking.paymentId)).refunds)).toHaveLength(1);
    expect(await inject(stack, 'POST', MEMBER_CANCEL(booking.bookingId), member.headers)).toMatchObject({
      status: 400,
      body: { message: BOOKING_CANCEL_MESSAGES.cancelled },
    });
  });

  it('member: a full refund up to the day before, then the hour can be asked for again', async () => {
    const { coach, member, booking } = await setup();
    stack.clock.now = new Date('2026-11-19T23:59:59Z');
    const res = await inject(stack, 'POST', MEMBER_CANCEL(booking.bookingId), member.headers);
    expect(res).toEqual({
      status: 200,
      body: { message: BOOKING_CANCEL_MESSAGES.memberRefunded, refundedPence: 4500 },
    });
    for (const copy of await copies(booking)) expect(copy).toMatchObject({ cancelled: true, cancelledBy: 'member' });
    expect((await payment(booking.paymentId)).spaceReversedPence).toBe(675);
    stack.clock.now = NOW;
    const other = await givenPtMember(stack, 'Sam Other');
    expect((await requestSlot(stack, coach, other, FRIDAY)).clientName).toBe('Sam Other');
  });

  it('member: on the day, cancelled without an automatic refund; the hour is freed all the same', async () => {
    const { coach, member, booking } = await setup();
    stack.clock.now = new Date('2026-11-20T00:00:00Z');
    const res = await inject(stack, 'POST', MEMBER_CANCEL(booking.bookingId), member.headers);
    expect(res).toEqual({
      status: 200,
      body: { message: BOOKING_CANCEL_MESSAGES.memberNotRefunded, refundedPence: 0 },
    });
    expect((await payment(booking.paymentId)).refunds).toEqual({});
    expect((await payment(booking.paymentId)).spaceReversedPence).toBeUndefined();
    expect((await slotOf(stack, coach.coachId, '2026-11-15', 5, SIX_PM))?.booked).toBe(false);
  });

  it('refuses a session that has started, for either side', async () => {
    const { coach, member, booking } = await setup(SEVEN_AM);
    stack.clock.now = new Date('2026-11-20T07:00:00Z');
    for (const [url, headers] of [
      [COACH_CANCEL(booking.bookingId), coach.coachHeaders],
      [MEMBER_CANCEL(booking.bookingId), member.headers],
    ] as const) {
      expect(await inject(stack, 'POST', url, headers)).toMatchObject({
        status: 400,
        body: { message: BOOKING_CANCEL_MESSAGES.started },
      });
    }
    expect((await bookingIn(stack, 'coach', coach.coachId, booking.bookingId))?.cancelled).toBe(false);
  });

  it("refuses other people's bookings, bad ids, and the wrong roles", async () => {
    const { coach, member, booking } = await setup();
    const stranger = await givenPtMember(stack, 'Sam Other');
    const otherCoach = await givenPtCoach(stack, { gymId: coach.gymId });
    expect(await inject(stack, 'POST', MEMBER_CANCEL(booking.bookingId), stranger.headers)).toMatchObject({
      status: 400,
      body: { message: BOOKING_CANCEL_MESSAGES.unknown },
    });
    expect(await inject(stack, 'POST', COACH_CANCEL(booking.bookingId), otherCoach.coachHeaders)).toMatchObject({
      status: 400,
      body: { message: BOOKING_CANCEL_MESSAGES.unknown },
    });
    expect(await inject(stack, 'POST', COACH_CANCEL('x'), coach.coachHeaders)).toMatchObject({
      status: 400,
      body: { message: "Missing ID's" },
    });
    expect((await inject(stack, 'POST', MEMBER_CANCEL(newId()), member.headers)).status).toBe(400);
    expect((await inject(stack, 'POST', COACH_CANCEL(booking.bookingId), {})).status).toBe(401);
    expect((await inject(stack, 'POST', COACH_CANCEL(booking.bookingId), member.headers)).status).toBe(403);
    expect((await inject(stack, 'POST', MEMBER_CANCEL(booking.bookingId), coach.coachHeaders)).status).toBe(403);
    const gym = await bearerFor(stack, 'gym', coach.gymId);
    expect((await inject(stack, 'POST', MEMBER_CANCEL(booking.bookingId), gym)).status).toBe(403);
    expect((await bookingIn(stack, 'member', member.memberId, booking.bookingId))?.cancelled).toBe(false);
  });

  it('coach and member cancelling at once on two instances: one cancellation counts, one refund', async () => {
    const { coach, member, booking } = await setup();
    stack.clock.now = new Date('2026-11-19T12:00:00Z');
    const other = await stack.startInstance();
    const [byCoach, byMember] = await Promise.all([
      stack.server.inject({ method: 'POST', url: COACH_CANCEL(booking.bookingId), headers: coach.coachHeaders }),
      other.inject({ method: 'POST', url: MEMBER_CANCEL(booking.bookingId), headers: member.headers }),
    ]);
    expect([byCoach.statusCode, byMember.statusCode].sort()).toEqual([200, 400]);
    const winner = byCoach.statusCode === 200 ? 'coach' : 'member';
    for (const copy of await copies(booking)) expect(copy?.cancelledBy).toBe(winner);
    const paid = await payment(booking.paymentId);
    expect(Object.values(paid.refunds).map((r) => r.amountPence)).toEqual([4500]);
  });
});
