import { invalidRequest, missingParam } from '../errors.ts';
import type { Params } from '../params.ts';
import { newId, unixNow, type ResourceContext } from '../state.ts';
import { addCustomer } from './customers.ts';
import { recordSucceededPayment } from './payment-intents.ts';
import { startSubscription } from './subscriptions.ts';

type Mode = 'payment' | 'subscription';

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: Mode;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  payment_intent: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface LineItem {
  unit_amount: number;
  currency: string;
  /** Set in subscription mode only ('month'). */
  interval: string | null;
  productName: string;
  description: string | null;
  quantity: number;
}

/** The public session plus what Stripe keeps to itself until payment (line items, payment intent data). */
export interface StoredCheckoutSession {
  id: string;
  session: CheckoutSession;
  lineItems: LineItem[];
  applicationFeeAmount: number | null;
  destination: string | null;
  paymentIntentMetadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
}

// Stripe's bounds for `expires_at`; the default is the longest. The grace keeps a caller that asks for
// exactly 30 minutes from its own clock from being refused because a second ticked on the way here.
const MIN_LIFETIME_SECONDS = 30 * 60;
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
const CLOCK_GRACE_SECONDS = 60;

/** POST /v1/checkout/sessions (modes 'payment' and 'subscription', `price_data` line items). */
export function createCheckoutSession(context: ResourceContext, params: Params): CheckoutSession {
  const { state, publicUrl } = context;
  const mode = params.string('mode');
  if (mode !== 'payment' && mode !== 'subscription') {
    throw invalidRequest(`This test provider implements checkout modes 'payment' and 'subscription', not '${mode}'.`, {
      param: 'mode',
    });
  }
  const lineItems = readLineItems(params, mode);
  const amount = lineItems.reduce((total, item) => total + item.unit_amount * item.quantity, 0);
  const created = unixNow();
  const expiresAt = params.optionalInteger('expires_at') ?? created + MAX_LIFETIME_SECONDS;
  if (
    expiresAt < created + MIN_LIFETIME_SECONDS - CLOCK_GRACE_SECONDS ||
    expiresAt > created + MAX_LIFETIME_SECONDS + CLOCK_GRACE_SECONDS
  ) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      { param: 'expires_at' },
    );
  }
  const customer = params.optionalString('customer');
  if (customer) state.customers.get(customer, 'customer');
  const applicationFeeAmount = params.optionalInteger('payment_intent_data[application_fee_amount]');
  if (applicationFeeAmount !== null && (applicationFeeAmount < 0 || applicationFeeAmount > amount)) {
    throw invalidRequest('The application fee must be between 0 and the amount of the payment.', {
      param: 'payment_intent_data[application_fee_amount]',
    });
  }
  const destination = readDestination(context, params);
  const id = newId('cs_test');
  const stored = state.checkoutSessions.add({
    id,
    session: {
      id,
      object: 'checkout.session',
      url: `${publicUrl}/checkout/${id}`,
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: lineItems[0]!.currency,
      metadata: params.stringMap('metadata'),
      client_reference_id: params.optionalString('client_reference_id'),
      customer,
      customer_email: params.optionalString('customer_email'),
      customer_details: null,
      payment_intent: null,
      subscription: null,
      success_url: params.string('success_url'),
      cancel_url: params.optionalString('cancel_url'),
      expires_at: expiresAt,
      created,
      livemode: false,
    },
    lineItems,
    applicationFeeAmount,
    destination,
    paymentIntentMetadata: params.stringMap('payment_intent_data[metadata]'),
    subscriptionMetadata: params.stringMap('subscription_data[metadata]'),
  });
  return stored.session;
}

/** GET /v1/checkout/sessions/{id}, also used by the hosted page. Expiry is applied when the session is read. */
export function findCheckoutSession({ state }: ResourceContext, id: string): StoredCheckoutSession {
  const stored = state.checkoutSessions.get(id);
  const { session } = stored;
  if (session.status === 'open' && unixNow() >= session.expires_at) {
    session.status = 'expired';
    session.url = null;
  }
  return stored;
}

/**
 * The hosted page's 'Pay' on an open session: the money moves and the events are queued in Stripe's
 * order — `checkout.session.completed`, then for subscriptions `customer.subscription.created`.
 * Returns where the browser goes next (success_url with `{CHECKOUT_SESSION_ID}` filled in).
 */
export function payCheckoutSession(context: ResourceContext, stored: StoredCheckoutSession): string {
  const { state, emit } = context;
  const { session } = stored;
  if (session.status === 'open') {
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    session.customer_details = { email: session.customer_email };
    if (session.mode === 'payment') {
      session.payment_intent = recordSucceededPayment(state, {
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        applicationFeeAmount: stored.applicationFeeAmount,
        destination: stored.destination,
        metadata: stored.paymentIntentMetadata,
      }).id;
      emit('checkout.session.completed', session);
    } else {
      session.customer ??= addCustomer(state, session.customer_email).id;
      const [item] = stored.lineItems;
      const subscription = startSubscription(
        context,
        session.customer,
        {
          unit_amount: item!.unit_amount,
          currency: item!.currency,
          interval: item!.interval!,
          productName: item!.productName,
        },
        stored.subscriptionMetadata,
      );
      session.subscription = subscription.id;
      emit('checkout.session.completed', session);
      emit('customer.subscription.created', subscription);
    }
  }
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

function readLineItems(params: Params, mode: Mode): LineItem[] {
  const count = params.length('line_items');
  if (count === 0) throw missingParam('line_items');
  return Array.from({ length: count }, (_, index) => {
    const at = (path: string) => `line_items[${index}]${path}`;
    const interval = params.optionalString(at('[price_data][recurring][interval]'));
    if (mode === 'subscription' && !interval) {
      throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', {
        param: at('[price_data][recurring]'),
      });
    }
    if (mode === 'payment' && interval) {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        { param: at('[price_data][recurring]') },
      );
    }
    const unitAmount = params.integer(at('[price_data][unit_amount]'));
    const quantity = params.integer(at('[quantity]'));
    if (unitAmount < 0 || quantity < 1)
      throw invalidRequest('Line item amounts must be non-negative and quantities at least 1.', {
        param: at('[price_data]'),
      });
    return {
      unit_amount: unitAmount,
      currency: params.string(at('[price_data][currency]')).toLowerCase(),
      interval,
      productName: params.string(at('[price_data][product_data][name]')),
      description: params.optionalString(at('[price_data][product_data][description]')),
      quantity,
    };
  });
}

/** A Connect destination must exist and be able to receive transfers (i.e. finished onboarding), as on Stripe. */
function readDestination({ state }: ResourceContext, params: Params): string | null {
  const param = 'payment_intent_data[transfer_data][destination]';
  const id = params.optionalString(param);
  if (!id) return null;
  const account = state.accounts.get(id, param);
  if (account.capabilities.transfers !== 'active') {
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments.',
      { param },
    );
  }
  return account.id;
}
