import { invalidRequest } from './errors.ts';
import { billingPortalPage, checkoutPage, expressDashboardPage, messagePage, onboardingPage } from './hosted-pages.ts';
import type { Params } from './params.ts';
import { completeOnboarding, isAccountLinkUsable } from './resources/accounts.ts';
import { findCheckoutSession, payCheckoutSession } from './resources/checkout-sessions.ts';
import { cancelSubscription } from './resources/subscriptions.ts';
import type { ResourceContext } from './state.ts';

/** A hosted page answers HTML, or sends the browser on (303, so a POSTed form becomes a GET). */
export type HostedReply = { html: string; status?: number } | { redirect: string };

export interface HostedRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(context: ResourceContext, form: Params, id: string): HostedReply;
}

const EXPIRED = {
  html: messagePage('Checkout expired', 'This checkout session has expired. Please start again.'),
  status: 410,
};

/** The browser side: checkout, Connect onboarding, the Express dashboard stand-in and the billing portal. */
export const hostedRoutes: HostedRoute[] = [
  {
    method: 'GET',
    pattern: /^\/checkout\/([A-Za-z0-9_]+)$/,
    handle(context, _, id) {
      const { session, lineItems } = findCheckoutSession(context, id);
      return { html: checkoutPage(session, lineItems), status: session.status === 'expired' ? 410 : 200 };
    },
  },
  {
    method: 'POST',
    pattern: /^\/checkout\/([A-Za-z0-9_]+)\/pay$/,
    handle(context, _, id) {
      const stored = findCheckoutSession(context, id);
      return stored.session.status === 'expired' ? EXPIRED : { redirect: payCheckoutSession(context, stored) };
    },
  },
  {
    method: 'POST',
    pattern: /^\/checkout\/([A-Za-z0-9_]+)\/cancel$/,
    handle(context, _, id) {
      // Like Stripe, cancelling leaves the session open: the customer may come back to it.
      const { session } = findCheckoutSession(context, id);
      return session.cancel_url
        ? { redirect: session.cancel_url }
        : { html: messagePage('Checkout', 'Payment cancelled.') };
    },
  },
  {
    method: 'GET',
    pattern: /^\/onboarding\/([A-Za-z0-9_]+)$/,
    handle({ state }, _, id) {
      const link = state.accountLinks.get(id);
      if (!isAccountLinkUsable(link)) return { redirect: link.refresh_url };
      return { html: onboardingPage(state.accounts.get(link.account), link.id) };
    },
  },
  {
    method: 'POST',
    pattern: /^\/onboarding\/([A-Za-z0-9_]+)\/complete$/,
    handle(context, _, id) {
      const link = context.state.accountLinks.get(id);
      return { redirect: isAccountLinkUsable(link) ? completeOnboarding(context, link) : link.refresh_url };
    },
  },
  {
    method: 'GET',
    pattern: /^\/express\/([A-Za-z0-9_]+)$/,
    handle({ state, platformReturnUrl }, _, id) {
      const account = state.accounts.get(state.loginLinks.get(id).account);
      return { html: expressDashboardPage(account, platformReturnUrl?.(account) ?? null) };
    },
  },
  {
    method: 'GET',
    pattern: /^\/billing-portal\/([A-Za-z0-9_]+)$/,
    handle({ state }, _, id) {
      const portal = state.billingPortalSessions.get(id);
      const subscriptions = state.subscriptions
        .values()
        .filter((subscription) => subscription.customer === portal.customer);
      return {
        html: billingPortalPage(portal.id, state.customers.get(portal.customer), subscriptions, portal.return_url),
      };
    },
  },
  {
    method: 'POST',
    pattern: /^\/billing-portal\/([A-Za-z0-9_]+)\/cancel$/,
    handle(context, form, id) {
      const portal = context.state.billingPortalSessions.get(id);
      const subscription = context.state.subscriptions.get(form.string('subscription'), 'subscription');
      if (subscription.customer !== portal.customer)
        throw invalidRequest('This subscription belongs to another customer.');
      cancelSubscription(context, subscription);
      return { redirect: portal.return_url ?? `/billing-portal/${portal.id}` };
    },
  },
];
