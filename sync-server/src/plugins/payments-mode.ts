import type { Plugin } from '@hapi/hapi';
import type { PaymentsModeResponse } from '@mastr/rules/api/payments.ts';
import type { Deps } from '../deps.ts';

/** GET /api/payments/mode (public): 'live', 'test' or 'local-test', so the PWA can mark test payments. */
export const paymentsModePlugin: Plugin<Deps> = {
  name: 'payments-mode',
  register(server, deps) {
    server.route({
      method: 'GET',
      path: '/api/payments/mode',
      options: { auth: false },
      handler: () => ({ mode: deps.config.stripe.mode }) satisfies PaymentsModeResponse,
    });
  },
};
