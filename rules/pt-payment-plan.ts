/**
 * What the webhook writes for a paid PT checkout once the coach's hour is decided (decision 150):
 * given what it read and the verdict asked under the claim's revision (rules/pt-payment.ts), the
 * documents to write and in which order. Pure; services/payments/paid-sessions.ts reads, takes the
 * hour, asks this plan, and writes it step by step, each step idempotent on its own.
 */
import { bookingDocId, coachRequestId, gymRequestId } from './doc-ids.ts';
import type { BookingDoc, CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from './documents.ts';
import type { PtPaymentVerdict } from './pt-payment.ts';
import type { TenantKind } from './roles.ts';
import type { PtSessionSale } from './sale-metadata.ts';

export interface PaidSessionReads {
  sale: PtSessionSale;
  verdict: PtPaymentVerdict;
  /** The claim this payment holds, as written or found; null when it holds none. */
  claim: SlotClaimDoc | null;
  /** The request's booking, found by an earlier delivery; null when none. */
  booked: BookingDoc | null;
  /** The request as its owner keeps it; null when not read (booked) or gone. */
  request: CoachRequestDoc | GymRequestDoc | null;
  /** The coach's own discipline: a coach request names none (§3 Booking/session). */
  coachDiscipline: string;
  paymentId: string;
  pricePence: number;
  /** Mastr's fee on the price (rules/fees.ts, from the instance's fee settings). */
  platformFeePence: number;
  now: Date;
}

export type PaidSessionPlan =
  | {
      action: 'refund';
      reason: 'duplicate-payment' | 'unpayable';
      outcome: 'duplicate-refunded' | 'unpayable-refunded';
    }
  | {
      action: 'book';
      /** Written, in this order, into the coach's, the member's and the gym's databases. */
      booking: BookingDoc;
      copies: [TenantKind, string][];
      /** Removed once booked, in this order: the request has become the booking. */
      requestCopies: [TenantKind, string, string][];
    };

export function planPaidSession(reads: PaidSessionReads): PaidSessionPlan {
  const { sale, verdict, claim, booked, request } = reads;
  // The verdict lets a payment hold the hour only with its booking or its request to book from.
  const booking = claim && (booked ?? (request ? newBooking(reads, request, claim) : null));
  if (!booking) {
    // Another payment's hour, or a request that went: a second payment. Otherwise the request could
    // no longer be paid when this payment landed (started, coach gone: decision 149).
    return verdict === 'payable' ||
      verdict === 'paid' ||
      verdict === 'booked' ||
      verdict === 'slot-taken' ||
      verdict === 'gone'
      ? { action: 'refund', reason: 'duplicate-payment', outcome: 'duplicate-refunded' }
      : { action: 'refund', reason: 'unpayable', outcome: 'unpayable-refunded' };
  }
  const requestId = sale.source === 'coach-request' ? coachRequestId(sale.requestId) : gymRequestId(sale.requestId);
  const requestOwner: [TenantKind, string] =
    sale.source === 'coach-request' ? ['coach', sale.coachId] : ['gym', sale.gymId];
  return {
    action: 'book',
    booking,
    copies: [
      ['coach', sale.coachId],
      ['member', sale.memberId],
      ['gym', sale.gymId],
    ],
    requestCopies: [
      [...requestOwner, requestId],
      ['member', sale.memberId, requestId],
    ],
  };
}

function newBooking(
  reads: PaidSessionReads,
  request: CoachRequestDoc | GymRequestDoc,
  claim: SlotClaimDoc,
): BookingDoc {
  const { sale, paymentId, pricePence } = reads;
  const base = {
    _id: bookingDocId(sale.requestId),
    type: 'booking' as const,
    bookingId: sale.requestId,
    startTime: request.startTime,
    endTime: request.endTime,
    clientName: request.clientName,
    userProfile_id: sale.memberId,
    coachId: sale.coachId,
    gymId: sale.gymId,
    gymName: request.gymName,
    experienceLevel: request.experienceLevel,
    slotClaimId: claim._id,
    paymentId,
    pricePence,
    coachReceivesPence: pricePence - reads.platformFeePence - sale.gymSharePence,
    cancelled: false,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: reads.now.toISOString(),
  };
  if (request.type === 'coach-request')
    return {
      ...base,
      source: 'coach-request',
      coachFullName: request.coachFullName,
      discipline: reads.coachDiscipline,
    };
  const applied = request.appliedCoaches.find((c) => c.coach_id === sale.coachId);
  return {
    ...base,
    source: 'gym-request',
    coachFullName: applied?.coachName ?? '',
    discipline: request.requestedDiscipline,
  };
}
