import { formatPence } from '@mastr/rules/money.ts';
import { invalidRequest } from '../errors.ts';
import type { Params } from '../params.ts';
import { newId, unixNow, type ResourceContext } from '../state.ts';
import type { Charge } from './payment-intents.ts';

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/**
 * POST /v1/refunds `{ payment_intent | charge, amount? }`: full by default, partial with `amount`,
 * never more than what is left on the charge. Emits `charge.refunded` with the updated charge, whose
 * `refunds.data` lists every refund (newest first) — the one event Stripe sends for all refund kinds.
 * `reverse_transfer` / `refund_application_fee` are accepted; there are no balances here to move.
 */
export function createRefund({ state, emit }: ResourceContext, params: Params): Refund {
  const charge = chargeToRefund(state, params);
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining === 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = params.optionalInteger('amount') ?? remaining;
  if (amount <= 0) throw invalidRequest('Refund amount must be positive.', { param: 'amount' });
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatPence(amount)}) is greater than unrefunded amount on charge (${formatPence(remaining)})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  const refund = state.refunds.add({
    id: newId('re'),
    object: 'refund',
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    status: 'succeeded',
    reason: params.optionalString('reason'),
    metadata: params.stringMap('metadata'),
    created: unixNow(),
  });
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  charge.refunds.data.unshift(refund);
  charge.refunds.total_count += 1;
  emit('charge.refunded', charge);
  return refund;
}

function chargeToRefund(state: ResourceContext['state'], params: Params): Charge {
  const chargeId = params.optionalString('charge');
  if (chargeId) return state.charges.get(chargeId, 'charge');
  const paymentIntentId = params.optionalString('payment_intent');
  if (!paymentIntentId)
    throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
  return state.charges.get(state.paymentIntents.get(paymentIntentId, 'payment_intent').latest_charge);
}
