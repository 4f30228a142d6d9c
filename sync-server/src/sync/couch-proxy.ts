import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import Boom from '@hapi/boom';
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { CouchUnavailableError } from '../couch/couch-unavailable.ts';

/** The only CouchDB endpoints a device reaches, relative to its tenant database. */
export type CouchEndpoint = '' | '_changes' | '_all_docs' | '_bulk_docs';

interface ProxiedCall {
  dbName: string;
  endpoint: CouchEndpoint;
  method: 'GET' | 'POST';
  search: URLSearchParams;
  body?: unknown;
  /**
   * For long-polls: the answer is read whole (it is one JSON document, sent when a change comes or
   * CouchDB's `timeout` passes), and if CouchDB has not answered after `ms` the call is aborted and
   * the device gets 200 with `answer` instead (an empty result RxDB takes as "nothing new").
   */
  deadline?: { ms: number; answer: Record<string, unknown> };
}

export interface CouchProxy {
  /** Forwards one call and streams CouchDB's answer back (status, JSON body) as it arrives (a long-poll's once whole). */
  forward(request: Request, h: ResponseToolkit, call: ProxiedCall): Promise<ResponseObject>;
  /** Ends every open upstream call (long-polls) so the server can stop; later calls get 503. */
  closeAll(): void;
  /** Accepts calls again after closeAll (the server was started again). */
  reopen(): void;
}

/**
 * A streaming pass-through to CouchDB (long-polls, with a deadline, are read whole: see
 * `ProxiedCall.deadline`). Credentials in the CouchDB URL become a Basic header here and never
 * reach a device. Each upstream call is tied to its client: when the client goes away,
 * or the server stops, the upstream call is aborted instead of holding a long-poll open. A call
 * without a deadline whose answer has not begun after `timeoutMs` (COUCHDB_TIMEOUT_MS), or that cannot
 * connect, fails as CouchDB unavailable (503, plugins/couch-unavailable.ts).
 */
export function createCouchProxy(couchUrl: string, timeoutMs: number): CouchProxy {
  const base = new URL(couchUrl.endsWith('/') ? couchUrl : `${couchUrl}/`);
  const authorization = base.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`
    : undefined;
  base.username = '';
  base.password = '';
  const open = new Set<AbortController>();
  let closed = false;

  return {
    async forward(request, h, call) {
      if (closed) throw Boom.serverUnavailable('The server is stopping.');
      const url = new URL(`${encodeURIComponent(call.dbName)}/${call.endpoint}`, base);
      url.search = call.search.toString();
      const controller = new AbortController();
      open.add(controller);
      const release = () => open.delete(controller);
      request.events.once('disconnect', () => controller.abort());
      let expired = false;
      const timer = setTimeout(() => {
        expired = true;
        controller.abort();
      }, call.deadline?.ms ?? timeoutMs);

      let upstream: Response;
      try {
        upstream = await fetch(url, {
          method: call.method,
          headers: {
            accept: 'application/json',
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(authorization ? { authorization } : {}),
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: controller.signal,
        });
        if (!call.deadline) clearTimeout(timer); // the answer has begun: it streams at its own pace
        if (call.deadline) {
          const text = await upstream.text();
          return h
            .response(text)
            .code(upstream.status)
            .type(upstream.headers.get('content-type') ?? 'application/json');
        }
      } catch (err) {
        release();
        if (expired && call.deadline) return h.response(call.deadline.answer).code(200);
        if (expired) throw new CouchUnavailableError(`no answer within ${timeoutMs} ms`);
        if (controller.signal.aborted) throw Boom.serverUnavailable('The request was cut short.');
        throw new CouchUnavailableError(String((err as Error).cause ?? err));
      } finally {
        clearTimeout(timer);
        if (call.deadline) release();
      }
      const type = upstream.headers.get('content-type') ?? 'application/json';
      if (!upstream.body) {
        release();
        return h.response().code(upstream.status).type(type);
      }
      const body = Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>);
      // An aborted call ends the response early (Hapi ends it on the stream's error); the client's
      // replication retries.
      body.once('close', release);
      return h.response(body).code(upstream.status).type(type);
    },
    reopen() {
      closed = false;
    },
    closeAll() {
      closed = true;
      for (const controller of open) controller.abort();
      open.clear();
    },
  };
}
