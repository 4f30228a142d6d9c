import type Stripe from 'stripe';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { paymentDocId, slotClaimId } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc, CoachRequestDoc, GymRequestDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { coachHourOf } from '@mastr/rules/pt-bookings.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { planPaidSession } from '@mastr/rules/pt-payment-plan.ts';
import { ptPaymentVerdict, type PtPaymentFacts, type PtPaymentVerdict } from '@mastr/rules/pt-payment.ts';
import type { PtSessionSale, SaleCharge } from '@mastr/rules/sale-metadata.ts';
import type { Deps } from '../../deps.ts';
import { platformFeePence } from '@mastr/rules/fees.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { createBooking, getBooking } from '../../couch/stores/bookings-store.ts';
import { getMembership } from '../../couch/stores/memberships-store.ts';
import { getProfile } from '../../couch/stores/profiles-store.ts';
import { sessionOfBooking, tellSession } from '../coaching/index.ts';
import { deleteRequestCopy, getCoachRequest, getGymRequest } from '../../couch/stores/session-requests-store.ts';
import { updateSlotClaim } from '../../couch/stores/slot-claims-store.ts';
import { ensureTenantDatabase } from '../../couch/stores/tenant-databases.ts';
import { getPayment, recordPayment, updatePayment, type PaymentDoc } from '../../couch/stores/payments-store.ts';
import { refundPassInFull } from '../refunds/index.ts';

/**
 * Books the private session a paid PT checkout stands for (design/decisions.md 37, 39). Stripe
 * delivers at least once, in parallel, on any instance, so every step is idempotent and the hour is
 * decided by one revision-guarded write:
 *   1. the payment is recorded (`payment:{paymentId}`, the id derived from the checkout session);
 *   2. the coach's slot claim for that hour is taken for this checkout session: a coach request's
 *      own claim (it must still name the request), or, for a gym request, a claim created for it.
 *      Whether it may be taken is `ptPaymentVerdict` (rules/pt-payment.ts, the checkout's own rule),
 *      asked of the claim as it stands: booked by another session, held by another request, the
 *      request gone or started, a gym request's coach gone: this payment lost, it is refunded in
 *      full, automatically, and nothing is booked (decisions 148–149);
 *   3. the booking is written into the coach's, the member's and the gym's databases under
 *      `booking:{requestId}` (a re-delivery finds it there);
 *   4. the slot shows booked; the gym's space share is transferred (idempotency key
 *      `space-share:{bookingId}`, `source_transaction` the charge);
 *   5. the request's copies are removed: it has become the booking.
 */

/** The sale, decoded from the session's metadata by rules/sale-metadata.ts. */
export async function bookPaidSession(
  deps: Deps,
  session: Stripe.Checkout.Session,
  sale: PtSessionSale,
  charge: SaleCharge,
): Promise<void> {
  const paymentIntentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!paymentIntentId || session.amount_total == null) return;
  const paymentId = await checkoutPassId(session.id);
  await recordPayment(deps.couch, {
    _id: paymentDocId(paymentId),
    type: 'payment',
    passId: paymentId,
    passKind: 'pt-session',
    bookingId: sale.requestId,
    coachId: sale.coachId,
    gymId: sale.gymId,
    memberId: sale.memberId,
    checkoutSessionId: session.id,
    paymentIntentId,
    amountPence: session.amount_total,
    applicationFeePence: charge.applicationFeePence,
    destination: charge.destination,
    gymSharePence: sale.gymSharePence,
    gymDestination: sale.gymDestination,
    refunds: {},
    createdAt: deps.now().toISOString(),
  });

  if (!(await partiesStillHere(deps, sale))) {
    // Opened before the member, coach or gym deleted their account: no session, the money goes back.
    const refundedPence = await refundPassInFull(deps, paymentId, 'account-deleted');
    deps.logger.warn(
      { checkoutSessionId: session.id, requestId: sale.requestId, refundedPence },
      'stripe: a PT payment names an account that is deleted; refunded',
    );
    return;
  }
  await ensureTenantDatabase(deps.couch, 'coach', sale.coachId);
  const existing = await getBooking(deps.couch, 'coach', sale.coachId, sale.requestId);
  const booked = existing?.type === 'booking' ? existing : null;
  const request = booked ? null : await requestOf(deps, sale);
  const { verdict, claim } = await takeHour(deps, sale, {
    source: sale.source,
    requestId: sale.requestId,
    coachId: sale.coachId,
    request,
    coachRegistered: booked || sale.source === 'coach-request' ? true : await isRegistered(deps, sale),
    booking: booked,
    payment: { checkoutSessionId: session.id, paymentId },
    now: deps.now(),
  });
  const coach =
    claim && !booked && sale.source === 'coach-request' ? await getProfile(deps.couch, 'coach', sale.coachId) : null;
  const plan = planPaidSession({
    sale,
    verdict,
    claim,
    booked,
    request,
    coachDiscipline: coach?.type === 'coach' ? coach.discipline : '',
    paymentId,
    pricePence: session.amount_total,
    platformFeePence: platformFeePence(session.amount_total, deps.config.fees),
    now: deps.now(),
  });
  if (plan.action === 'refund') {
    // The request could not be paid any more (rules/pt-payment.ts): the money goes back, in full.
    const refundedPence = await refundPassInFull(deps, paymentId, plan.reason);
    await setPaymentOutcome(deps, paymentId, plan.outcome);
    deps.logger.warn(
      { checkoutSessionId: session.id, requestId: sale.requestId, verdict, refundedPence },
      'stripe: a PT payment for a request that can no longer be booked; refunded',
    );
    return;
  }
  const { booking } = plan;
  let written = false;
  for (const [kind, owner] of plan.copies) written = (await writeCopy(deps, kind, owner, booking)) || written;
  await transferSpaceShare(deps, paymentId, sale);
  await setPaymentOutcome(deps, paymentId, 'booked');
  // Told in the app once: by the delivery that wrote a copy (a re-delivery finds them all written).
  // Mailed by every delivery while the session stands: the mail's key is the booking's, so a
  // re-delivery queues nothing new, yet one that follows a crash before the mail still sends it.
  // The tell and the request's removal are independent: side by side, the mails add no round trip.
  await Promise.all([
    tellSession(deps, {
      event: 'session-booked',
      session: sessionOfBooking(booking),
      otherName: booking.clientName,
      notify: written ? ['coach', 'gym'] : [],
      mail: booking.cancelled ? [] : ['member', 'coach', 'gym'],
      paymentId,
    }),
    removeRequest(deps, plan.requestCopies),
  ]);
}

