import { createServer, type IncomingMessage, type Server } from 'node:http';
import { apiRoutes } from './api-routes.ts';
import { StripeApiError, invalidRequest, type StripeErrorBody } from './errors.ts';
import { parseFormBody } from './form-body.ts';
import { messagePage } from './hosted-pages.ts';
import { hostedRoutes, type HostedReply } from './hosted-routes.ts';
import { Params } from './params.ts';
import { newId, type EventDraft, type ProviderState, type ResourceContext } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

export interface ProviderServerOptions {
  secretKey: string;
  state: ProviderState;
  webhooks: WebhookSender;
  /** Base url of the hosted pages, known only once the server listens. */
  publicUrl(): string;
  platformReturnUrl?: ResourceContext['platformReturnUrl'];
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * `/v1/…` is the API (Bearer auth, form bodies, Idempotency-Key, JSON and Stripe-shaped errors);
 * everything else is a hosted page for the browser. API calls answer first and send their webhooks
 * afterwards, as Stripe does; hosted actions deliver their webhooks before redirecting, so the app a
 * customer returns to has already heard about the payment.
 */
export function createProviderServer(options: ProviderServerOptions): Server {
  const idempotent = new Map<string, StoredResponse>();

  function contextCollecting(drafts: EventDraft[]): ResourceContext {
    return {
      state: options.state,
      publicUrl: options.publicUrl(),
      platformReturnUrl: options.platformReturnUrl,
      // A snapshot: later changes to the object must not leak into an event already raised.
      emit: (type, object) => drafts.push({ type, object: structuredClone(object) }),
    };
  }

  function handleApi(
    request: IncomingMessage,
    url: URL,
    rawBody: string,
  ): { status: number; body: string; replayed?: boolean } {
    const authError = checkApiKey(request.headers.authorization, options.secretKey);
    if (authError) return { status: 401, body: errorJson(authError) };
    // Stripe applies idempotency to POSTs only.
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = `${request.method} ${url.pathname} ${rawBody}`;
    const previous = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (previous && typeof key === 'string') {
      if (previous.fingerprint === fingerprint) return { ...previous, replayed: true };
      return {
        status: 400,
        body: errorJson({
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      };
    }
    const drafts: EventDraft[] = [];
    const result = runApiRoute(request.method ?? 'GET', url, rawBody, contextCollecting(drafts));
    // Like Stripe, only requests that executed are remembered; a refused one may be retried with its key.
    if (typeof key === 'string' && result.status === 200) idempotent.set(key, { fingerprint, ...result });
    void options.webhooks.send(drafts);
    return result;
  }

  async function handleHosted(method: string, url: URL, rawBody: string): Promise<HostedReply> {
    const route = hostedRoutes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route)
      return { html: messagePage('Not found', 'There is no such page on the test payment provider.'), status: 404 };
    const drafts: EventDraft[] = [];
    try {
      const reply = route.handle(
        contextCollecting(drafts),
        new Params(parseFormBody(rawBody)),
        url.pathname.match(route.pattern)![1]!,
      );
      await options.webhooks.send(drafts);
      return reply;
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return {
        html: messagePage(error.status === 404 ? 'Not found' : 'Request refused', error.message),
        status: error.status,
      };
    }
  }

  return createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://provider');
      const rawBody = await readBody(request);
      if (url.pathname.startsWith('/v1/')) {
        const { status, body, replayed } = handleApi(request, url, rawBody);
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        response.end(body);
        return;
      }
      const reply = await handleHosted(request.method ?? 'GET', url, rawBody);
      if ('redirect' in reply) {
        response.writeHead(303, { location: reply.redirect });
        response.end();
      } else {
        response.writeHead(reply.status ?? 200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(reply.html);
      }
    })().catch((error: unknown) => {
      console.error('[stripe-test-provider]', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(errorJson({ type: 'api_error', message: 'The test payment provider failed unexpectedly.' }));
    });
  });
}

function runApiRoute(
  method: string,
  url: URL,
  rawBody: string,
  context: ResourceContext,
): { status: number; body: string } {
  const route = apiRoutes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
  if (!route) {
    return {
      status: 404,
      body: errorJson({
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}). This test provider implements only the part of the Stripe API that Mastr uses.`,
      }),
    };
  }
  try {
    // Like Stripe's SDKs, GET and DELETE carry their parameters in the query string.
    const params = new Params(parseFormBody(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : rawBody));
    // Answering ids where the caller asked for objects would break it in confusing ways: refuse openly.
    if (params.body.expand !== undefined) {
      throw invalidRequest('This test provider does not implement `expand`: retrieve the related objects by id.', {
        param: 'expand',
      });
    }
    const id = url.pathname.match(route.pattern)?.[1] ?? '';
    return { status: 200, body: JSON.stringify(route.handle(context, params, id)) };
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, body: errorJson(error.body) };
    throw error;
  }
}

/** Stripe's answers to a missing or wrong secret key (the SDK turns a 401 into StripeAuthenticationError). */
function checkApiKey(authorization: string | undefined, secretKey: string): StripeErrorBody | null {
  const key = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!key) {
    return invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    ).body;
  }
  if (key !== secretKey)
    return invalidRequest(
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    ).body;
  return null;
}

function errorJson(error: StripeErrorBody): string {
  return JSON.stringify({ error });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
