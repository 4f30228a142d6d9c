import { describe, expect, it } from 'vitest';
import type { CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from './documents.ts';
import { ptPaymentVerdict, type PtPaymentFacts } from './pt-payment.ts';

const REQUEST = 'd'.repeat(24);
const COACH = 'c'.repeat(24);
const OTHER_COACH = 'e'.repeat(24);
const BEFORE = new Date('2026-11-27T08:59:59Z'); // 08:59:59 UK (GMT)
const AT_START = new Date('2026-11-27T09:00:00Z');
const payment = { checkoutSessionId: 'cs_this', paymentId: 'pay_this' };

const coachRequest = {
  _id: `coach-request:${REQUEST}`,
  type: 'coach-request',
  requestId: REQUEST,
  startTime: '2026-11-27T09:00:00',
  endTime: '2026-11-27T10:00:00',
  coachId: COACH,
  accepted: true,
  slotClaimId: 'slot-claim:x',
} as CoachRequestDoc;
const gymRequest = {
  _id: `gym-request:${REQUEST}`,
  type: 'gym-request',
  requestId: REQUEST,
  startTime: '2026-11-27T09:00:00',
  endTime: '2026-11-27T10:00:00',
  appliedCoaches: [{ coach_id: COACH, coachName: 'Jordan' }],
} as GymRequestDoc;
const claim = (requestId = REQUEST, checkoutSessionId?: string): SlotClaimDoc =>
  ({
    _id: 'slot-claim:x',
    type: 'slot-claim',
    requestId,
    ...(checkoutSessionId ? { booking: { bookingId: requestId, checkoutSessionId } } : {}),
  }) as SlotClaimDoc;

const coachFacts = (over: Partial<PtPaymentFacts> = {}): PtPaymentFacts => ({
  source: 'coach-request',
  requestId: REQUEST,
  coachId: COACH,
  request: coachRequest,
  coachRegistered: true,
  claim: claim(),
  now: BEFORE,
  ...over,
});
const gymFacts = (over: Partial<PtPaymentFacts> = {}): PtPaymentFacts => ({
  source: 'gym-request',
  requestId: REQUEST,
  coachId: COACH,
  request: gymRequest,
  coachRegistered: true,
  claim: null,
  now: BEFORE,
  ...over,
});

describe('ptPaymentVerdict: a coach request', () => {
  it('is payable while accepted, not started and its claim still names it', () => {
    expect(ptPaymentVerdict(coachFacts())).toBe('payable');
    expect(ptPaymentVerdict(coachFacts({ payment }))).toBe('payable');
  });
  it('says why not: gone, not accepted, started, booked', () => {
    expect(ptPaymentVerdict(coachFacts({ request: null }))).toBe('gone');
    expect(ptPaymentVerdict(coachFacts({ request: gymRequest }))).toBe('gone');
    expect(ptPaymentVerdict(coachFacts({ request: { ...coachRequest, accepted: false } }))).toBe('not-accepted');
    expect(ptPaymentVerdict(coachFacts({ now: AT_START }))).toBe('started');
    expect(ptPaymentVerdict(coachFacts({ claim: claim(REQUEST, 'cs_other') }))).toBe('booked');
  });
  it('is gone once its claim was released (lapsed) or taken by another request', () => {
    expect(ptPaymentVerdict(coachFacts({ claim: null }))).toBe('gone');
    expect(ptPaymentVerdict(coachFacts({ claim: claim('f'.repeat(24)) }))).toBe('gone');
    expect(ptPaymentVerdict(coachFacts({ claim: claim('f'.repeat(24), 'cs_other') }))).toBe('gone');
    expect(ptPaymentVerdict(coachFacts({ claim: { type: 'booking' } }))).toBe('gone');
  });
});

describe('ptPaymentVerdict: a gym request with a chosen coach', () => {
  it('is payable while the coach applied, is registered and free at that hour', () => {
    expect(ptPaymentVerdict(gymFacts())).toBe('payable');
    // A claim for this very request, not booked, is the hour held for it.
    expect(ptPaymentVerdict(gymFacts({ claim: claim() }))).toBe('payable');
  });
  it('says why not: gone, not applied, started, coach gone, booked, slot taken', () => {
    expect(ptPaymentVerdict(gymFacts({ request: null }))).toBe('gone');
    expect(ptPaymentVerdict(gymFacts({ coachId: OTHER_COACH }))).toBe('not-applied');
    expect(ptPaymentVerdict(gymFacts({ now: AT_START }))).toBe('started');
    expect(ptPaymentVerdict(gymFacts({ coachRegistered: false }))).toBe('coach-gone');
    expect(ptPaymentVerdict(gymFacts({ claim: claim(REQUEST, 'cs_other') }))).toBe('booked');
    expect(ptPaymentVerdict(gymFacts({ claim: claim('f'.repeat(24)) }))).toBe('slot-taken');
  });
});

describe('ptPaymentVerdict: a payment already made (the webhook)', () => {
  // Where the checkout and the webhook used to differ (decision 149): the webhook booked these.
  it('is refused, as the checkout refuses, when the session started or the coach left before it was booked', () => {
    expect(ptPaymentVerdict(coachFacts({ payment, now: AT_START }))).toBe('started');
    expect(ptPaymentVerdict(gymFacts({ payment, now: AT_START }))).toBe('started');
    expect(ptPaymentVerdict(gymFacts({ payment, coachRegistered: false }))).toBe('coach-gone');
    expect(ptPaymentVerdict(gymFacts({ payment, coachId: OTHER_COACH }))).toBe('not-applied');
  });
  it('finishes its own booking on a re-delivery, whatever happened since', () => {
    const won = claim(REQUEST, payment.checkoutSessionId);
    // Killed after taking the hour, before the booking: redelivered after the start, the coach gone.
    expect(ptPaymentVerdict(gymFacts({ payment, claim: won, now: AT_START, coachRegistered: false }))).toBe('paid');
    // Killed after the booking, before the request's removal; or after it (the request not read).
    const booking = { paymentId: payment.paymentId };
    expect(ptPaymentVerdict(coachFacts({ payment, claim: won, booking, now: AT_START }))).toBe('paid');
    expect(ptPaymentVerdict(coachFacts({ payment, claim: won, booking, request: null }))).toBe('paid');
  });
  it('loses to a booking by another payment, even one cancelled since', () => {
    const booking = { paymentId: 'pay_other' };
    expect(ptPaymentVerdict(coachFacts({ payment, booking, request: null, claim: null }))).toBe('booked');
    expect(ptPaymentVerdict(gymFacts({ payment, booking, request: null }))).toBe('booked');
  });
  it('takes its hour again when its own booking is found but the hour is not held', () => {
    const booking = { paymentId: payment.paymentId };
    expect(ptPaymentVerdict(gymFacts({ payment, booking, request: null, claim: null }))).toBe('payable');
    expect(ptPaymentVerdict(coachFacts({ payment, booking, request: null, claim: null }))).toBe('gone');
  });
  it('is gone when its hour is held but neither the booking nor the request is left to book from', () => {
    const won = claim(REQUEST, payment.checkoutSessionId);
    expect(ptPaymentVerdict(coachFacts({ payment, claim: won, request: null }))).toBe('gone');
  });
});