/** The request's copies are removed, one after the other: it has become the booking. */
async function removeRequest(deps: Deps, copies: [TenantKind, string, string][]): Promise<void> {
  for (const [kind, owner, id] of copies) await deleteRequestCopy(deps.couch, kind, owner, id);
}

/** Whether the member, coach and gym all still have accounts that are not being deleted (decision 31). */
async function partiesStillHere(deps: Deps, sale: PtSessionSale): Promise<boolean> {
  const accounts = await Promise.all([sale.memberId, sale.coachId, sale.gymId].map((id) => getAccount(deps.couch, id)));
  return accounts.every((account) => account && !account.deletingSince);
}

async function requestOf(deps: Deps, sale: PtSessionSale): Promise<CoachRequestDoc | GymRequestDoc | null> {
  return sale.source === 'coach-request'
    ? getCoachRequest(deps.couch, 'coach', sale.coachId, sale.requestId)
    : getGymRequest(deps.couch, 'gym', sale.gymId, sale.requestId);
}

async function isRegistered(deps: Deps, sale: PtSessionSale): Promise<boolean> {
  const membership = await getMembership(deps.couch, sale.gymId, sale.coachId);
  return membership?.state === 'registered';
}

/**
 * Takes the coach's claim on the session's hour for this checkout session when the rule
 * (rules/pt-payment.ts) says the request is payable, asked of the claim as it stands at each try;
 * the verdict, and the claim this payment holds (null when it holds none). Revision-guarded: of two
 * payments for one hour on any number of instances, exactly one is written.
 */
async function takeHour(
  deps: Deps,
  sale: PtSessionSale,
  facts: Omit<PtPaymentFacts, 'claim'>,
): Promise<{ verdict: PtPaymentVerdict; claim: SlotClaimDoc | null }> {
  const hour = coachHourOf(sale.startTime);
  const id = slotClaimId(hour.weekStart, hour.weekday, hour.time);
  const booking = { bookingId: sale.requestId, checkoutSessionId: facts.payment!.checkoutSessionId };
  let taken: { verdict: PtPaymentVerdict; claim: SlotClaimDoc | null } = { verdict: 'gone', claim: null };
  await updateSlotClaim(deps.couch, sale.coachId, id, (current) => {
    const verdict = ptPaymentVerdict({ ...facts, claim: current });
    const held = current?.type === 'slot-claim' ? current : null;
    taken = { verdict, claim: verdict === 'paid' ? held : null };
    if (verdict !== 'payable') return null;
    const next: SlotClaimDoc = held
      ? { ...held, booking }
      : {
          _id: id,
          type: 'slot-claim',
          requestId: sale.requestId,
          ...hour,
          createdAt: deps.now().toISOString(),
          booking,
        };
    taken = { verdict, claim: next };
    return next;
  });
  return taken;
}

/** Writes one copy; false when an earlier delivery wrote it already. */
async function writeCopy(deps: Deps, kind: TenantKind, owner: string, booking: BookingDoc): Promise<boolean> {
  return createBooking(deps.couch, kind, owner, booking);
}

async function transferSpaceShare(deps: Deps, paymentId: string, sale: PtSessionSale): Promise<void> {
  const payment = await getPayment(deps.couch, paymentId);
  if (!payment || payment.spaceTransferId || sale.gymSharePence <= 0) return;
  const intent = await deps.stripe.paymentIntents.retrieve(payment.paymentIntentId);
  const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
  const transfer = await deps.stripe.transfers.create(
    {
      amount: sale.gymSharePence,
      currency: 'gbp',
      destination: sale.gymDestination,
      ...(charge ? { source_transaction: charge } : {}),
      transfer_group: `booking:${sale.requestId}`,
      metadata: { bookingId: sale.requestId, paymentId },
    },
    { idempotencyKey: `space-share:${sale.requestId}` },
  );
  await updatePayment(deps.couch, paymentId, (current) =>
    current ? { ...current, spaceTransferId: transfer.id } : null,
  );
}

async function setPaymentOutcome(deps: Deps, paymentId: string, outcome: NonNullable<PaymentDoc['outcome']>) {
  await updatePayment(deps.couch, paymentId, (current) =>
    current && current.outcome !== outcome ? { ...current, outcome } : null,
  );
}
