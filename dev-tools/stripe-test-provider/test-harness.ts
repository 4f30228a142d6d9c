import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeTestProvider, type StripeTestProvider } from './index.ts';

/** A webhook endpoint as a server would have one: records each raw body and its signature header. */
export interface WebhookReceiver {
  url: string;
  received: { rawBody: string; signature: string }[];
  /** Answers every delivery with this status (default 200). */
  respondWith(status: number): void;
  /** Resolves with the first received delivery whose event has this type. */
  next(type: string): Promise<{ rawBody: string; signature: string }>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const waiters: { type: string; resolve: (delivery: { rawBody: string; signature: string }) => void }[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = {
        rawBody: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      };
      received.push(delivery);
      response.writeHead(status).end();
      if (status !== 200) return;
      const type = (JSON.parse(delivery.rawBody) as { type: string }).type;
      for (const waiter of waiters.filter((candidate) => candidate.type === type)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(delivery);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/stripe/webhook`,
    received,
    respondWith: (next) => {
      status = next;
    },
    next: (type) =>
      new Promise((resolve) => {
        const already = received.find((delivery) => (JSON.parse(delivery.rawBody) as { type: string }).type === type);
        if (already) resolve(already);
        else waiters.push({ type, resolve });
      }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SECRET_KEY = 'sk_test_local_unit';
export const WEBHOOK_SECRET = 'whsec_local_unit';

export interface Harness {
  provider: StripeTestProvider;
  receiver: WebhookReceiver;
  stripe: Stripe;
  stop(): Promise<void>;
}

/** A provider delivering to a local receiver, and the real SDK pointed at it. */
export async function startHarness(): Promise<Harness> {
  const receiver = await startWebhookReceiver();
  const provider = await startStripeTestProvider({
    port: 0,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [10, 10],
    platformReturnUrl: (account) => `https://app.example/back/${account.metadata.profileId ?? ''}`,
  });
  return {
    provider,
    receiver,
    stripe: stripeClient(provider, SECRET_KEY),
    async stop() {
      await provider.stop();
      await receiver.stop();
    },
  };
}

export function stripeClient(provider: StripeTestProvider, key: string): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: provider.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** Submits one of a hosted page's POST forms the way a browser would, without following the redirect. */
export function submitForm(
  provider: StripeTestProvider,
  path: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  return fetch(new URL(path, provider.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
