/** The payment calls of §7 "Payments and subscription", plus the member's own day-pass and Mastr-pass cancellations. Each answers an address to send the browser to, except the cancel. */
import type { MemberCancelResponse } from '@mastr/rules/api/booking.ts';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import type { PayeeKind } from '@mastr/rules/api/payments.ts';
import { callApi } from '../api/index.ts';

/**
 * The Stripe link a gym or coach needs now (§2 "Stripe"): the Express dashboard login once their
 * details are submitted, else the onboarding that collects them.
 */
export function openStripeLink(kind: PayeeKind, detailsSubmitted: boolean): Promise<RedirectResponse> {
  const link = detailsSubmitted ? 'express_login_link' : 'express_onboarding_link';
  return callApi(`POST /api/stripe/${kind}/${link}`, { auth: true });
}

/** 'Basic Subscription': a subscription checkout for the signed-in gym. */
export function openBasicPlanCheckout(): Promise<RedirectResponse> {
  return callApi('POST /api/subscriptions/gyms/basicPlan', { auth: true });
}

/** The Basic Subscription's monthly price in pence, as its checkout charges it; null when the server cannot be asked. */
export async function loadBasicPlanPrice(): Promise<number | null> {
  try {
    return (await callApi('GET /api/payments/mode', {})).basicPlanPricePence;
  } catch {
    return null;
  }
}

/** 'Manage Plan': Stripe's billing portal for the signed-in gym's subscription. */
export function openCustomerPortal(): Promise<RedirectResponse> {
  return callApi('POST /api/subscriptions/gyms/customerPortal', { auth: true });
}

/** The member cancels their own Mastr class pass (decision 70); the server applies the refund rule. */
export function cancelMemberMastrPass(passId: string): Promise<MemberCancelResponse> {
  return callApi('POST /api/booking/user/cancel_mastr_pass/{id}', { params: { id: passId }, auth: true });
}

/** The member cancels one of their own day passes; the server applies the refund rule. */
export function cancelMemberDayPass(passId: string): Promise<MemberCancelResponse> {
  return callApi('POST /api/booking/user/cancel_day_pass/{id}', { params: { id: passId }, auth: true });
}
