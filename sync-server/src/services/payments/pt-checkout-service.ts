import {
  GYM_CANNOT_TAKE_CARD_PAYMENTS,
  REQUEST_NO_LONGER_AVAILABLE,
  SESSION_ALREADY_STARTED,
} from '@mastr/rules/texts.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { isId, slotClaimId } from '@mastr/rules/doc-ids.ts';
import { coachHourOf } from '@mastr/rules/pt-bookings.ts';
import { ptPaymentVerdict, type PtPaymentVerdict } from '@mastr/rules/pt-payment.ts';
import type { PtSessionSource } from '@mastr/rules/sale-metadata.ts';
import type { Deps } from '../../deps.ts';
import { getMembership } from '../../couch/stores/memberships-store.ts';
import { getCoachRequest, getGymRequest } from '../../couch/stores/session-requests-store.ts';
import { atSlotClaimId } from '../../couch/stores/slot-claims-store.ts';
import { withdrawApplications, releaseLapsedAcceptances } from '../coaching/index.ts';
import { chargeableAccount } from './connect-service.ts';
import { CheckoutRefusal, createPaymentSession, memberOf } from './checkout-service.ts';
import { ptSessionSplit } from '@mastr/rules/fees.ts';

/**
 * The PT checkouts (§7 "Member bookings"; design/decisions.md 37, 39): a member pays for an accepted
 * coach request, or for a gym request with the applied coach they chose. A destination charge to
 * the coach's connected account whose application fee holds Mastr's fee and the gym's space share
 * (`ptSessionSplit`); the webhook books the session and moves the share to the gym
 * (services/payments/paid-sessions.ts). Amounts come from stored documents, never the request.
 */

export const PT_CHECKOUT_REFUSALS = {
  notAccepted: 'The coach has not accepted this request yet.',
  notApplied: 'That coach has not applied for this request.',
  coachCannotSell: 'This coach cannot take card payments yet.',
  gymCannotReceive: GYM_CANNOT_TAKE_CARD_PAYMENTS,
} as const;

/** §8's 409 texts: the request can no longer be paid, and leaves the member's list. */
export const PT_CHECKOUT_CONFLICTS = {
  gone: REQUEST_NO_LONGER_AVAILABLE,
  started: SESSION_ALREADY_STARTED,
  booked: 'This session is already booked.',
  coachGone: 'That coach is no longer registered at this gym.',
  coachBusy: 'That coach is no longer free at that time.',
} as const;

export type PtCheckoutOutcome =
  { outcome: 'url'; url: string } | { outcome: 'refused'; message: string } | { outcome: 'conflict'; message: string };

const conflict = (message: string): PtCheckoutOutcome => ({ outcome: 'conflict', message });
const refused = (message: string): PtCheckoutOutcome => ({ outcome: 'refused', message });

/** What the member is told when the request cannot be paid (rules/pt-payment.ts says which). */
const UNPAYABLE: Record<Exclude<PtPaymentVerdict, 'payable'>, PtCheckoutOutcome> = {
  gone: conflict(PT_CHECKOUT_CONFLICTS.gone),
  'not-accepted': refused(PT_CHECKOUT_REFUSALS.notAccepted),
  'not-applied': refused(PT_CHECKOUT_REFUSALS.notApplied),
  started: conflict(PT_CHECKOUT_CONFLICTS.started),
  'coach-gone': conflict(PT_CHECKOUT_CONFLICTS.coachGone),
  booked: conflict(PT_CHECKOUT_CONFLICTS.booked),
  // Never without a payment; for the checkout, a paid hour is a booked one.
  paid: conflict(PT_CHECKOUT_CONFLICTS.booked),
  'slot-taken': conflict(PT_CHECKOUT_CONFLICTS.coachBusy),
};

/** The member's accepted request for a coach's slot, paid at the coach's price when requested. */
export async function createCoachRequestCheckout(
  deps: Deps,
  memberId: string,
  requestId: string,
): Promise<PtCheckoutOutcome> {
  const mine = isId(requestId) ? await getCoachRequest(deps.couch, 'member', memberId, requestId) : null;
  if (mine?.userProfile_id !== memberId) return conflict(PT_CHECKOUT_CONFLICTS.gone);
  // The coach's copy decides (the member's follows it), after any lapsed acceptance is released.
  await releaseLapsedAcceptances(deps, mine.coachId);
  const request = await getCoachRequest(deps.couch, 'coach', mine.coachId, mine.requestId);
  const verdict = ptPaymentVerdict({
    source: 'coach-request',
    requestId: mine.requestId,
    coachId: mine.coachId,
    request,
    coachRegistered: true,
    claim: request && (await atSlotClaimId(deps.couch, mine.coachId, request.slotClaimId)),
    now: deps.now(),
  });
  if (verdict !== 'payable') return UNPAYABLE[verdict];
  return ptCheckout(deps, {
    source: 'coach-request',
    requestId: request!.requestId,
    memberId,
    coachId: request!.coachId,
    coachName: request!.coachFullName,
    gymId: request!.gymId,
    startTime: request!.startTime,
    pricePence: request!.coachPrice,
    cancelPath: '/userdashboard/privatesessions/coachrequests',
  });
}

