import Boom from '@hapi/boom';
import type Stripe from 'stripe';
import type { Deps } from '../deps.ts';
import { handleStripeEvent } from '../services/payments/index.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * POST /api/stripe/webhook: Stripe's events (design/payments.md "Webhooks and idempotency"). The
 * signature covers the exact bytes sent, so the body is taken raw; without a valid signature nothing
 * is read or written (400). Events Mastr does not use answer 200 so Stripe stops sending them.
 */
export const stripeWebhookPlugin = contractPlugin('stripe-webhook', (deps: Deps) => [
  defineRoute('POST /api/stripe/webhook', {
    options: { auth: false, payload: { parse: false, output: 'data' } },
    async handler(request) {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) throw Boom.badRequest('Missing Stripe-Signature header.');
      const body = Buffer.isBuffer(request.payload) ? request.payload : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(body, signature, deps.config.stripe.webhookSecret);
      } catch {
        throw Boom.badRequest('Invalid Stripe signature.');
      }
      return { received: true as const, outcome: await handleStripeEvent(deps, event) };
    },
  }),
]);
