import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import type { RedirectResponse } from '@mastr/rules/api/common.ts';
import type { Deps } from '../deps.ts';
import { ConnectRefusal, loginLink, onboardingLink } from '../services/payments/connect-service.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';

const LINKS = { express_onboarding_link: onboardingLink, express_login_link: loginLink } as const;

/**
 * Stripe Connect for gyms and coaches (§7 "Payments and subscription"): the onboarding link (the
 * Express account is created on first use) and the Express dashboard link, which needs a finished
 * onboarding (400 before). Each answers `{url}`; the page then redirects.
 */
export const stripeConnectPlugin: Plugin<Deps> = {
  name: 'stripe-connect',
  register(server, deps) {
    for (const kind of ['gym', 'coach'] as const) {
      for (const [name, link] of Object.entries(LINKS)) {
        server.route({
          method: 'POST',
          path: `/api/stripe/${kind}/${name}`,
          options: { auth: roleAccess(kind) },
          async handler(request) {
            try {
              const url = await link(deps, kind, credentialsOf(request).UserInfo.profileId);
              return { url } satisfies RedirectResponse;
            } catch (err) {
              if (err instanceof ConnectRefusal) throw Boom.badRequest(err.message);
              throw err;
            }
          },
        });
      }
    }
  },
};
