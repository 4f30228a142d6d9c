import type { Plugin } from '@hapi/hapi';
import type { PaymentsModeResponse } from '@mastr/rules/api/payments.ts';
import type { Deps } from '../deps.ts';

/**
 * GET /api/payments/mode (public): 'live', 'test' or 'local-test', so the PWA can mark test payments,
 * and the plan's monthly price from the same setting its checkout charges, so a gym sees the price
 * before it is sent to pay (issue 24).
 */
export const paymentsModePlugin: Plugin<Deps> = {
  name: 'payments-mode',
  register(server, deps) {
    server.route({
      method: 'GET',
      path: '/api/payments/mode',
      options: { auth: false },
      handler: () =>
        ({
          mode: deps.config.stripe.mode,
          basicPlanPricePence: deps.config.fees.basicPlanPricePence,
        }) satisfies PaymentsModeResponse,
    });
  },
};
