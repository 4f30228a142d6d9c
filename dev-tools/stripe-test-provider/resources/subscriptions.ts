import { newId, unixNow, type ResourceContext } from '../state.ts';

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
