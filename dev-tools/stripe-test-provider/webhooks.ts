import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { newId, unixNow, type EventDraft } from './state.ts';

interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

interface DeliveryAttempt {
  at: number;
  statusCode?: number;
  error?: string;
}

/** One event's delivery record: 'no-endpoint' when no webhook url was configured when it was sent. */
export interface WebhookDelivery {
  event: StripeEvent;
  url: string | null;
  status: 'pending' | 'delivered' | 'failed' | 'no-endpoint';
  attempts: DeliveryAttempt[];
}

/** `Stripe-Signature` exactly as Stripe makes it: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export function signatureHeader(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSender {
  /** Sends the events one after another, in order; resolves when each was delivered or gave up. */
  send(drafts: EventDraft[]): Promise<void>;
  setUrl(url: string | null): void;
  deliveries(): WebhookDelivery[];
  /** Stops retrying and waits for sends in flight. */
  close(): Promise<void>;
}

/**
 * Delivers events to one endpoint, awaiting a 2xx and retrying with backoff otherwise — like Stripe,
 * each attempt is signed afresh with its own timestamp.
 */
export function createWebhookSender(options: {
  secret: string;
  url: string | null;
  retryDelaysMs: number[];
}): WebhookSender {
  let url = options.url;
  const log: WebhookDelivery[] = [];
  const stopping = new AbortController();

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    const payload = JSON.stringify(delivery.event, null, 2);
    for (const delay of [0, ...options.retryDelaysMs]) {
      if (delay > 0) await sleep(delay, undefined, { signal: stopping.signal }).catch(() => undefined);
      if (stopping.signal.aborted) break;
      const attempt: DeliveryAttempt = { at: unixNow() };
      delivery.attempts.push(attempt);
      try {
        const response = await fetch(delivery.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signatureHeader(payload, options.secret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
        });
        attempt.statusCode = response.status;
        await response.body?.cancel();
        if (response.ok) {
          delivery.status = 'delivered';
          return;
        }
      } catch (error) {
        attempt.error = error instanceof Error ? error.message : String(error);
      }
    }
    delivery.status = 'failed';
    console.warn(
      `[stripe-test-provider] webhook ${delivery.event.type} (${delivery.event.id}) not delivered to ${delivery.url}`,
    );
  }

  async function sendAll(deliveries: WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      if (delivery.status === 'pending') await deliver(delivery);
    }
  }

  // One queue for all events, so the endpoint hears them in the order they were raised.
  let queue = Promise.resolve();
  return {
    send(drafts) {
      // Logged at once (with the url of that moment), delivered in turn.
      const deliveries = drafts.map((draft): WebhookDelivery => ({
        event: toEvent(draft),
        url,
        status: url ? 'pending' : 'no-endpoint',
        attempts: [],
      }));
      log.push(...deliveries);
      const sending = queue.then(() => sendAll(deliveries));
      queue = sending;
      return sending;
    },
    setUrl(next) {
      url = next;
    },
    deliveries: () => log.map((delivery) => ({ ...delivery, attempts: [...delivery.attempts] })),
    async close() {
      stopping.abort();
      await queue;
    },
  };
}

function toEvent(draft: EventDraft): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    type: draft.type,
    data: { object: draft.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
