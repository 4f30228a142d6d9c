import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { GymRequestDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { ALREADY_APPLIED, AUCTION_REFUSALS } from '../services/coaching/index.ts';
import { PT_CHECKOUT_CONFLICTS, PT_CHECKOUT_REFUSALS } from '../services/payments/index.ts';
import { type PaymentDoc } from '../couch/stores/payments-store.ts';
import { givenCoach, givenMembership } from '../test-support/directory-fixtures.ts';
import {
  checkoutSessionIdOf,
  deliverEvent,
  payWithoutDelivery,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import {
  bookingIn,
  bookingsIn,
  claimIn,
  givenPtCoach,
  givenPtMember,
  gymRequestIn,
  inject,
  type PtMember,
  requestAtGym,
  SIX_PM,
  slotOf,
} from '../test-support/pt-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Wednesday 18 November 2026, 10:00 UK (GMT): PT requests open from Saturday the 21st; Monday the 23rd
// is weekday 1 of the coach week starting Sunday the 22nd.
const NOW = new Date('2026-11-18T10:00:00Z');
const MONDAY = '2026-11-23';
const HOUSE = (gymId: string) => `/api/me/coaches/auctionhouse/gym/${gymId}`;
const APPLY = (gymId: string, requestId: string) => `/api/me/coaches/auctionhouse/apply/${gymId}/${requestId}`;
const CHECKOUT = (requestId: string) => `/api/booking/gymrequest/create-checkout/${requestId}`;

describe('the gym-request auction and its checkout', () => {
  let stack: TestStack;
  const payment = (id: string) => stack.couch.use<PaymentDoc>(DB.payments).get(paymentDocId(id));

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const setup = async () => {
    stack.clock.now = NOW;
    const coach = await givenPtCoach(stack);
    const member = await givenPtMember(stack);
    const request = await requestAtGym(stack, coach.gymId, member, MONDAY);
    return { coach, member, request };
  };

  it("lists the gym's open requests to its registered coaches only, soonest first", async () => {
    const { coach, member, request } = await setup();
    const later = await requestAtGym(stack, coach.gymId, member, '2026-11-24');
    const res = await inject(stack, 'GET', HOUSE(coach.gymId), coach.coachHeaders);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: coach.gymId, gymName: 'Iron Temple' });
    expect(res.body.privateSessionRequestsInformation.map((r: { _id: string }) => r._id)).toEqual([
      request.requestId,
      later.requestId,
    ]);
    expect(res.body.privateSessionRequestsInformation[0]).toMatchObject({
      startTime: `${MONDAY}T18:00:00`,
      requestedDiscipline: 'Boxing',
      clientName: 'Alex Member',
      // The price the coach is shown is the price the member will pay (§9's £20).
      sessionPrice: 2000,
      appliedCoaches: [],
      accepted: false,
    });
    const outsider = await givenPtCoach(stack);
    expect(await inject(stack, 'GET', HOUSE(coach.gymId), outsider.coachHeaders)).toMatchObject({
      status: 400,
      body: { message: AUCTION_REFUSALS.notRegistered },
    });
    const pending = await givenCoach(stack);
    await givenMembership(stack, coach.gymId, pending, 'pending');
    expect((await inject(stack, 'GET', HOUSE(coach.gymId), await bearerFor(stack, 'coach', pending))).status).toBe(400);
    expect(await inject(stack, 'GET', HOUSE('nope'), coach.coachHeaders)).toMatchObject({
      status: 400,
      body: { message: "Missing ID's" },
    });
    expect((await inject(stack, 'GET', HOUSE(coach.gymId), member.headers)).status).toBe(403);
    expect((await inject(stack, 'GET', HOUSE(coach.gymId), {})).status).toBe(401);
    // Started sessions leave the auction.
    stack.clock.now = new Date('2026-11-23T18:00:00Z');
    const afterStart = await inject(stack, 'GET', HOUSE(coach.gymId), coach.coachHeaders);
    expect(afterStart.body.privateSessionRequestsInformation.map((r: { _id: string }) => r._id)).toEqual([
      later.requestId,
    ]);
  });

  it('applies once: the coach joins appliedCoaches in both copies; a second apply is 409', async () => {
    const { coach, member, request } = await setup();
    const res = await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), coach.coachHeaders);
    expect(res.status).toBe(200);
    const applied = {
      coach_id: coach.coachId,
      coachName: 'Casey Jones',
      coachDiscipline: 'Boxing',
      coachPrice: 4500,
    };
    expect(res.body.privateSessionRequestsInformation[0]).toMatchObject({ accepted: true, appliedCoaches: [applied] });
    for (const [kind, owner] of [
      ['gym', coach.gymId],
      ['member', member.memberId],
    ] as const) {
      expect(await gymRequestIn(stack, kind, owner, request.requestId)).toMatchObject({
        accepted: true,
        appliedCoaches: [applied],
      });
    }
    expect(await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), coach.coachHeaders)).toMatchObject({
      status: 409,
      body: { error: 'Conflict', message: ALREADY_APPLIED },
    });
    expect((await gymRequestIn(stack, 'gym', coach.gymId, request.requestId))?.appliedCoaches).toHaveLength(1);
  });

  it('refuses unregistered and inactive coaches, unknown requests and non-coaches', async () => {
    const { coach, member, request } = await setup();
    const outsider = await givenPtCoach(stack);
    expect(await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), outsider.coachHeaders)).toMatchObject({
      status: 400,
      body: { message: AUCTION_REFUSALS.notRegistered },
    });
    const inactive = await givenCoach(stack, { status: false });
    await givenMembership(stack, coach.gymId, inactive);
    expect(
      await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), await bearerFor(stack, 'coach', inactive)),
    ).toMatchObject({ status: 400, body: { message: AUCTION_REFUSALS.notSignedUp } });
    expect(await inject(stack, 'POST', APPLY(coach.gymId, newId()), coach.coachHeaders)).toMatchObject({
      status: 400,
      body: { message: AUCTION_REFUSALS.unknown },
    });
    expect((await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), member.headers)).status).toBe(403);
    expect((await gymRequestIn(stack, 'gym', coach.gymId, request.requestId))?.appliedCoaches).toEqual([]);
  });

  it('two coaches applying at once on two instances are both kept', async () => {
    const { coach, member, request } = await setup();
    const second = await givenPtCoach(stack, { gymId: coach.gymId });
    const other = await stack.startInstance();
    const answers = await Promise.all([
      stack.server.inject({ method: 'POST', url: APPLY(coach.gymId, request.requestId), headers: coach.coachHeaders }),
      other.inject({ method: 'POST', url: APPLY(coach.gymId, request.requestId), headers: second.coachHeaders }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const ids = (r: { appliedCoaches: { coach_id: string }[] } | null) =>
      r?.appliedCoaches.map((c) => c.coach_id).sort();
    const both = [coach.coachId, second.coachId].sort();
    expect(ids(await gymRequestIn(stack, 'gym', coach.gymId, request.requestId))).toEqual(both);
    expect(ids(await gymRequestIn(stack, 'member', member.memberId, request.requestId))).toEqual(both);
  });

  it("the member pays the request's £20 (the auction's price) for the chosen coach: one booking for coach, member and gym, the split to the penny", async () => {
    const { coach, member, request } = await setup();
    await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), coach.coachHeaders);
    const res = await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers, {
      coachProfile_id: coach.coachId,
    });
    expect(res.status).toBe(200);
    const sessionId = checkoutSessionIdOf(res.body.url);
    await submitHostedForm(res.body.url, 'pay');
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    const intent = await stack.stripe.paymentIntents.retrieve(session.payment_intent as string);
    // £20.00: Mastr 10% = £2.00, the gym 15% = £3.00, the coach £15.00.
    expect(intent).toMatchObject({ amount: 2000, application_fee_amount: 500 });
    const paid = await payment(await checkoutPassId(sessionId));
    expect(paid).toMatchObject({ amountPence: 2000, gymSharePence: 300, outcome: 'booked' });
    expect((await stack.stripe.transfers.retrieve(paid.spaceTransferId!)).amount).toBe(300);
    for (const [kind, owner] of [
      ['coach', coach.coachId],
      ['member', member.memberId],
      ['gym', coach.gymId],
    ] as const) {
      expect(await bookingIn(stack, kind, owner, request.requestId)).toMatchObject({
        source: 'gym-request',
        startTime: `${MONDAY}T18:00:00`,
        coachFullName: 'Casey Jones',
        discipline: 'Boxing',
        clientName: 'Alex Member',
        pricePence: 2000,
      });
    }
    expect(await gymRequestIn(stack, 'member', member.memberId, request.requestId)).toBeNull();
    expect(await gymRequestIn(stack, 'gym', coach.gymId, request.requestId)).toBeNull();
    expect((await claimIn(stack, coach.coachId, `slot-claim:2026-11-22:1:${SIX_PM}`))?.booking?.bookingId).toBe(
      request.requestId,
    );
    expect((await slotOf(stack, coach.coachId, '2026-11-22', 1, SIX_PM))?.booked).toBe(true);
    // The coach's hour is taken: a member asking for that slot is told so.
    const other = await givenPtMember(stack, 'Sam Other');
    const ask = await inject(stack, 'POST', '/api/booking/handlePrivateSessionCoachRequest', other.headers, {
      coach_id: coach.coachId,
      user_id: other.memberId,
      gym_id: coach.gymId,
      selectedExperience: 'Beginner',
      bookingTimeObject: { _id: 'slot', time: SIX_PM, booked: false, requested: false },
      bookingDayId: 'day',
      bookingDate: MONDAY,
      currentOrNextWeek: 'nextWeek',
    });
    expect(ask.status).toBe(409);
  });

  it('an hour a gym request booked outside the availability shows booked once the coach offers it', async () => {
    const { coach } = await setup();
    const NOON = 12 * 3600; // not among the coach's hours (07:00 and 18:00)
    const member = await givenPtMember(stack, 'Noor Noon');
    const request = await requestAtGym(stack, coach.gymId, member, MONDAY, NOON);
    expect(request.startTime).toBe(`${MONDAY}T12:00:00`);
    await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), coach.coachHeaders);
    const res = await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers, {
      coachProfile_id: coach.coachId,
    });
    await submitHostedForm(res.body.url, 'pay');
    expect(await bookingIn(stack, 'coach', coach.coachId, request.requestId)).toMatchObject({ cancelled: false });

    // The coach offers noon on Monday next week afterwards: everyone sees it taken, nobody is offered it.
    const add = await inject(stack, 'POST', '/api/me/coaches/availability/nextweek', coach.coachHeaders, {
      weekday: 1,
      newNextWeekTime: NOON,
    });
    expect(add.status).toBe(200);
    const noonOf = (days: { weekday: number; nextWeekTimes: { time: number }[] }[]) =>
      days.find((d) => d.weekday === 1)!.nextWeekTimes.find((t) => t.time === NOON);
    const profile = await inject(stack, 'GET', `/api/coaches/${coach.coachId}`, {});
    expect(noonOf(profile.body.availability)).toMatchObject({ booked: true, requested: false });
    const mine = await inject(stack, 'GET', '/api/me/coaches', coach.coachHeaders);
    expect(noonOf(mine.body.availability)).toMatchObject({ booked: true, requested: false });
  });

  it('refuses a coach who did not apply (400) and a request that is gone (409 with the fresh list)', async () => {
    const { coach, member, request } = await setup();
    expect(
      await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers, { coachProfile_id: coach.coachId }),
    ).toMatchObject({ status: 400, body: { message: PT_CHECKOUT_REFUSALS.notApplied } });
    const gone = await inject(stack, 'POST', CHECKOUT(newId()), member.headers, { coachProfile_id: coach.coachId });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(PT_CHECKOUT_CONFLICTS.gone);
    expect(gone.body.privateSessionRequestsGymInformation.map((r: { _id: string }) => r._id)).toEqual([
      request.requestId,
    ]);
    expect(
      await inject(stack, 'POST', CHECKOUT(request.requestId), member.headers, { coachProfile_id: 'x' }),
    ).toMatchObject({ status: 400, body: { message: "Missing ID's" } });
    expect(
      (await inject(stack, 'POST', CHECKOUT(request.requestId), coach.coachHeaders, { coachProfile_id: coach.coachId }))
        .status,
    ).toBe(403);
  });

  it('two members paying at once for the same coach at the same hour: one booking, the other refunded', async () => {
    const { coach, member, request } = await setup();
    const rival = await givenPtMember(stack, 'Sam Rival');
    const rivalRequest = await requestAtGym(stack, coach.gymId, rival, MONDAY);
    await inject(stack, 'POST', APPLY(coach.gymId, request.requestId), coach.coachHeaders);
    await inject(stack, 'POST', APPLY(coach.gymId, rivalRequest.requestId), coach.coachHeaders);
    const checkoutFor = async (who: PtMember, req: GymRequestDoc) =>
      (await inject(stack, 'POST', CHECKOUT(req.requestId), who.headers, { coachProfile_id: coach.coachId })).body
        .url as string;
    const urls = [await checkoutFor(member, request), await checkoutFor(rival, rivalRequest)];
    const events = [await payWithoutDelivery(stack, urls[0]), await payWithoutDelivery(stack, urls[1])];
    const other = await stack.startInstance();
    const answers = await Promise.all(
      events.map((payload, i) => deliverEvent(stack, payload, i ? other : stack.server)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const booked = await bookingsIn(stack, 'coach', coach.coachId);
    expect(booked).toHaveLength(1);
    const outcomes = await Promise.all(
      urls.map(async (u) => (await payment(await checkoutPassId(checkoutSessionIdOf(u)))).outcome),
    );
    expect(outcomes.sort()).toEqual(['booked', 'duplicate-refunded']);
    // The loser's request stays, to choose another coach.
    const [loserMember, loserRequest] =
      booked[0].userProfile_id === member.memberId ? [rival, rivalRequest] : [member, request];
    expect(await gymRequestIn(stack, 'member', loserMember.memberId, loserRequest.requestId)).not.toBeNull();
    expect(await bookingsIn(stack, 'member', loserMember.memberId)).toEqual([]);
  });
});
