import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTR_CLASS_PRICE_PENCE } from '@mastr/rules/money.ts';
import { DB } from '../couch/databases.ts';
import { CHECKOUT_REFUSALS } from '../services/payments/index.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { paymentDocId } from '@mastr/rules/doc-ids.ts';
import { mastrClassAvailability } from '../services/directory/index.ts';
import { newId } from '../couch/ids.ts';
import {
  checkoutSessionIdOf,
  dayPasses,
  givenPayingMember,
  givenSellingGym,
  mastrPasses,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

// Friday 20 November 2026, 10:00 UK (GMT): this week runs to Sunday the 22nd, next week to the 29th.
const NOW = new Date('2026-11-20T10:00:00Z');
const ADULT = '/api/booking/createCheckoutSessionAdultDayPass';
const KIDS = '/api/booking/createCheckoutSessionKidsDayPass';
const MASTR = '/api/booking/createCheckoutMastrClass';
const THURSDAY_6PM = { weekday: 4, time: 18 * 3600, cancelled: false };

describe('member checkouts', () => {
  let stack: TestStack;
  let gymId: string;
  let member: Awaited<ReturnType<typeof givenPayingMember>>;
  const post = (url: string, payload: object, headers: Record<string, string> = member.headers) =>
    stack.server.inject({ method: 'POST', url, payload, headers });
  const refusal = async (url: string, payload: object, message: string) => {
    const res = await post(url, payload);
    expect(res.statusCode, res.payload).toBe(400);
    expect(JSON.parse(res.payload).message).toBe(message);
  };
  const dayPass = (overrides: object = {}) => ({
    user_id: member.memberId,
    gym_id: gymId,
    passDayDate: '2026-11-21',
    ...overrides,
  });

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    gymId = await givenSellingGym(stack, { profile: { mastrClassActive: true, mastrClassDefault: THURSDAY_6PM } });
    member = await givenPayingMember(stack);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers 401 without a token and 403 for gyms and coaches', async () => {
    for (const url of [ADULT, KIDS, MASTR]) {
      expect((await post(url, dayPass(), {})).statusCode).toBe(401);
      expect((await post(url, dayPass(), await bearerFor(stack, 'gym', gymId))).statusCode).toBe(403);
      expect((await post(url, dayPass(), await bearerFor(stack, 'coach', newId()))).statusCode).toBe(403);
    }
  });

  it("refuses a checkout for someone else's user_id", async () => {
    await refusal(ADULT, dayPass({ user_id: newId() }), CHECKOUT_REFUSALS.notYou);
    await refusal(
      MASTR,
      { user_id: newId(), gym_id: gymId, mastrClassDate: '2026-11-26T18:00:00', mastrClassId: newId() },
      CHECKOUT_REFUSALS.notYou,
    );
  });

  it('refuses past, malformed and out-of-window dates, and days without a class of that kind', async () => {
    await refusal(ADULT, dayPass({ passDayDate: '2026-11-19' }), CHECKOUT_REFUSALS.pastDate);
    await refusal(ADULT, dayPass({ passDayDate: '2026-11-31' }), CHECKOUT_REFUSALS.badDate);
    await refusal(ADULT, dayPass({ passDayDate: '2026-11-30' }), CHECKOUT_REFUSALS.beyondWindow);
    expect((await post(ADULT, dayPass({ passDayDate: '21/11/2026' }))).statusCode).toBe(400);
    await refusal(
      KIDS,
      dayPass({ gym_id: await givenSellingGym(stack, { kidsClasses: false }) }),
      CHECKOUT_REFUSALS.noClasses,
    );
  });

  it('refuses unknown and hidden gyms, unsubscribed gyms and gyms whose account cannot take payments', async () => {
    await refusal(ADULT, dayPass({ gym_id: newId() }), CHECKOUT_REFUSALS.unknownGym);
    await refusal(ADULT, dayPass({ gym_id: 'not-an-id' }), CHECKOUT_REFUSALS.unknownGym);
    // Inactive: onboarded, but without a name it is not Active (design/decisions.md "Going live").
    await refusal(
      ADULT,
      dayPass({ gym_id: await givenSellingGym(stack, { profile: { gymName: '' } }) }),
      CHECKOUT_REFUSALS.unknownGym,
    );
    await refusal(
      ADULT,
      dayPass({ gym_id: await givenSellingGym(stack, { profile: { subscribed: false } }) }),
      CHECKOUT_REFUSALS.notSubscribed,
    );
    // Never onboarded, and onboarding started but not completed: the account cannot take charges.
    await refusal(
      ADULT,
      dayPass({ gym_id: await givenSellingGym(stack, { onboarded: false }) }),
      CHECKOUT_REFUSALS.cannotSell,
    );
    const started = await givenSellingGym(stack, { onboarded: false });
    expect(
      (await post('/api/stripe/gym/express_onboarding_link', {}, await bearerFor(stack, 'gym', started))).statusCode,
    ).toBe(200);
    await refusal(ADULT, dayPass({ gym_id: started }), CHECKOUT_REFUSALS.cannotSell);
    await refusal(
      ADULT,
      // A price below Stripe's smallest charge (rules/money.ts MIN_CHARGE_PENCE) keeps an onboarded gym Inactive.
      dayPass({ gym_id: await givenSellingGym(stack, { profile: { adultDayPassPrice: 20 } }) }),
      CHECKOUT_REFUSALS.unknownGym,
    );
  });

  it('takes no amount from the request: extra fields are refused and the session charges the stored price', async () => {
    expect((await post(ADULT, dayPass({ amount: 1 }))).statusCode).toBe(400);
    expect((await post(ADULT, dayPass({ unit_amount: 1, price: 1 }))).statusCode).toBe(400);
    for (const [url, price, passType] of [
      [ADULT, 1500, 'Adult'],
      [KIDS, 800, 'Kids'],
    ] as const) {
      const res = await post(url, dayPass());
      expect(res.statusCode, res.payload).toBe(200);
      const session = await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(JSON.parse(res.payload).url));
      expect(session).toMatchObject({
        mode: 'payment',
        amount_total: price,
        currency: 'gbp',
        client_reference_id: member.memberId,
        customer_email: member.email,
        metadata: { kind: 'day-pass', passType, gymId, memberId: member.memberId, date: '2026-11-21' },
        success_url: `${stack.config.publicUrl}/userdashboard/daypasses?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${stack.config.publicUrl}/gyms/${gymId}?checkout=cancelled`,
      });
    }
  });

  it('issues the paid day pass to the gym and the member, with the fee taken and the rest sent to the gym', async () => {
    const res = await post(ADULT, dayPass({ passDayDate: '2026-11-27' }));
    const { url } = JSON.parse(res.payload);
    const sessionId = checkoutSessionIdOf(url);
    const returnTo = await submitHostedForm(url, 'pay');
    expect(returnTo).toBe(`${stack.config.publicUrl}/userdashboard/daypasses?checkout=success&session_id=${sessionId}`);

    const passId = await checkoutPassId(sessionId);
    for (const kind of ['gym', 'member'] as const) {
      const pass = (await dayPasses(stack, kind, kind === 'gym' ? gymId : member.memberId)).find(
        (p) => p.passId === passId,
      );
      expect(pass).toMatchObject({
        passType: 'Adult',
        dayDateStart: '2026-11-27T00:00:00',
        pricePence: 1500,
        cancelled: false,
        idCode: expect.stringMatching(/^[a-z2-9]{6}$/),
      });
    }
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId);
    const intent = await stack.stripe.paymentIntents.retrieve(session.payment_intent as string);
    expect(intent).toMatchObject({ amount: 1500, application_fee_amount: 150 });
    const payment = await stack.couch.use(DB.payments).get(paymentDocId(passId));
    expect(payment).toMatchObject({
      amountPence: 1500,
      applicationFeePence: 150,
      paymentIntentId: intent.id,
      gymId,
      memberId: member.memberId,
    });
  });

  it('sells the next Mastr class for £1 and issues the assigned Mastr pass', async () => {
    const [next] = mastrClassAvailability(gymId, { mastrClassActive: true, mastrClassDefault: THURSDAY_6PM }, NOW);
    const res = await post(MASTR, {
      user_id: member.memberId,
      gym_id: gymId,
      mastrClassDate: next.classDateAndTime,
      mastrClassId: next._id,
    });
    expect(res.statusCode, res.payload).toBe(200);
    const { url } = JSON.parse(res.payload);
    const session = await stack.stripe.checkout.sessions.retrieve(checkoutSessionIdOf(url));
    expect(session.amount_total).toBe(MASTR_CLASS_PRICE_PENCE);
    expect(await submitHostedForm(url, 'pay')).toContain('/userdashboard/daypasses/mastr?checkout=success');
    const passId = await checkoutPassId(session.id);
    const pass = (await mastrPasses(stack, 'member', member.memberId)).find((p) => p.passId === passId);
    expect(pass).toMatchObject({ dateAndTimeStart: '2026-11-26T18:00:00', pricePence: 100, gymId });
  });

  it('refuses cancelled, unknown, started Mastr classes and gyms without an active Mastr class', async () => {
    const cancelledGym = await givenSellingGym(stack, {
      profile: { mastrClassActive: true, mastrClassDefault: { ...THURSDAY_6PM, cancelled: true } },
    });
    const [cancelled] = mastrClassAvailability(
      cancelledGym,
      { mastrClassActive: true, mastrClassDefault: { ...THURSDAY_6PM, cancelled: true } },
      NOW,
    );
    const body = (gym: string, id: string, date: string) => ({
      user_id: member.memberId,
      gym_id: gym,
      mastrClassDate: date,
      mastrClassId: id,
    });
    await refusal(
      MASTR,
      body(cancelledGym, cancelled._id, cancelled.classDateAndTime),
      CHECKOUT_REFUSALS.mastrCancelled,
    );
    await refusal(MASTR, body(gymId, newId(), '2026-11-26T18:00:00'), CHECKOUT_REFUSALS.mastrNotOffered);
    await refusal(MASTR, body(gymId, newId(), '2026-11-19T18:00:00'), CHECKOUT_REFUSALS.mastrStarted);
    const inactive = await givenSellingGym(stack, {
      profile: { mastrClassActive: false, mastrClassDefault: THURSDAY_6PM },
    });
    const [wouldBe] = mastrClassAvailability(
      inactive,
      { mastrClassActive: true, mastrClassDefault: THURSDAY_6PM },
      NOW,
    );
    await refusal(MASTR, body(inactive, wouldBe._id, wouldBe.classDateAndTime), CHECKOUT_REFUSALS.mastrNotOffered);
  });
});
