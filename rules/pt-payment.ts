/**
 * "Can this PT request still be paid?", asked by the checkout before it opens a payment and by the
 * webhook once the payment has happened (design/decisions.md 148–149). One rule, so the two answer
 * alike: what the checkout refuses, a payment landing later is refunded for, never booked, and a
 * payment the webhook has already booked stays booked whatever happened since. Pure: the callers
 * read the documents and act on the verdict.
 */
import type { BookingDoc, CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from './documents.ts';
import { hasSessionStarted } from './pt-bookings.ts';
import type { PtSessionSource } from './sale-metadata.ts';

export type PtPaymentVerdict =
  /** The request can be paid (the checkout) or booked (the webhook): the hour is free or held for it. */
  | 'payable'
  /** The hour is already booked by this very payment: a re-delivery, which finishes what it began. */
  | 'paid'
  /** The request is no more (cancelled, withdrawn, released after its acceptance lapsed). */
  | 'gone'
  /** A coach request the coach has not accepted. */
  | 'not-accepted'
  /** A gym request the chosen coach has not applied for (or whose application was withdrawn). */
  | 'not-applied'
  /** The session has started (UK wall clock). */
  | 'started'
  /** A gym request's chosen coach is no longer registered at the gym. */
  | 'coach-gone'
  /** Booked already, by another payment. */
  | 'booked'
  /** The coach's hour is held by another request. */
  | 'slot-taken';

/** What is known of a payment already made: the webhook asks with it, the checkout without. */
interface PtPaymentMade {
  checkoutSessionId: string;
  paymentId: string;
}

export interface PtPaymentFacts {
  source: PtSessionSource;
  requestId: string;
  /** The coach being paid (for a gym request, the applicant the member chose). */
  coachId: string;
  /** The request as its owner keeps it (the coach's copy of a coach request, the gym's of a gym
   * request); null when there is none, or when a booking was found and the request was not read. */
  request: CoachRequestDoc | GymRequestDoc | null;
  /** Whether the coach is still registered at the gym; only a gym request asks. */
  coachRegistered: boolean;
  /** Whatever document is at the coach's slot-claim id for the session's hour; null when free. */
  claim: SlotClaimDoc | { type: string } | null;
  /** The request's booking, when the webhook found one (the checkout reads the claim alone). */
  booking?: Pick<BookingDoc, 'paymentId'> | null;
  payment?: PtPaymentMade;
  now: Date;
}

const isSlotClaim = (doc: PtPaymentFacts['claim']): doc is SlotClaimDoc => doc?.type === 'slot-claim';

export function ptPaymentVerdict(facts: PtPaymentFacts): PtPaymentVerdict {
  const { claim, payment, booking, request } = facts;
  // This payment holds the hour already: it won, and a re-delivery (after a killed instance, or
  // after the session started) finishes the booking rather than refunding the winner.
  if (payment && isSlotClaim(claim) && claim.booking?.checkoutSessionId === payment.checkoutSessionId)
    return booking || request ? 'paid' : 'gone';
  if (booking) {
    // Booked by another payment (even if cancelled since): this one lost.
    if (booking.paymentId !== payment?.paymentId) return 'booked';
  } else {
    const asked = requestVerdict(facts);
    if (asked !== 'payable') return asked;
  }
  return hourVerdict(facts);
}

function requestVerdict({ source, request, coachId, coachRegistered, now }: PtPaymentFacts): PtPaymentVerdict {
  if (!request || request.type !== source) return 'gone';
  if (request.type === 'coach-request' && !request.accepted) return 'not-accepted';
  if (request.type === 'gym-request' && !request.appliedCoaches.some((c) => c.coach_id === coachId))
    return 'not-applied';
  if (hasSessionStarted(request, now)) return 'started';
  if (request.type === 'gym-request' && !coachRegistered) return 'coach-gone';
  return 'payable';
}

/**
 * The coach's hour: a coach request's own claim (taken when the coach accepted) must still name it;
 * a gym request's hour must be free, or held for it. A coach request whose claim names another
 * request has had its hour released and taken since: to its member the request is gone.
 */
function hourVerdict({ source, requestId, claim }: PtPaymentFacts): PtPaymentVerdict {
  const other = source === 'coach-request' ? 'gone' : 'slot-taken';
  if (!claim) return source === 'coach-request' ? 'gone' : 'payable';
  if (!isSlotClaim(claim) || claim.requestId !== requestId) return other;
  return claim.booking ? 'booked' : 'payable';
}
