import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import { PAYMENT_WINDOW_MS } from '@mastr/rules/pt-bookings.ts';
import { DB } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { PT_CHECKOUT_CONFLICTS, PT_CHECKOUT_REFUSALS } from '../services/payments/index.ts';
import { type PaymentDoc } from '../couch/stores/payments-store.ts';
import {
  checkoutSessionIdOf,
  deliverEvent,
  payWithoutDelivery,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import {
  acceptedCheckout,
  bookingIn,
  bookingsIn,
  claimIn,
  coachRequestIn,
  givenPtCoach,
  givenPtMember,
  inject,
  requestSlot,
  SIX_PM,
  slotOf,
} from '../test-support/pt-fixtures.ts';
import { givenCoach, givenDefaultAvailability, givenMembership } from '../test-support/directory-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT): Friday is the 20th, in the coach week of Sunday the 15th.
const NOW = new Date('2026-11-18T10:00:00Z');
const FRIDAY = '2026-11-20';
const CHECKOUT = (id: string) => `/api/booking/coachrequest/create-checkout/${id}`;

describe('PT checkout of an accepted coach request, and the booking the payment makes', () => {
  let stack: TestStack;
  const payment = (paymentId: string) => stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(paymentId));

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const setup = async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack, { price: 4500 });
    const member = await givenPtMember(stack);
    return { coach, member };
  };

  it('charges the coach price to the coach with fee and space share, then books once for coach, member and gym', async () => {
    const { coach, member } = await setup();
    const { request, url } = await acceptedCheckout(stack, coach, member, FRIDAY);
    const sessionId = checkoutSessionIdOf(url);
    expect(await submitHostedForm(url, 'pay')).toBe(
      `${stack.config.publicUrl}/userdashboard/privatesessions?checkout=success&session_id=${sessionId}`,
    );

    // Money: £45.00; Mastr 10% = £4.50 and the gym 15% = £6.75 ride in the application fee; the coach keeps £33.75.
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    const intent = await stack.stripe.paymentIntents.retrieve(session.payment_intent as string);
    const coachAccount = (await stack.couch.use(DB.payments).get(`payments:coach:${coach.coachId}`)) as unknown as {
      connectAccountId: string;
    };
    const gymAccount = (await stack.couch.use(DB.payments).get(`payments:gym:${coach.gymId}`)) as unknown as {
      connectAccountId: string;
    };
    expect(intent).toMatchObject({
      amount: 4500,
      application_fee_amount: 1125,
      transfer_data: { destination: coachAccount.connectAccountId },
    });
    const paymentId = await checkoutPassId(sessionId);
    const paid = await payment(paymentId);
    expect(paid).toMatchObject({
      passKind: 'pt-session',
      bookingId: request.requestId,
      amountPence: 4500,
      applicationFeePence: 1125,
      gymSharePence: 675,
      outcome: 'booked',
      spaceTransferId: expect.stringMatching(/^tr_/),
    });
    const transfer = await stack.stripe.transfers.retrieve(paid.spaceTransferId!);
    expect(transfer).toMatchObject({
      amount: 675,
      currency: 'gbp',
      destination: gymAccount.connectAccountId,
      source_transaction: intent.latest_charge,
      transfer_group: `booking:${request.requestId}`,
    });

    // The booking: in all three databases, under the request's id; the request has become it.
    for (const [kind, owner] of [
      ['coach', coach.coachId],
      ['member', member.memberId],
      ['gym', coach.gymId],
    ] as const) {
      expect(await bookingIn(stack, kind, owner, request.requestId)).toMatchObject({
        type: 'booking',
        source: 'coach-request',
        startTime: `${FRIDAY}T18:00:00`,
        endTime: `${FRIDAY}T19:00:00`,
        clientName: 'Alex Member',
        coachFullName: 'Casey Jones',
        gymName: 'Iron Temple',
        discipline: 'Boxing',
        pricePence: 4500,
        // £45 less Mastr's 10% (450p) and the gym's 15% (675p): what the coach's analytics count.
        coachReceivesPence: 3375,
        paymentId,
        cancelled: false,
      });
    }
    expect(await coachRequestIn(stack, 'member', member.memberId, request.requestId)).toBeNull();
    expect(await coachRequestIn(stack, 'coach', coach.coachId, request.requestId)).toBeNull();
    expect(await slotOf(stack, coach.coachId, '2026-11-15', 5, SIX_PM)).toMatchObject({
      booked: true,
      requested: false,
    });
    expect((await claimIn(stack, coach.coachId, request.slotClaimId))?.booking).toEqual({
      bookingId: request.requestId,
      checkoutSessionId: sessionId,
    });

    // A booked request can no longer be paid, rejected, or released by the payment window.
    expect(await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers)).toMatchObject({
      status: 409,
      body: { message: PT_CHECKOUT_CONFLICTS.gone },
    });
    stack.clock.advance(PAYMENT_WINDOW_MS);
    await inject(stack, 'GET', `/api/coaches/${coach.coachId}`, {});
    expect((await slotOf(stack, coach.coachId, '2026-11-15', 5, SIX_PM))?.booked).toBe(true);
  });

  it("refuses a request not accepted yet (400), someone else's (409), bad ids, and non-members", async () => {
    const { coach, member } = await setup();
    const request = await requestSlot(stack, coach, member, FRIDAY);
    expect(await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers)).toMatchObject({
      status: 400,
      body: { message: PT_CHECKOUT_REFUSALS.notAccepted },
    });
    const other = await givenPtMember(stack, 'Sam Other');
    expect(await inject(stack, 'POST', CHECKOUT(request.requestId), other.headers)).toMatchObject({
      status: 409,
      body: { message: PT_CHECKOUT_CONFLICTS.gone },
    });
    expect(await inject(stack, 'POST', CHECKOUT('nope'), member.headers)).toMatchObject({
      status: 400,
      body: { message: "Missing ID's" },
    });
    expect((await inject(stack, 'POST', CHECKOUT(newId()), member.headers)).status).toBe(409);
    expect((await inject(stack, 'POST', CHECKOUT(request.requestId), {})).status).toBe(401);
    expect((await inject(stack, 'POST', CHECKOUT(request.requestId), coach.coachHeaders)).status).toBe(403);
    expect(
      (await inject(stack, 'POST', CHECKOUT(request.requestId), await bearerFor(stack, 'gym', coach.gymId))).status,
    ).toBe(403);
  });

  it('refuses a coach who cannot take card payments', async () => {
    stack.clock.now = NOW;
    const { gymId } = await givenPtCoach(stack);
    const coachId = await givenCoach(stack, { firstName: 'Not', lastName: 'Onboarded' });
    await givenMembership(stack, gymId, coachId);
    await givenDefaultAvailability(stack, coachId, { 5: [SIX_PM] });
    const member = await givenPtMember(stack);
    const coach = { coachId, gymId, coachHeaders: await bearerFor(stack, 'coach', coachId) };
    const request = await requestSlot(stack, coach, member, FRIDAY);
    await inject(stack, 'POST', `/api/me/coaches/sessionrequests/accept/${request.requestId}`, coach.coachHeaders);
    expect(await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers)).toMatchObject({
      status: 400,
      body: { message: PT_CHECKOUT_REFUSALS.coachCannotSell },
    });
  });

  it('POST /api/booking/create-checkout/{id} is the same checkout (decision 39)', async () => {
    const { coach, member } = await setup();
    const request = await requestSlot(stack, coach, member, FRIDAY);
    await inject(stack, 'POST', `/api/me/coaches/sessionrequests/accept/${request.requestId}`, coach.coachHeaders);
    const res = await inject(stack, 'POST', `/api/booking/create-checkout/${request.requestId}`, member.headers);
    expect(res.status).toBe(200);
    const session = await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(res.body.url));
    expect(session.metadata).toMatchObject({
      kind: 'pt-session',
      requestId: request.requestId,
      source: 'coach-request',
    });
  });

  it('two payments for one request on two instances at once: one booking, the other refunded in full', async () => {
    const { coach, member } = await setup();
    const { request, url: first } = await acceptedCheckout(stack, coach, member, FRIDAY);
    const second = (await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers)).body.url as string;
    const events = [await payWithoutDelivery(stack, first), await payWithoutDelivery(stack, second)];
    const other = await stack.startInstance();
    const answers = await Promise.all(
      [...events, ...events].map((payload, i) => deliverEvent(stack, payload, i % 2 ? other : stack.server)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (const [kind, owner] of [
      ['coach', coach.coachId],
      ['member', member.memberId],
      ['gym', coach.gymId],
    ] as const) {
      expect(await bookingsIn(stack, kind, owner)).toHaveLength(1);
    }
    const booking = (await bookingIn(stack, 'coach', coach.coachId, request.requestId))!;
    const ids = await Promise.all([first, second].map((u) => checkoutPassId(checkoutSessionIdOf(u))));
    const loserId = ids.find((id) => id !== booking.paymentId)!;
    const [winner, loser] = await Promise.all([payment(booking.paymentId), payment(loserId)]);
    expect(winner).toMatchObject({ outcome: 'booked', refunds: {} });
    expect(loser.outcome).toBe('duplicate-refunded');
    expect(Object.values(loser.refunds)).toEqual([
      expect.objectContaining({ amountPence: 4500, reason: 'duplicate-payment' }),
    ]);
    expect(loser.spaceTransferId).toBeUndefined();
    const charge = await stack.stripe.charges.retrieve(
      (await stack.stripe.paymentIntents.retrieve(loser.paymentIntentId)).latest_charge as string,
    );
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4500 });
  });

  it('an acceptance not paid in 24 hours is released: the checkout answers 409 and the slot is free', async () => {
    const { coach, member } = await setup();
    const request = await requestSlot(stack, coach, member, FRIDAY);
    await inject(stack, 'POST', `/api/me/coaches/sessionrequests/accept/${request.requestId}`, coach.coachHeaders);
    stack.clock.advance(PAYMENT_WINDOW_MS);
    expect(await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers)).toMatchObject({
      status: 409,
      body: { message: PT_CHECKOUT_CONFLICTS.gone },
    });
    expect(await coachRequestIn(stack, 'member', member.memberId, request.requestId)).toBeNull();
    expect((await slotOf(stack, coach.coachId, '2026-11-15', 5, SIX_PM))?.requested).toBe(false);
  });

  it('a payment landing after its acceptance lapsed and another member took the slot is refunded, not booked', async () => {
    const { coach, member } = await setup();
    const { url } = await acceptedCheckout(stack, coach, member, FRIDAY);
    stack.clock.advance(PAYMENT_WINDOW_MS);
    const other = await givenPtMember(stack, 'Sam Other');
    const taken = await requestSlot(stack, coach, other, FRIDAY);
    await submitHostedForm(url, 'pay');
    expect(await bookingsIn(stack, 'member', member.memberId)).toEqual([]);
    expect(await bookingsIn(stack, 'coach', coach.coachId)).toEqual([]);
    const lost = await payment(await checkoutPassId(checkoutSessionIdOf(url)));
    expect(lost.outcome).toBe('duplicate-refunded');
    expect(Object.values(lost.refunds).map((r) => r.amountPence)).toEqual([4500]);
    expect((await claimIn(stack, coach.coachId, taken.slotClaimId))?.requestId).toBe(taken.requestId);
    expect((await claimIn(stack, coach.coachId, taken.slotClaimId))?.booking).toBeUndefined();
  });

  it('a payment landing once the session has started is refunded, not booked, as the checkout refuses it (decision 149)', async () => {
    const { coach, member } = await setup();
    const { url } = await acceptedCheckout(stack, coach, member, FRIDAY);
    // Paid at the checkout before the start; the event is applied at 18:00 UK, the session's start.
    const event = await payWithoutDelivery(stack, url);
    // Nothing has read the coach's requests since, so the request and its claim are still there.
    stack.clock.now = new Date(`${FRIDAY}T18:00:00Z`);
    expect((await deliverEvent(stack, event)).statusCode).toBe(200);
    expect(await bookingsIn(stack, 'coach', coach.coachId)).toEqual([]);
    expect(await bookingsIn(stack, 'member', member.memberId)).toEqual([]);
    const refunded = await payment(await checkoutPassId(checkoutSessionIdOf(url)));
    expect(refunded).toMatchObject({ outcome: 'unpayable-refunded', refundReason: 'unpayable' });
    expect(Object.values(refunded.refunds).map((r) => r.amountPence)).toEqual([4500]);
    // A re-delivery changes nothing: one refund, still no booking.
    expect((await deliverEvent(stack, event)).statusCode).toBe(200);
    expect(Object.values((await payment(refunded.passId)).refunds)).toHaveLength(1);
    expect(await bookingsIn(stack, 'coach', coach.coachId)).toEqual([]);
  });
});
