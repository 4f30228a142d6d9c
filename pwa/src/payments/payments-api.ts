/** The payment calls of §7 "Payments and subscription", plus the member's own day-pass cancellation. Each answers an address to send the browser to, except the cancel. */
import { api } from '../api/http.ts';

export interface RedirectAnswer {
  url: string;
}

export type PayeeKind = 'gym' | 'coach';

/**
 * The Stripe link a gym or coach needs now (§2 "Stripe"): the Express dashboard login once their
 * details are submitted, else the onboarding that collects them.
 */
function stripeLinkPath(kind: PayeeKind, detailsSubmitted: boolean): string {
  return `/api/stripe/${kind}/${detailsSubmitted ? 'express_login_link' : 'express_onboarding_link'}`;
}

export function openStripeLink(kind: PayeeKind, detailsSubmitted: boolean): Promise<RedirectAnswer> {
  return api<RedirectAnswer>(stripeLinkPath(kind, detailsSubmitted), { method: 'POST', auth: true });
}

/** 'Basic Subscription': a subscription checkout for the signed-in gym. */
export function openBasicPlanCheckout(): Promise<RedirectAnswer> {
  return api<RedirectAnswer>('/api/subscriptions/gyms/basicPlan', { method: 'POST', auth: true });
}

/** 'Manage Plan': Stripe's billing portal for the signed-in gym's subscription. */
export function openCustomerPortal(): Promise<RedirectAnswer> {
  return api<RedirectAnswer>('/api/subscriptions/gyms/customerPortal', { method: 'POST', auth: true });
}

export interface CancelAnswer {
  /** What happened, in the server's words (it knows whether anything was paid and refunded). */
  message?: unknown;
  refundedPence?: unknown;
}

/** The member cancels one of their own day passes; the server applies the refund rule. */
export function cancelMemberDayPass(passId: string): Promise<CancelAnswer | undefined> {
  return api<CancelAnswer | undefined>(`/api/booking/user/cancel_day_pass/${encodeURIComponent(passId)}`, {
    method: 'POST',
    auth: true,
  });
}
