import type { Server } from '@hapi/hapi';
import type { StripeTestProvider } from '../../../../dev-tools/stripe-test-provider/index.ts';
import type { ServerConfig } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { DEMO_COACHES, DEMO_GYMS } from '../../seed/demo-data.ts';
import { onboardingLink } from './connect-service.ts';
import { basicPlanCheckout, reconcileGymPlan } from './subscription-service.ts';
import type { PayeeKind } from '../../couch/stores/payments-store.ts';

/**
 * Glue to the local test payment provider (dev-tools/stripe-test-provider), used by `npm start`,
 * `npm run dev` and the test stacks when no Stripe keys are set (config.stripe.mode 'local-test').
 * The provider is a development tool: it is loaded only here, only then.
 */

export interface LocalPayments {
  provider: StripeTestProvider;
  /** The configuration with `stripe.apiUrl` pointing at the provider. */
  config: ServerConfig;
}

/** Starts the provider with the configuration's generated key and secret; null unless in local-test mode. */
export async function startLocalPayments(
  config: ServerConfig,
  options: { webhookRetryDelaysMs?: number[] } = {},
): Promise<LocalPayments | null> {
  if (config.stripe.mode !== 'local-test') return null;
  const { startStripeTestProvider } = await import('../../../../dev-tools/stripe-test-provider/index.ts');
  const provider = await startStripeTestProvider({
    port: config.stripe.testProviderPort,
    secretKey: config.stripe.secretKey,
    webhookSecret: config.stripe.webhookSecret,
    // The Express dashboard stand-in links back to the account's own Stripe page of the app.
    platformReturnUrl: (account) =>
      `${config.publicUrl}/${account.metadata.mastrKind === 'coach' ? 'coachdashboard' : 'gymdashboard'}/stripe`,
    ...options,
  });
  return { provider, config: { ...config, stripe: { ...config.stripe, apiUrl: provider.url } } };
}

/** Where a started Hapi server receives webhooks, as a process on this machine reaches it. */
export function webhookUrlOf(server: Server): string {
  const { host, port, protocol } = server.info;
  const local = ['0.0.0.0', '::', 'localhost'].includes(host) ? '127.0.0.1' : host;
  return `${protocol}://${local.includes(':') ? `[${local}]` : local}:${port}/api/stripe/webhook`;
}

/**
 * The provider forgets everything when it stops, so on each start the demo gyms and coaches get a
 * fresh test account and complete its onboarding as their owners would on the hosted page (its
 * 'Complete onboarding' form), so the demo can take payments at once. The server must be listening:
 * onboarding is reported through `account.updated`.
 */
export async function onboardDemoPayees(deps: Deps): Promise<void> {
  const payees: [PayeeKind, string][] = [
    ...DEMO_GYMS.map((g): [PayeeKind, string] => ['gym', g.profileId]),
    ...DEMO_COACHES.map((c): [PayeeKind, string] => ['coach', c.profileId]),
  ];
  for (const [kind, profileId] of payees) {
    const link = await onboardingLink(deps, kind, profileId);
    const response = await fetch(`${link}/complete`, { method: 'POST', redirect: 'manual' });
    await response.body?.cancel();
    if (response.status !== 303) throw new Error(`Demo onboarding of ${kind} ${profileId} failed: ${response.status}`);
  }
  // The demo gyms' Basic plan is a real subscription on the provider, paid on its hosted checkout as
  // an owner would: the plan the Stripe page shows is then the one Manage Plan opens.
  // A plan the provider still runs (the same provider, a second seed) is kept.
  for (const gym of DEMO_GYMS) {
    if (await reconcileGymPlan(deps, gym.profileId)) continue;
    const checkout = await basicPlanCheckout(deps, gym.profileId);
    const response = await fetch(`${checkout}/pay`, { method: 'POST', redirect: 'manual' });
    await response.body?.cancel();
    if (response.status !== 303) throw new Error(`Demo plan of gym ${gym.profileId} failed: ${response.status}`);
  }
}
