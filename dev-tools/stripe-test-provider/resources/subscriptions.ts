import { resourceMissing } from '../errors.ts';
import type { Params } from '../params.ts';
import { newId, unixNow, type ProviderState, type ResourceContext } from '../state.ts';

interface SubscriptionPrice {
  unit_amount: number;
  currency: string;
  interval: string;
  productName: string;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'canceled';
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      quantity: number;
      price: {
        id: string;
        object: 'price';
        unit_amount: number;
        currency: string;
        recurring: { interval: string };
        product: string;
      };
    }[];
  };
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  livemode: false;
}

/** A paid subscription checkout's active subscription (the checkout announces it after its own event). */
export function startSubscription(
  { state }: ResourceContext,
  customer: string,
  price: SubscriptionPrice,
  metadata: Record<string, string>,
): Subscription {
  return state.subscriptions.add({
    id: newId('sub'),
    object: 'subscription',
    customer,
    status: 'active',
    metadata,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          quantity: 1,
          price: {
            id: newId('price'),
            object: 'price',
            unit_amount: price.unit_amount,
            currency: price.currency,
            recurring: { interval: price.interval },
            product: price.productName,
          },
        },
      ],
    },
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: unixNow(),
    livemode: false,
  });
}

/** The billing portal's 'Cancel subscription': cancelled at once, announced with `customer.subscription.deleted`. */
export function cancelSubscription({ emit }: ResourceContext, subscription: Subscription): void {
  if (subscription.status === 'canceled') return;
  const now = unixNow();
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  emit('customer.subscription.deleted', subscription);
}

/**
 * `subscriptions.cancel` (DELETE /v1/subscriptions/{id}): cancelled at once and announced with
 * `customer.subscription.deleted`. Like Stripe, a subscription cancelled already is "No such
 * subscription" (Stripe treats a cancelled subscription as deleted).
 */
export function cancelSubscriptionNow(context: ResourceContext, id: string): Subscription {
  const subscription = context.state.subscriptions.get(id);
  if (subscription.status === 'canceled') throw resourceMissing('subscription', id);
  cancelSubscription(context, subscription);
  return subscription;
}

/**
 * `subscriptions.list` (GET /v1/subscriptions): filtered by `customer` and `status` as Stripe does
 * (no status: every one but cancelled ones; `all`: every one), newest first, one page.
 */
export function listSubscriptions(state: ProviderState, params: Params) {
  const customer = params.optionalString('customer');
  const status = params.optionalString('status');
  const data = state.subscriptions
    .values()
    .filter((s) => (customer === null || s.customer === customer) && matchesStatus(s, status))
    .sort((a, b) => b.created - a.created);
  return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
}

function matchesStatus(subscription: Subscription, status: string | null): boolean {
  if (status === 'all') return true;
  return status === null ? subscription.status !== 'canceled' : subscription.status === status;
}