/**
 * The member's PT request to a gym, with one of the coaches who applied: the coach must still be
 * registered there and free at that hour. The price is the request's own `sessionPrice`, the £20 the
 * auction listed and the coach selection shows (§9), so a later change of the constant never re-prices it.
 */
export async function createGymRequestCheckout(
  deps: Deps,
  memberId: string,
  requestId: string,
  coachId: string,
): Promise<PtCheckoutOutcome> {
  const mine = isId(requestId) ? await getGymRequest(deps.couch, 'member', memberId, requestId) : null;
  if (mine?.userProfile_id !== memberId) return conflict(PT_CHECKOUT_CONFLICTS.gone);
  const request = await getGymRequest(deps.couch, 'gym', mine.gymId, mine.requestId);
  if (!request) return conflict(PT_CHECKOUT_CONFLICTS.gone);
  const hour = coachHourOf(request.startTime);
  const [membership, claim] = await Promise.all([
    getMembership(deps.couch, request.gymId, coachId),
    isId(coachId) ? atSlotClaimId(deps.couch, coachId, slotClaimId(hour.weekStart, hour.weekday, hour.time)) : null,
  ]);
  const verdict = ptPaymentVerdict({
    source: 'gym-request',
    requestId: request.requestId,
    coachId,
    request,
    coachRegistered: membership?.state === 'registered',
    claim,
    now: deps.now(),
  });
  if (verdict === 'coach-gone') {
    // Left over from a withdrawal that stopped half-way (the coach left, or was deleted): mend it, so
    // the fresh list this 409 carries no longer offers the coach.
    await withdrawApplications(deps, coachId, request.gymId, [request.requestId]);
  }
  if (verdict !== 'payable') return UNPAYABLE[verdict];
  const applied = request.appliedCoaches.find((c) => c.coach_id === coachId)!;
  return ptCheckout(deps, {
    source: 'gym-request',
    requestId: request.requestId,
    memberId,
    coachId,
    coachName: applied.coachName,
    gymId: request.gymId,
    startTime: request.startTime,
    pricePence: request.sessionPrice,
    cancelPath: '/userdashboard/privatesessions/gymrequests',
  });
}

interface PtSale {
  source: PtSessionSource;
  requestId: string;
  memberId: string;
  coachId: string;
  coachName: string;
  gymId: string;
  startTime: string;
  pricePence: number;
  cancelPath: string;
}

async function ptCheckout(deps: Deps, sale: PtSale): Promise<PtCheckoutOutcome> {
  const [destination, gymDestination] = await Promise.all([
    chargeableAccount(deps, 'coach', sale.coachId),
    chargeableAccount(deps, 'gym', sale.gymId),
  ]);
  if (!destination) return refused(PT_CHECKOUT_REFUSALS.coachCannotSell);
  if (!gymDestination) return refused(PT_CHECKOUT_REFUSALS.gymCannotReceive);
  const split = ptSessionSplit(sale.pricePence, deps.config.fees);
  try {
    const url = await createPaymentSession(deps, {
      sale: {
        kind: 'pt-session',
        source: sale.source,
        requestId: sale.requestId,
        gymId: sale.gymId,
        memberId: sale.memberId,
        coachId: sale.coachId,
        startTime: sale.startTime,
        gymSharePence: split.gymSharePence,
        gymDestination,
      },
      pricePence: sale.pricePence,
      applicationFeePence: split.applicationFeePence,
      destination,
      member: await memberOf(deps, sale.memberId),
      name: `PT Session – ${sale.coachName}`,
      description: `${formatWallClock(sale.startTime, DATE_FORMATS.long)} ${formatWallClock(sale.startTime, DATE_FORMATS.time)}`,
      successPath: '/userdashboard/privatesessions',
      cancelPath: sale.cancelPath,
    });
    return { outcome: 'url', url };
  } catch (err) {
    if (err instanceof CheckoutRefusal) return refused(err.message);
    throw err;
  }
}
