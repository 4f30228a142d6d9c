import { afterEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createWebhookSender, signatureHeader, type WebhookSender } from './webhooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from './test-harness.ts';

const SECRET = 'whsec_local_unit';

describe('webhook signatures', () => {
  it('signs like Stripe: the SDK verifies the header, and refuses a stale timestamp', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated' });
    const stale = Math.floor(Date.now() / 1000) - 3600;

    expect(Stripe.webhooks.constructEvent(payload, signatureHeader(payload, SECRET), SECRET).id).toBe('evt_1');
    expect(() => Stripe.webhooks.constructEvent(payload, signatureHeader(payload, SECRET, stale), SECRET)).toThrow(
      /tolerance/i,
    );
  });
});

describe('webhook delivery', () => {
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  afterEach(async () => {
    await sender.close();
    await receiver.stop();
  });

  it('retries until the endpoint answers 2xx, signing every attempt', async () => {
    receiver = await startWebhookReceiver();
    receiver.respondWith(500);
    sender = createWebhookSender({ secret: SECRET, url: receiver.url, retryDelaysMs: [5, 5, 5] });
    const sending = sender.send([{ type: 'account.updated', object: { id: 'acct_1' } }]);
    while (receiver.received.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    receiver.respondWith(200);

    await sending;

    const [delivery] = sender.deliveries();
    expect(delivery).toMatchObject({ status: 'delivered', url: receiver.url });
    expect(delivery!.attempts.at(-1)).toMatchObject({ statusCode: 200 });
    expect(delivery!.attempts.slice(0, 2)).toEqual([
      expect.objectContaining({ statusCode: 500 }),
      expect.objectContaining({ statusCode: 500 }),
    ]);
    for (const { rawBody, signature } of receiver.received) {
      expect(Stripe.webhooks.constructEvent(rawBody, signature, SECRET)).toMatchObject({
        type: 'account.updated',
        data: { object: { id: 'acct_1' } },
      });
    }
  });

  it('gives up after the last retry and records the failure', async () => {
    receiver = await startWebhookReceiver();
    receiver.respondWith(400);
    sender = createWebhookSender({ secret: SECRET, url: receiver.url, retryDelaysMs: [1, 1] });

    await sender.send([{ type: 'charge.refunded', object: { id: 'ch_1' } }]);

    expect(sender.deliveries()).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: [expect.anything(), expect.anything(), expect.anything()],
      }),
    ]);
  });

  it('records events raised before any webhook url is set as not sent', async () => {
    receiver = await startWebhookReceiver();
    sender = createWebhookSender({ secret: SECRET, url: null, retryDelaysMs: [] });

    await sender.send([{ type: 'account.updated', object: { id: 'acct_1' } }]);
    sender.setUrl(receiver.url);
    await sender.send([{ type: 'account.updated', object: { id: 'acct_2' } }]);

    expect(sender.deliveries().map((delivery) => delivery.status)).toEqual(['no-endpoint', 'delivered']);
    expect(receiver.received).toHaveLength(1);
  });
});
