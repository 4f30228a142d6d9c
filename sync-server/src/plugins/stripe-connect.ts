import Boom from '@hapi/boom';
import type { Deps } from '../deps.ts';
import { ConnectRefusal, loginLink, onboardingLink } from '../services/payments/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

const LINKS = { express_onboarding_link: onboardingLink, express_login_link: loginLink } as const;

/**
 * Stripe Connect for gyms and coaches (§7 "Payments and subscription"): the onboarding link (the
 * Express account is created on first use) and the Express dashboard link, which needs a finished
 * onboarding (400 before). Each answers `{url}`; the page then redirects.
 */
export const stripeConnectPlugin = contractPlugin('stripe-connect', (deps: Deps) =>
  (['gym', 'coach'] as const).flatMap((kind) =>
    (Object.keys(LINKS) as (keyof typeof LINKS)[]).map((name) =>
      defineRoute(`POST /api/stripe/${kind}/${name}`, {
        options: { auth: roleAccess(kind) },
        async handler(request) {
          try {
            const url = await LINKS[name](deps, kind, credentialsOf(request).UserInfo.profileId);
            return { url };
          } catch (err) {
            if (err instanceof ConnectRefusal) throw Boom.badRequest(err.message);
            throw err;
          }
        },
      }),
    ),
  ),
);
