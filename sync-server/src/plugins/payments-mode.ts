import type { Deps } from '../deps.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/**
 * GET /api/payments/mode (public): 'live', 'test' or 'local-test', so the PWA can mark test payments,
 * and the plan's monthly price from the same setting its checkout charges, so a gym sees the price
 * before it is sent to pay (issue 24).
 */
export const paymentsModePlugin = contractPlugin('payments-mode', (deps: Deps) => [
  defineRoute('GET /api/payments/mode', {
    options: { auth: false },
    handler: () => ({
      mode: deps.config.stripe.mode,
      basicPlanPricePence: deps.config.fees.basicPlanPricePence,
    }),
  }),
]);
