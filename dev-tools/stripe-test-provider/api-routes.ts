import type { Params } from './params.ts';
import { createAccount, createAccountLink, createLoginLink } from './resources/accounts.ts';
import { createBillingPortalSession } from './resources/billing-portal.ts';
import { createCheckoutSession, findCheckoutSession } from './resources/checkout-sessions.ts';
import { createCustomer } from './resources/customers.ts';
import { createRefund } from './resources/refunds.ts';
import { cancelSubscriptionNow, listSubscriptions } from './resources/subscriptions.ts';
import { createTransfer, createTransferReversal } from './resources/transfers.ts';
import type { ResourceContext } from './state.ts';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the path; the first capture group, if any, is the object id. */
  pattern: RegExp;
  handle(context: ResourceContext, params: Params, id: string): object;
}

const ID = '([A-Za-z0-9_]+)';

/** The part of Stripe's v1 API that Mastr uses (see README.md), each answering what Stripe answers. */
export const apiRoutes: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    handle: (context, params) => createCheckoutSession(context, params),
  },
  {
    method: 'GET',
    pattern: route('/v1/checkout/sessions/'),
    handle: (context, _, id) => findCheckoutSession(context, id).session,
  },
  { method: 'POST', pattern: /^\/v1\/customers$/, handle: ({ state }, params) => createCustomer(state, params) },
  { method: 'GET', pattern: route('/v1/customers/'), handle: ({ state }, _, id) => state.customers.get(id) },
  { method: 'POST', pattern: /^\/v1\/accounts$/, handle: (context, params) => createAccount(context, params) },
  { method: 'GET', pattern: route('/v1/accounts/'), handle: ({ state }, _, id) => state.accounts.get(id) },
  {
    method: 'POST',
    pattern: route('/v1/accounts/', '/login_links'),
    handle: (context, _, id) => createLoginLink(context, id),
  },
  { method: 'POST', pattern: /^\/v1\/account_links$/, handle: (context, params) => createAccountLink(context, params) },
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/sessions$/,
    handle: (context, params) => createBillingPortalSession(context, params),
  },
  { method: 'GET', pattern: route('/v1/subscriptions/'), handle: ({ state }, _, id) => state.subscriptions.get(id) },
  { method: 'GET', pattern: /^\/v1\/subscriptions$/, handle: ({ state }, params) => listSubscriptions(state, params) },
  {
    method: 'DELETE',
    pattern: route('/v1/subscriptions/'),
    handle: (context, _, id) => cancelSubscriptionNow(context, id),
  },
  { method: 'GET', pattern: route('/v1/payment_intents/'), handle: ({ state }, _, id) => state.paymentIntents.get(id) },
  { method: 'GET', pattern: route('/v1/charges/'), handle: ({ state }, _, id) => state.charges.get(id) },
  { method: 'POST', pattern: /^\/v1\/refunds$/, handle: (context, params) => createRefund(context, params) },
  { method: 'GET', pattern: route('/v1/refunds/'), handle: ({ state }, _, id) => state.refunds.get(id) },
  { method: 'POST', pattern: /^\/v1\/transfers$/, handle: ({ state }, params) => createTransfer(state, params) },
  { method: 'GET', pattern: route('/v1/transfers/'), handle: ({ state }, _, id) => state.transfers.get(id) },
  {
    method: 'POST',
    pattern: route('/v1/transfers/', '/reversals'),
    handle: ({ state }, params, id) => createTransferReversal(state, params, id),
  },
];

function route(prefix: string, suffix = ''): RegExp {
  const escape = (text: string) => text.replace(/[/.]/g, '\\$&');
  return new RegExp(`^${escape(prefix)}${ID}${escape(suffix)}$`);
}
