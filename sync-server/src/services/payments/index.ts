// The payments domain's public surface: what other folders may import from it.
export {
  CHECKOUT_REFUSALS,
  CheckoutRefusal,
  createDayPassCheckout,
  createMastrClassCheckout,
} from './checkout-service.ts';
export { ConnectRefusal, loginLink, NOT_ONBOARDED, onboardingLink } from './connect-service.ts';
export { onboardDemoPayees, startLocalPayments, webhookUrlOf } from './local-test-provider.ts';
export { cancelOwnDayPass, MEMBER_CANCEL_MESSAGES } from './member-cancellation.ts';
export { cancelOwnMastrPass, MASTR_CANCEL_MESSAGES } from './member-mastr-cancellation.ts';
export {
  createCoachRequestCheckout,
  createGymRequestCheckout,
  PT_CHECKOUT_CONFLICTS,
  PT_CHECKOUT_REFUSALS,
  type PtCheckoutOutcome,
} from './pt-checkout-service.ts';
export { createStripeClient } from './stripe-client.ts';
export {
  applySubscriptionEvent,
  basicPlanCheckout,
  cancelGymPlans,
  customerPortal,
  reconcileGymPlan,
  SUBSCRIPTION_REFUSALS,
  SubscriptionRefusal,
} from './subscription-service.ts';
export { handleStripeEvent } from './webhook-service.ts';
