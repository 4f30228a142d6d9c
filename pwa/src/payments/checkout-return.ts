/**
 * Where Stripe sends the browser back (design/payments.md "Calls"): the member's passes with
 * `?checkout=success&session_id=…` after paying, the gym's profile with `?checkout=cancelled` after
 * giving up. These pure functions read those addresses and say what to show.
 */

export type CheckoutReturn =
  /** `sessionId` is null when the address carries none (or Stripe's placeholder was left unfilled). */
  { status: 'success'; sessionId: string | null } | { status: 'cancelled' };

export const CHECKOUT_TEXTS = {
  paid: 'Payment received. Your pass will appear here in a moment.',
  ready: 'Your pass is ready.',
  cancelled: 'Payment cancelled. You have not been charged.',
} as const;

/** Back from a paid PT checkout: the session arrives by sync. */
export const SESSION_PAID_TEXT = 'Payment received. Your session will appear here in a moment.';

/** Stripe fills this placeholder of the success address with the session id. */
const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function checkoutReturnOf(search: string | URLSearchParams): CheckoutReturn | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const checkout = params.get('checkout');
  if (checkout === 'cancelled') return { status: 'cancelled' };
  if (checkout !== 'success') return null;
  const sessionId = params.get('session_id')?.trim() ?? '';
  return { status: 'success', sessionId: sessionId && sessionId !== SESSION_PLACEHOLDER ? sessionId : null };
}

/**
 * The line after paying: 'received' until the pass the session paid for is on the device (it comes
 * by sync, once the webhook has issued it), then 'ready'. Without a known pass id it can only say
 * the payment was received.
 */
export function paidNotice(expectedPassId: string | null, passIdsOnDevice: ReadonlySet<string>): string {
  return expectedPassId && passIdsOnDevice.has(expectedPassId) ? CHECKOUT_TEXTS.ready : CHECKOUT_TEXTS.paid;
}

/** The address without the checkout parameters, for dismissing the notice (other parameters stay). */
export function withoutCheckoutParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('checkout');
  params.delete('session_id');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Stripe's return to /gymdashboard/stripe after the plan checkout: `?subscription=success|cancelled`. */
export function subscriptionReturnOf(search: string): 'success' | 'cancelled' | null {
  const value = new URLSearchParams(search).get('subscription');
  return value === 'success' || value === 'cancelled' ? value : null;
}

export const PLAN_PENDING_TEXT = 'Payment received. Your plan will show here in a moment.';

/**
 * The line on the plan section after the plan checkout: until the subscription's webhook has made
 * the gym subscribed, the payment is acknowledged; a cancelled checkout says nothing was charged.
 */
export function planReturnNotice(back: 'success' | 'cancelled' | null, subscribed: boolean): string | null {
  if (back === 'cancelled') return CHECKOUT_TEXTS.cancelled;
  return back === 'success' && !subscribed ? PLAN_PENDING_TEXT : null;
}
