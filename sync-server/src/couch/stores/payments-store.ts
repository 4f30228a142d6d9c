import type { DocumentScope } from 'nano';
import {
  connectAccountDocId,
  payeeDocId,
  paymentDocId,
  stripeEventDocId,
  subscriptionDocPrefix,
} from '@mastr/rules/doc-ids.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';
import { findDocs } from '../find.ts';
import { QUERIES } from '../queries.ts';
import { docsWithPrefix, getDoc, updateDoc } from '../tenant-docs.ts';

/**
 * Server-only payment documents in `mastr_payments` (design/payments.md "Where payment data lives").
 * Stripe ids never leave this database: profiles carry only the §3 flags derived from them.
 */

export type PayeeKind = 'gym' | 'coach';

/** `payments:{kind}:{profileId}`: a gym's or coach's Stripe state. */
export interface PayeeDoc {
  _id: string;
  _rev?: string;
  type: 'payee';
  kind: PayeeKind;
  profileId: string;
  connectAccountId: string | null;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** `created` of the last `account.updated` applied (older deliveries are ignored). */
  accountUpdatedAt: number | null;
  /** The gym's Stripe customer (subscriptions). */
  customerId: string | null;
}

/** `connect-account:{acct}`: whose Express account this is. */
export interface ConnectAccountDoc {
  _id: string;
  _rev?: string;
  type: 'connect-account';
  kind: PayeeKind;
  profileId: string;
}

/** `subscription:{gymId}:{sub}`: one subscription's status as of the newest event applied. */
export interface SubscriptionDoc {
  _id: string;
  _rev?: string;
  type: 'subscription';
  gymId: string;
  subscriptionId: string;
  status: string;
  /** The status before the latest event applied (null: none), so the plan mails know what turned. */
  previousStatus?: string | null;
  eventCreated: number;
}

export interface RefundRecord {
  amountPence: number;
  status: string;
  /** 'member-cancel' / 'gym-cancel' for refunds Mastr made; 'stripe' for one seen only in an event. */
  reason: string;
  recordedAt: string;
}

/**
 * `payment:{passId}`: the sale behind a pass, or behind a PT session (`passKind` 'pt-session': then
 * `passId` is the payment's own id, derived from the checkout session like a pass's, and the PT
 * fields say which booking it paid for and how the gym's share moved).
 */
export interface PaymentDoc {
  _id: string;
  _rev?: string;
  type: 'payment';
  passId: string;
  passKind: 'day-pass' | 'mastr-pass' | 'pt-session';
  /** PT: the booking this payment is for (a second payment for it is refunded: `outcome`). */
  bookingId?: string;
  coachId?: string;
  /** PT: the gym's share for its space, inside `applicationFeePence`, and its account. */
  gymSharePence?: number;
  gymDestination?: string;
  /** PT: what became of the payment: the session booked, refunded as a second payment for it (or
   * for an hour held by another request, or a request gone), or refunded because the request could
   * no longer be paid when the payment landed (started, coach gone: rules/pt-payment.ts). */
  outcome?: 'booked' | 'duplicate-refunded' | 'unpayable-refunded';
  /** PT: the transfer of the gym's share once booked, and what of it was reversed by refunds. */
  spaceTransferId?: string;
  spaceReversedPence?: number;
  gymId: string;
  memberId: string;
  checkoutSessionId: string;
  paymentIntentId: string;
  amountPence: number;
  applicationFeePence: number;
  destination: string;
  /** By Stripe refund id, so a refund seen twice (made here, then its event) is recorded once. */
  refunds: Record<string, RefundRecord>;
  /**
   * Why this payment is refunded, fixed by the first caller under the revision: every later attempt
   * sends Stripe this reason, so the request under `refund:{passId}` is always the same (services/refunds/refund-service.ts).
   */
  refundReason?: string;
  createdAt: string;
}

/** `stripe-event:{evt}`: the event was applied. */
interface StripeEventDoc {
  _id: string;
  type: 'stripe-event';
  eventType: string;
  processedAt: string;
}

export type PaymentsDoc = PayeeDoc | ConnectAccountDoc | SubscriptionDoc | PaymentDoc | StripeEventDoc;

