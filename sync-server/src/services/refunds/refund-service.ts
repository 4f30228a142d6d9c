import type Stripe from 'stripe';
import type { Deps } from '../../deps.ts';
import { spaceShareReversalPence } from '@mastr/rules/fees.ts';
import {
  getPayment,
  paymentOfIntent,
  updatePayment,
  type PaymentDoc,
  type RefundRecord,
} from '../../couch/stores/payments-store.ts';

/**
 * Refunds of paid passes (design/payments.md "Refunds"): always through Stripe, with an idempotency
 * key per pass, and recorded once on `payment:{passId}` under Stripe's refund id.
 */

/**
 * `account-deleted`: a checkout paid for a member or gym whose account was deleted (or is being
 * deleted) meanwhile. `unpayable`: a PT payment landing after its request stopped being payable
 * for a reason other than another payment (the session started, the coach left: rules/pt-payment.ts).
 */
export type RefundReason =
  | 'member-cancel'
  | 'gym-cancel'
  | 'account-deleted'
  | 'coach-cancel'
  | 'duplicate-payment'
  | 'slot-taken'
  | 'unpayable';

const refundedPence = (payment: PaymentDoc) =>
  Object.values(payment.refunds).reduce((sum, r) => sum + r.amountPence, 0);

/**
 * Refunds what is left of a pass's payment, the platform fee and the gym's transfer included.
 * Resolves to the refunded pence: 0 for a pass that was never paid (demo data) or is refunded already.
 *
 * Stripe answers a key reused with other parameters by `idempotency_error`, so every attempt for one
 * payment must send the same request: the first caller's reason is fixed on the payment under its
 * revision and every later one (a retry, the other side of a race, an account deletion) sends that.
 */
/** What a refund needs: the databases, Stripe and the clock. */
type RefundDeps = Pick<Deps, 'couch' | 'stripe' | 'now'>;

export async function refundPassInFull(deps: RefundDeps, passId: string, reason: RefundReason): Promise<number> {
  const found = await getPayment(deps.couch, passId);
  if (!found || refundedPence(found) >= found.amountPence) return 0;
  const payment = await updatePayment(deps.couch, passId, (current) =>
    current && !current.refundReason ? { ...current, refundReason: reason } : null,
  );
  if (!payment?.refundReason) return 0;
  const refund = await deps.stripe.refunds.create(
    {
      payment_intent: payment.paymentIntentId,
      reverse_transfer: true,
      refund_application_fee: true,
      metadata: { passId, reason: payment.refundReason },
    },
    // A retry (a crash before the refund was recorded, a racing call finishing it) finds this same refund.
    { idempotencyKey: `refund:${passId}` },
  );
  await recordRefund(deps, passId, refund, payment.refundReason);
  return refund.amount;
}

/** What has been refunded of a pass's payment so far, in pence (0 without a payment). */
export async function refundedPenceOf(deps: Pick<Deps, 'couch'>, passId: string): Promise<number> {
  const payment = await getPayment(deps.couch, passId);
  return payment ? refundedPence(payment) : 0;
}

/** `charge.refunded`: every refund of the charge, including ones made in Stripe's dashboard. */
export async function recordRefundsOfCharge(deps: Deps, charge: Stripe.Charge): Promise<void> {
  const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntentId) return;
  const payment = await paymentOfIntent(deps.couch, paymentIntentId);
  if (!payment) return;
  // Recent API versions leave the list out of the event's charge; then ask for it.
  const refunds = charge.refunds?.data ?? (await deps.stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
  for (const refund of refunds) await recordRefund(deps, payment.passId, refund, refund.metadata?.reason || 'stripe');
}

async function recordRefund(deps: RefundDeps, passId: string, refund: Stripe.Refund, reason: string): Promise<void> {
  await updatePayment(deps.couch, passId, (current) => {
    if (!current || current.refunds[refund.id]) return null;
    const record: RefundRecord = {
      amountPence: refund.amount,
      status: refund.status ?? 'pending',
      reason,
      recordedAt: deps.now().toISOString(),
    };
    return { ...current, refunds: { ...current.refunds, [refund.id]: record } };
  });
}

/**
 * Refunds what is left of a PT session's payment (the coach's transfer and Mastr's fee reversed by
 * Stripe, `refundPassInFull`), then takes the gym's space share back in the same proportion as the
 * money refunded (design/payments.md "Money flows"; idempotency key `space-share-reversal:{bookingId}`,
 * recorded on the payment). Resolves to the refunded pence.
 */
export async function refundSessionPayment(deps: Deps, paymentId: string, reason: RefundReason): Promise<number> {
  const refunded = await refundPassInFull(deps, paymentId, reason);
  const payment = await getPayment(deps.couch, paymentId);
  if (!payment?.spaceTransferId || !payment.gymSharePence) return refunded;
  const due =
    spaceShareReversalPence(payment.gymSharePence, payment.amountPence, refundedPence(payment)) -
    (payment.spaceReversedPence ?? 0);
  if (due <= 0) return refunded;
  await deps.stripe.transfers.createReversal(
    payment.spaceTransferId,
    { amount: due, metadata: { paymentId, reason } },
    { idempotencyKey: `space-share-reversal:${payment.bookingId}:${refundedPence(payment)}` },
  );
  await updatePayment(deps.couch, paymentId, (current) =>
    current ? { ...current, spaceReversedPence: (current.spaceReversedPence ?? 0) + due } : null,
  );
  return refunded;
}
