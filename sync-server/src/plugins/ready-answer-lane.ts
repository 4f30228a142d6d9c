import type { IncomingMessage, ServerResponse } from 'node:http';
import Accept from '@hapi/accept';
import type { Plugin, Server } from '@hapi/hapi';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { Deps } from '../deps.ts';
import type { PreparedBody } from '../services/directory/index.ts';
import { securityHeaders } from './security-settings.ts';

/** Gives the answer kept for an id when it holds now (no I/O), else undefined. */
type ReadyAnswer = (id: string) => PreparedBody | undefined;

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /**
     * Public answers kept ready per id, by the path before the id (`/api/gyms/`): the lane sends
     * them without Hapi's request lifecycle (decision 173). Filled by the routes that keep them.
     */
    readyAnswers: Map<string, ReadyAnswer>;
    /** How many answers the lane has sent since the instance was made (tests; the health of the lane). */
    readyAnswersSent: () => number;
  }
}

/** The encodings Hapi negotiates between, in its order (its compression.js): the lane agrees with it. */
const HAPI_ENCODINGS = ['identity', 'gzip', 'deflate'];

/**
 * The headers the route's answer carries through Hapi: the server's security settings and the
 * prepared body's own (public-directory.ts `send`). The lane's test compares every header of both
 * ways of answering, in both configurations.
 */
function readyAnswerHeaders(production: boolean): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    ...securityHeaders(production),
  };
}

/** Browsers send a handful of distinct headers: each is parsed once, as Hapi does (at most this many kept). */
const MAX_KNOWN_ENCODING_HEADERS = 100;

/** Hapi's choice of encoding for an `Accept-Encoding` header, or null for one it cannot parse. */
function encodingChooser() {
  const known = new Map<string, string | null>();
  return (header: string | undefined): string | null => {
    if (!header) return 'identity';
    const hit = known.get(header);
    if (hit !== undefined) return hit;
    let chosen: string | null;
    try {
      chosen = Accept.encoding(header, HAPI_ENCODINGS);
    } catch {
      chosen = null;
    }
    if (known.size < MAX_KNOWN_ENCODING_HEADERS) known.set(header, chosen);
    return chosen;
  };
}

/** Hapi's `If-None-Match` test for a weak tag with `vary: false` (its response.js): the exact tag, in a list. */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(etag);

interface LaneOptions {
  answers: ReadonlyMap<string, ReadyAnswer>;
  headers: Record<string, string>;
  /** False while the instance is still preparing or the client is past its budget: Hapi answers then. */
  admit: (path: string, request: IncomingMessage) => boolean;
  /** Called once per answer sent, as hapi-pino logs a completed API call. */
  sent: (request: IncomingMessage, response: ServerResponse, startedAt: number) => void;
}

/**
 * Answers a request from a kept public answer, or returns false and leaves it untouched for Hapi.
 * Only the plainest case is taken: a GET of `/api/gyms/{id}` or `/api/coaches/{id}` with no query,
 * range or unusual encoding, whose answer is kept and still holds; everything else (a first request,
 * a changed profile, a hidden gym a pass holder may see, a 404) goes through the route as before.
 */
function readyAnswerLane(options: LaneOptions) {
  const { answers, headers, admit, sent } = options;
  const encodingFor = encodingChooser();
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url;
    if (request.method !== 'GET' || !url || url.includes('?') || request.headers.range) return false;
    const slash = url.lastIndexOf('/');
    const ready = answers.get(url.slice(0, slash + 1));
    const id = url.slice(slash + 1);
    if (!ready || !isId(id)) return false;
    const body = ready(id);
    if (!body) return false;
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity' && encoding !== 'gzip') return false;
    if (!admit(url, request)) return false;

    const startedAt = performance.now();
    const gzip = encoding === 'gzip';
    const tag = `W/"${body.etag}"`;
    const common = { ...headers, etag: tag, ...(gzip ? { 'content-encoding': 'gzip' } : {}) };
    if (matches(request.headers['if-none-match'], tag)) {
      response.writeHead(304, common).end();
      sent(request, response, startedAt);
      return true;
    }
    const bytes = gzip ? body.gzip : body.json;
    response.writeHead(200, { ...common, 'content-length': String(bytes.length), 'accept-ranges': 'bytes' }).end(bytes);
    sent(request, response, startedAt);
    return true;
  };
}

/**
 * Puts the lane in front of Hapi on the instance's listener (decision 173): a kept public profile is
 * sent in tens of microseconds, where Hapi's lifecycle (routing, auth `try`, budgets, logging)
 * costs about 170 µs for a 0.7 kB answer. The client's budget and the start-up gate still apply (the
 * same ones, from load-shedding.ts), and each answer is logged like any API call. Registered last, after
 * the routes that fill `readyAnswers`.
 */
export const readyAnswerLanePlugin: Plugin<Deps> = {
  name: 'ready-answer-lane',
  dependencies: ['load-shedding', 'public-directory'],
  register(server: Server, deps) {
    let served = 0;
    const logs = deps.logger.isLevelEnabled('info');
    const lane = readyAnswerLane({
      answers: server.app.readyAnswers,
      headers: readyAnswerHeaders(deps.config.production),
      admit: (path, request) =>
        deps.startup?.phase !== 'preparing' &&
        server.app.drawClientBudget({
          path,
          headers: request.headers,
          info: { remoteAddress: request.socket.remoteAddress ?? '' },
        }).allowed,
      sent(request, response, startedAt) {
        served += 1;
        if (!logs) return;
        // hapi-pino's line for a completed call, with an id in Hapi's form (hapi-pino's serializers,
        // which it installs on this logger, read the raw request and response as they read Hapi's).
        Object.assign(request, { id: `${Date.now()}:${server.info.id}:ready-${served}` });
        const responseTime = Math.round(performance.now() - startedAt);
        deps.logger.info(
          { req: request, res: response, responseTime },
          `[response] get ${request.url} ${response.statusCode} (${responseTime}ms)`,
        );
      },
    });
    server.app.readyAnswersSent = () => served;
    const listener = server.listener;
    const hapi = listener.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    listener.removeAllListeners('request');
    listener.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (lane(request, response)) return;
      for (const dispatch of hapi) dispatch.call(listener, request, response);
    });
  },
};
