import Boom from '@hapi/boom';
import type { Deps } from '../deps.ts';
import { basicPlanCheckout, customerPortal, SubscriptionRefusal } from '../services/payments/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

const ROUTES = { basicPlan: basicPlanCheckout, customerPortal } as const;

/**
 * The gym's plan (§7 "Payments and subscription"): 'Basic Subscription' → a subscription checkout,
 * Manage Plan → Stripe's billing portal. Each answers `{url}`; gyms only.
 */
export const subscriptionsPlugin = contractPlugin('subscriptions', (deps: Deps) =>
  (Object.keys(ROUTES) as (keyof typeof ROUTES)[]).map((name) =>
    defineRoute(`POST /api/subscriptions/gyms/${name}`, {
      options: { auth: roleAccess('gym') },
      async handler(request) {
        try {
          return { url: await ROUTES[name](deps, credentialsOf(request).UserInfo.profileId) };
        } catch (err) {
          if (err instanceof SubscriptionRefusal) throw Boom.badRequest(err.message);
          throw err;
        }
      },
    }),
  ),
);
