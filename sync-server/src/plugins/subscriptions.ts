import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import type { Deps } from '../deps.ts';
import { basicPlanCheckout, customerPortal, SubscriptionRefusal } from '../services/payments/subscription-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

const ROUTES = { basicPlan: basicPlanCheckout, customerPortal } as const;

/**
 * The gym's plan (§7 "Payments and subscription"): 'Basic Subscription' → a subscription checkout,
 * Manage Plan → Stripe's billing portal. Each answers `{url}`; gyms only.
 */
export const subscriptionsPlugin: Plugin<Deps> = {
  name: 'subscriptions',
  register(server, deps) {
    for (const [name, start] of Object.entries(ROUTES)) {
      server.route({
        method: 'POST',
        path: `/api/subscriptions/gyms/${name}`,
        options: { auth: roleAccess('gym') },
        async handler(request) {
          try {
            return { url: await start(deps, credentialsOf(request).UserInfo.profileId) } satisfies RedirectResponse;
          } catch (err) {
            if (err instanceof SubscriptionRefusal) throw Boom.badRequest(err.message);
            throw err;
          }
        },
      });
    }
  },
};