function paymentsDb<T extends PaymentsDoc = PaymentsDoc>(couch: Couch): DocumentScope<T> {
  return couch.use<T>(DB.payments);
}

function emptyPayee(kind: PayeeKind, profileId: string): PayeeDoc {
  return {
    _id: payeeDocId(kind, profileId),
    type: 'payee',
    kind,
    profileId,
    connectAccountId: null,
    detailsSubmitted: false,
    chargesEnabled: false,
    payoutsEnabled: false,
    accountUpdatedAt: null,
    customerId: null,
  };
}

export function getPayee(couch: Couch, kind: PayeeKind, profileId: string) {
  return getDoc(paymentsDb<PayeeDoc>(couch), payeeDocId(kind, profileId));
}

/** Read-modify-write of a payee; `change` gets the stored doc or a fresh empty one. */
export function updatePayee(
  couch: Couch,
  kind: PayeeKind,
  profileId: string,
  change: (current: PayeeDoc) => PayeeDoc | null,
) {
  return updateDoc(paymentsDb<PayeeDoc>(couch), payeeDocId(kind, profileId), (current) =>
    change(current ?? emptyPayee(kind, profileId)),
  );
}

/** The payment behind a pass or a PT session (by its pass or payment id), or null. */
export function getPayment(couch: Couch, passId: string) {
  return getDoc(paymentsDb<PaymentDoc>(couch), paymentDocId(passId));
}

/** Writes a new document once: false when its id is stored already (an earlier or parallel delivery's). */
async function createOnce(couch: Couch, doc: PaymentsDoc): Promise<boolean> {
  try {
    await paymentsDb(couch).insert(doc);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/** Records a payment once (its id is derived from the checkout session: a re-delivery finds it). */
export function recordPayment(couch: Couch, payment: PaymentDoc): Promise<boolean> {
  return createOnce(couch, payment);
}

/** Read-modify-write of a payment under its revision (`updateDoc`: null leaves it as it is). */
export function updatePayment(
  couch: Couch,
  passId: string,
  change: (current: (PaymentDoc & { _rev: string }) | null) => PaymentDoc | null,
) {
  return updateDoc(paymentsDb<PaymentDoc>(couch), paymentDocId(passId), change);
}

/** The payment a Stripe payment intent paid, or null. */
export async function paymentOfIntent(couch: Couch, paymentIntentId: string): Promise<PaymentDoc | null> {
  const docs = await findDocs<PaymentDoc>(couch, QUERIES.paymentOfIntent(paymentIntentId));
  return docs[0] ?? null;
}

/** Whose Express account this is, or null. */
export function getConnectAccount(couch: Couch, accountId: string) {
  return getDoc(paymentsDb<ConnectAccountDoc>(couch), connectAccountDocId(accountId));
}

/** Records whose Express account this is (once: a second record of it is the first). */
export async function recordConnectAccount(couch: Couch, accountId: string, kind: PayeeKind, profileId: string) {
  await createOnce(couch, { _id: connectAccountDocId(accountId), type: 'connect-account', kind, profileId });
}

/** Whether a Stripe event was applied (its marker is stored). */
export async function isEventApplied(couch: Couch, eventId: string): Promise<boolean> {
  return (await getDoc(paymentsDb<StripeEventDoc>(couch), stripeEventDocId(eventId))) !== null;
}

/** Marks a Stripe event applied (once: a parallel delivery's marker is as good). */
export async function markEventApplied(couch: Couch, eventId: string, eventType: string, processedAt: string) {
  await createOnce(couch, { _id: stripeEventDocId(eventId), type: 'stripe-event', eventType, processedAt });
}

/** A gym's subscription records, in id order. */
export function gymSubscriptions(couch: Couch, gymId: string): Promise<SubscriptionDoc[]> {
  return docsWithPrefix(paymentsDb<SubscriptionDoc>(couch), subscriptionDocPrefix(gymId));
}

/** Read-modify-write of a subscription record under its revision (`updateDoc`: null leaves it as it is). */
export function updateSubscription(
  couch: Couch,
  docId: string,
  change: (current: (SubscriptionDoc & { _rev: string }) | null) => SubscriptionDoc | null,
) {
  return updateDoc(paymentsDb<SubscriptionDoc>(couch), docId, change);
}
