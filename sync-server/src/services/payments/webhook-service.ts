import type Stripe from 'stripe';
import { decodeSale, SALE_KINDS } from '@mastr/rules/sale-metadata.ts';
import type { Deps } from '../../deps.ts';
import { applyAccountUpdated } from './connect-service.ts';
import { issuePaidPass } from './paid-passes.ts';
import { bookPaidSession } from './paid-sessions.ts';
import { isEventApplied, markEventApplied } from '../../couch/stores/payments-store.ts';
import { recordRefundsOfCharge } from '../refunds/index.ts';
import { applySubscriptionCheckout, applySubscriptionEvent } from './subscription-service.ts';

/**
 * Applies a verified Stripe event (design/payments.md "Webhooks and idempotency"). Stripe delivers at
 * least once, in parallel and out of order, so every effect is idempotent on its own (deterministic
 * CouchDB ids); the `stripe-event:{id}` marker, written once the effects are in, only lets a
 * re-delivery answer at once. A failure propagates, so Stripe retries later.
 */
export type EventOutcome = 'applied' | 'already-applied' | 'ignored';

export async function handleStripeEvent(deps: Deps, event: Stripe.Event): Promise<EventOutcome> {
  if (await isEventApplied(deps.couch, event.id)) return 'already-applied';
  if (!(await apply(deps, event))) return 'ignored';
  // Once: a parallel delivery of the same event that finished first marked it already.
  await markEventApplied(deps.couch, event.id, event.type, deps.now().toISOString());
  return 'applied';
}

/** False for events Mastr does not act on. */
async function apply(deps: Deps, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'subscription') await applySubscriptionCheckout(deps, session);
      else if (session.mode === 'payment' && session.payment_status === 'paid') {
        const paid = decodeSale(session.metadata);
        if (!paid) {
          // Another integration's session on the same Stripe account is none of ours; one that names
          // a Mastr sale yet does not decode is money taken for nothing issued: said loudly.
          if (SALE_KINDS.has(session.metadata?.kind ?? ''))
            deps.logger.error(
              { checkoutSessionId: session.id, metadata: session.metadata },
              'stripe: a paid session names a Mastr sale that does not decode; nothing issued',
            );
        } else if (paid.sale.kind === 'pt-session') await bookPaidSession(deps, session, paid.sale, paid.charge);
        else await issuePaidPass(deps, session, paid.sale, paid.charge);
      }
      return true;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await applySubscriptionEvent(
        deps,
        event.data.object,
        event.created,
        event.type === 'customer.subscription.deleted',
      );
      return true;
    case 'account.updated':
      await applyAccountUpdated(deps, event.data.object, event.created);
      return true;
    case 'charge.refunded':
      await recordRefundsOfCharge(deps, event.data.object);
      return true;
    default:
      return false;
  }
}
