import { describe, expect, it } from 'vitest';
import type { BookingDoc, CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from './documents.ts';
import { planPaidSession, type PaidSessionReads } from './pt-payment-plan.ts';
import type { PtSessionSale } from './sale-metadata.ts';

const [GYM, MEMBER, COACH, REQUEST] = ['a', 'b', 'c', 'd'].map((c) => c.repeat(24));
const sale = (source: PtSessionSale['source']): PtSessionSale => ({
  kind: 'pt-session',
  source,
  requestId: REQUEST,
  gymId: GYM,
  memberId: MEMBER,
  coachId: COACH,
  startTime: '2026-11-27T09:00:00',
  gymSharePence: 675,
  gymDestination: 'acct_gym',
});
const claim = { _id: 'slot-claim:2026-11-22:5:32400', type: 'slot-claim', requestId: REQUEST } as SlotClaimDoc;
const shared = {
  startTime: '2026-11-27T09:00:00',
  endTime: '2026-11-27T10:00:00',
  clientName: 'Alex',
  gymName: 'Southbank',
};
const coachRequest = { type: 'coach-request', ...shared, coachFullName: 'Jordan Hayes' } as CoachRequestDoc;
const gymRequest = {
  type: 'gym-request',
  ...shared,
  requestedDiscipline: 'BJJ',
  appliedCoaches: [{ coach_id: COACH, coachName: 'Jordan Hayes' }],
} as GymRequestDoc;
const reads = (over: Partial<PaidSessionReads>): PaidSessionReads => ({
  sale: sale('coach-request'),
  verdict: 'payable',
  claim,
  booked: null,
  request: coachRequest,
  coachDiscipline: 'MMA',
  paymentId: 'pay1',
  pricePence: 4500,
  platformFeePence: 450,
  now: new Date('2026-11-18T10:00:00Z'),
  ...over,
});

describe('planPaidSession', () => {
  it('books a coach request: the booking in the coach, member and gym databases, then the request removed', () => {
    const plan = planPaidSession(reads({}));
    expect(plan).toMatchObject({
      action: 'book',
      booking: {
        _id: `booking:${REQUEST}`,
        source: 'coach-request',
        discipline: 'MMA',
        slotClaimId: claim._id,
        coachReceivesPence: 4500 - 450 - 675,
        paymentId: 'pay1',
      },
      copies: [
        ['coach', COACH],
        ['member', MEMBER],
        ['gym', GYM],
      ],
      requestCopies: [
        ['coach', COACH, `coach-request:${REQUEST}`],
        ['member', MEMBER, `coach-request:${REQUEST}`],
      ],
    });
  });

  it("books a gym request in the request's discipline with the chosen coach, and removes the gym's copy", () => {
    const plan = planPaidSession(reads({ sale: sale('gym-request'), request: gymRequest }));
    expect(plan).toMatchObject({
      action: 'book',
      booking: { source: 'gym-request', discipline: 'BJJ', coachFullName: 'Jordan Hayes' },
      requestCopies: [
        ['gym', GYM, `gym-request:${REQUEST}`],
        ['member', MEMBER, `gym-request:${REQUEST}`],
      ],
    });
  });

  it('finishes a booking an earlier delivery wrote, as it was written', () => {
    const booked = { _id: `booking:${REQUEST}`, type: 'booking', paymentId: 'pay1' } as BookingDoc;
    expect(planPaidSession(reads({ verdict: 'paid', booked, request: null }))).toMatchObject({
      action: 'book',
      booking: booked,
    });
  });

  it('refunds a payment that holds no hour: a second payment, or one for a request no longer payable', () => {
    for (const verdict of ['booked', 'slot-taken', 'gone'] as const)
      expect(planPaidSession(reads({ verdict, claim: null }))).toEqual({
        action: 'refund',
        reason: 'duplicate-payment',
        outcome: 'duplicate-refunded',
      });
    for (const verdict of ['started', 'coach-gone', 'not-applied', 'not-accepted'] as const)
      expect(planPaidSession(reads({ verdict, claim: null }))).toEqual({
        action: 'refund',
        reason: 'unpayable',
        outcome: 'unpayable-refunded',
      });
  });
});
