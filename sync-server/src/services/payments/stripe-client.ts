import Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';

/**
 * The one Stripe SDK client of a server. With `apiUrl` set (the local test provider) the SDK talks to
 * that address instead of api.stripe.com; everything else — requests, errors, idempotency keys,
 * webhook verification — is the SDK's own code path, so development runs what production runs.
 */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey, { maxNetworkRetries: 2 });
  const api = new URL(settings.apiUrl);
  const protocol = api.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(settings.secretKey, {
    host: api.hostname,
    port: Number(api.port || (protocol === 'https' ? 443 : 80)),
    protocol,
    maxNetworkRetries: 2,
  });
}

/** Stripe's "No such …" answer (an id it does not know), e.g. a test account the local provider forgot on restart. */
export function isResourceMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';
}
