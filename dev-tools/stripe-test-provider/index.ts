import type { AddressInfo } from 'node:net';
import { createProviderServer } from './server.ts';
import type { Account } from './resources/accounts.ts';
import { createState } from './state.ts';
import { createWebhookSender, type WebhookDelivery } from './webhooks.ts';

export interface StripeTestProviderOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** The key clients must send as `Authorization: Bearer …` (e.g. `sk_test_local_…`). */
  secretKey: string;
  /** Signs every webhook (e.g. `whsec_local_…`); the receiving server verifies with the same secret. */
  webhookSecret: string;
  /** Where events are POSTed; may be set later with `setWebhookUrl` (events raised before then are not sent). */
  webhookUrl?: string | null;
  /** Base url the browser uses for hosted pages; defaults to `http://127.0.0.1:<port>`. */
  publicUrl?: string;
  /** Waits between delivery attempts after a failed one; defaults to 0.5 s, 2 s, 5 s. */
  webhookRetryDelaysMs?: number[];
  /**
   * The platform's page an Express dashboard returns to (Stripe shows a link back to the platform's
   * site there); without it the stand-in page offers no way back.
   */
  platformReturnUrl?: (account: Account) => string | null;
}

export interface StripeTestProvider {
  /** `http://127.0.0.1:<port>`, the API origin. */
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string | null): void;
  /** Every event raised so far, with its delivery status and attempts. */
  deliveries(): WebhookDelivery[];
  stop(): Promise<void>;
}

/**
 * Starts the local test payment provider on 127.0.0.1: the part of Stripe's API Mastr uses, its hosted
 * pages and signed webhooks. Point the real SDK at it with
 * `new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http' })`. State is in memory only.
 */
export async function startStripeTestProvider(options: StripeTestProviderOptions): Promise<StripeTestProvider> {
  const webhooks = createWebhookSender({
    secret: options.webhookSecret,
    url: options.webhookUrl ?? null,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [500, 2_000, 5_000],
  });
  let origin = '';
  const server = createProviderServer({
    secretKey: options.secretKey,
    state: createState(),
    webhooks,
    publicUrl: () => options.publicUrl?.replace(/\/$/, '') ?? origin,
    platformReturnUrl: options.platformReturnUrl,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    port,
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    deliveries: () => webhooks.deliveries(),
    async stop() {
      await webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
