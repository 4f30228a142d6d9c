import { randomBytes } from 'node:crypto';
import { startStripeTestProvider } from './index.ts';

/**
 * Runs the provider on its own: `npx tsx dev-tools/stripe-test-provider/cli.ts`. Environment:
 * - STRIPE_TEST_PROVIDER_PORT (default 12111);
 * - STRIPE_TEST_PROVIDER_SECRET_KEY / STRIPE_TEST_PROVIDER_WEBHOOK_SECRET (generated `sk_test_local_…` /
 *   `whsec_local_…` when unset; deliberately not STRIPE_SECRET_KEY, which may hold a real key);
 * - STRIPE_TEST_PROVIDER_WEBHOOK_URL (where events go);
 * - STRIPE_TEST_PROVIDER_PUBLIC_URL (base url of hosted pages, if not 127.0.0.1).
 */
const provider = await startStripeTestProvider({
  port: Number(process.env.STRIPE_TEST_PROVIDER_PORT ?? 12111),
  secretKey: process.env.STRIPE_TEST_PROVIDER_SECRET_KEY ?? `sk_test_local_${randomBytes(16).toString('hex')}`,
  webhookSecret: process.env.STRIPE_TEST_PROVIDER_WEBHOOK_SECRET ?? `whsec_local_${randomBytes(16).toString('hex')}`,
  webhookUrl: process.env.STRIPE_TEST_PROVIDER_WEBHOOK_URL ?? null,
  publicUrl: process.env.STRIPE_TEST_PROVIDER_PUBLIC_URL,
});

console.log(`Stripe test provider listening on ${provider.url} (state is in memory: a restart forgets everything)`);
console.log(`  secret key:     ${provider.secretKey}`);
console.log(`  webhook secret: ${provider.webhookSecret}`);
console.log(
  `  webhooks to:    ${process.env.STRIPE_TEST_PROVIDER_WEBHOOK_URL ?? '(none: set STRIPE_TEST_PROVIDER_WEBHOOK_URL)'}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void provider.stop().then(() => process.exit(0)));
}
