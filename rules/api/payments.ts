/**
 * Payments and subscription (§7): Connect links and the gym's plan answer a RedirectResponse; the
 * payments mode tells the PWA whether to mark payments as tests; Stripe posts its events.
 */

/** Stripe live, Stripe's test mode, or the local test provider `npm start` runs without Stripe keys. */
export type PaymentsMode = 'live' | 'test' | 'local-test';

/** GET /api/payments/mode (public). */
export interface PaymentsModeResponse {
  mode: PaymentsMode;
  /** What the gym's Basic Subscription costs a month, in pence, as its checkout charges it (Select Plan shows it). */
  basicPlanPricePence: number;
}

/** Who has a Stripe Connect account: POST /api/stripe/{gym|coach}/express_{onboarding|login}_link. */
export type PayeeKind = 'gym' | 'coach';

/** POST /api/stripe/webhook (Stripe's call, signed): what became of the event. */
export interface StripeWebhookResponse {
  received: true;
  outcome: 'applied' | 'already-applied' | 'ignored';
}
