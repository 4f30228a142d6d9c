import { newId, unixNow, type ProviderState } from '../state.ts';
import type { Refund } from './refunds.ts';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded';
  customer: string | null;
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  latest_charge: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: true;
  captured: true;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  customer: string | null;
  metadata: Record<string, string>;
  refunds: { object: 'list'; data: Refund[]; has_more: false; total_count: number; url: string };
  created: number;
  livemode: false;
}

export interface SucceededPayment {
  amount: number;
  currency: string;
  customer: string | null;
  applicationFeeAmount: number | null;
  destination: string | null;
  metadata: Record<string, string>;
}

/** A paid checkout: the succeeded payment intent and its charge (which refunds then draw down). */
export function recordSucceededPayment(state: ProviderState, payment: SucceededPayment): PaymentIntent {
  const created = unixNow();
  const paymentIntentId = newId('pi');
  const chargeId = newId('ch');
  state.charges.add({
    id: chargeId,
    object: 'charge',
    amount: payment.amount,
    amount_captured: payment.amount,
    amount_refunded: 0,
    currency: payment.currency,
    paid: true,
    captured: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: paymentIntentId,
    customer: payment.customer,
    metadata: payment.metadata,
    refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/charges/${chargeId}/refunds` },
    created,
    livemode: false,
  });
  return state.paymentIntents.add({
    id: paymentIntentId,
    object: 'payment_intent',
    amount: payment.amount,
    amount_received: payment.amount,
    currency: payment.currency,
    status: 'succeeded',
    customer: payment.customer,
    application_fee_amount: payment.applicationFeeAmount,
    transfer_data: payment.destination ? { destination: payment.destination } : null,
    latest_charge: chargeId,
    metadata: payment.metadata,
    created,
    livemode: false,
  });
}
