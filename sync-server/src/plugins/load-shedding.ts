import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { UNAVAILABLE_MESSAGE } from '../couch/couch-unavailable.ts';
import type { Deps } from '../deps.ts';
import { clientKey } from '../load/client-key.ts';
import { createTokenBuckets, type Budget, type Draw } from '../load/token-bucket.ts';

/** What a client past its budget is told (the same words as the sign-in and reset limits). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';
/** Seconds a request shed at the in-flight cap is asked to wait: the work ahead of it is a second or two. */
const SHED_RETRY_AFTER_SECONDS = 2;
/** Seconds a request that arrives while the instance is still starting is asked to wait. */
const STARTING_RETRY_AFTER_SECONDS = 5;
/**
 * Profile images are immutable, lazily loaded and many to a page (up to 9 avatars a card), so they
 * draw from a bucket of their own, this many times the size of the client's budget: a visitor
 * scrolling the directory never loses a picture, and an image flood is still bounded.
 */
const IMAGE_BUDGET_FACTOR = 4;

/** Calls that do CouchDB work: the API and the sync gateway, not the app's static files. */
const isApiOrSync = (path: string) => path.startsWith('/api/') || path.startsWith('/sync/');
/** Health answers for the instance itself (load balancers poll it): none of this applies to it. */
const HEALTH = '/api/health';
/**
 * Stripe's webhooks come from Stripe's few addresses for every account at once and are verified by
 * signature: no client budget, but they count as work (a shed one is redelivered by Stripe).
 */
const STRIPE_WEBHOOK = '/api/stripe/webhook';

/** A device's long-poll: parked on the instance's updates feed, not CouchDB work (design/sync.md "Live feeds"). */
const isLongPoll = (request: Request) =>
  request.path.startsWith('/sync/') && request.path.endsWith('/_changes') && request.query.feed === 'longpoll';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /**
     * Draws one request from its client's budget (the one this plugin refuses past): also used by
     * the ready-answer lane (decision 173), which answers before Hapi sees the request, so a client
     * has one budget whichever way it is served.
     */
    drawClientBudget: (request: BudgetedRequest) => Draw;
  }
}

/** What a budget draw reads of a request: the path, the headers and the peer's address. */
interface BudgetedRequest {
  path: string;
  headers: Record<string, unknown>;
  info: { remoteAddress: string };
}

const times = (budget: Budget, factor: number): Budget => ({
  burst: budget.burst * factor,
  perSecond: budget.perSecond * factor,
});

const withRetryAfter = (error: Boom.Boom, seconds: number) => {
  error.output.headers['Retry-After'] = String(seconds);
  return error;
};

/**
 * One client cannot take the service down for others (design/security.md "Abuse: read floods"),
 * decided before anything is read or authenticated, in this order:
 * 1. while the instance is still preparing (databases, indexes, seed: cli/backend.ts), API and sync
 *    calls are answered 503 with Retry-After;
 * 2. each client has a token-bucket budget on this instance, by account for a request with a token we
 *    signed, else by address (`config.clientBudgets`); past it, 429 with Retry-After;
 * 3. at most `config.maxInFlightRequests` calls are at work at once on this instance (a long-poll
 *    parked on the updates feed is not at work); past it, a call is answered 503 with Retry-After at
 *    once instead of queueing behind the others until CouchDB times out.
 * All of it is soft state in this process: never the truth, forgotten on restart (design/architecture.md).
 */
export const loadSheddingPlugin: Plugin<Deps> = {
  name: 'load-shedding',
  register(server, deps) {
    const { clientBudgets, maxInFlightRequests, jwtAccessSecret, trustProxyHops } = deps.config;
    const clock = () => performance.now();
    const buckets = {
      address: createTokenBuckets(clientBudgets.perAddress, clock),
      account: createTokenBuckets(clientBudgets.perAccount, clock),
      addressImages: createTokenBuckets(times(clientBudgets.perAddress, IMAGE_BUDGET_FACTOR), clock),
      accountImages: createTokenBuckets(times(clientBudgets.perAccount, IMAGE_BUDGET_FACTOR), clock),
    };
    let inFlight = 0;
    const counted = new WeakSet<Request>();
    const drawClientBudget = (request: BudgetedRequest): Draw => {
      const key = clientKey(request, jwtAccessSecret, trustProxyHops);
      const byAccount = key.startsWith('account:');
      const bucket = request.path.startsWith('/api/images/')
        ? buckets[byAccount ? 'accountImages' : 'addressImages']
        : buckets[byAccount ? 'account' : 'address'];
      return bucket.take(key);
    };
    server.app.drawClientBudget = drawClientBudget;

    server.ext('onRequest', (request, h) => {
      if (!isApiOrSync(request.path) || request.path === HEALTH) return h.continue;
      if (deps.startup && deps.startup.phase === 'preparing')
        throw withRetryAfter(Boom.serverUnavailable(UNAVAILABLE_MESSAGE), STARTING_RETRY_AFTER_SECONDS);

      if (request.path !== STRIPE_WEBHOOK) {
        const draw = drawClientBudget(request);
        if (!draw.allowed)
          throw withRetryAfter(Boom.tooManyRequests(TOO_MANY_REQUESTS_MESSAGE), draw.retryAfterSeconds);
      }

      if (isLongPoll(request)) return h.continue;
      if (inFlight >= maxInFlightRequests)
        throw withRetryAfter(Boom.serverUnavailable(UNAVAILABLE_MESSAGE), SHED_RETRY_AFTER_SECONDS);
      inFlight += 1;
      counted.add(request);
      return h.continue;
    });
    // Sent, or its client gone: the call no longer holds a place.
    server.events.on('response', (request) => {
      if (!counted.delete(request)) return;
      inFlight -= 1;
    });
  },
};
