import type { EmbeddedCouch } from '../couch/embedded-couch.ts';
import { startFaultProxy, type FaultProxy, type SeenRequest } from './fault-proxy.ts';

/**
 * Where a stop lands relative to the request that triggers it:
 * - `before`: CouchDB never receives it (stopped just before the write);
 * - `after`: CouchDB applies it, and stops before its answer reaches the server (the worst case for
 *   "half-written": the server cannot know the write happened).
 */
export type StopPoint = 'before' | 'after';

export interface StoppableCouch {
  /** With the embedded server's credentials, for `startInstance({ couchUrl }, 'everything')`. */
  url: string;
  /** Stops CouchDB when the `nth` (1-based) request matching `matches` arrives, from now on. */
  stopOn(matches: (request: SeenRequest) => boolean, nth: number, point: StopPoint): void;
  /** Stops CouchDB now: requests in flight fail, new connections are refused. */
  stop(): Promise<void>;
  /** Resolves once CouchDB is stopped by a `stopOn` (or at once if it is already stopped). */
  stopped(): Promise<void>;
  /** CouchDB is back, with everything it had written before the stop. */
  start(): Promise<void>;
  /** Requests it has seen (each write counts one, a stopped one included; the background updates feed not). */
  seen(): SeenRequest[];
  close(): Promise<void>;
}

/**
 * The embedded CouchDB as the servers see a real one that is stopped and started again: behind a
 * fault proxy, a stop refuses every connection and cuts those open (requests in flight fail), and
 * a start serves the same data again (a real CouchDB keeps its data on disk across a restart; the
 * in-memory test server behind the proxy simply keeps running). The stop can be put exactly at a
 * chosen request, before or after CouchDB applies it.
 */
const isUpdatesFeed = (request: SeenRequest) => request.url.startsWith('/_db_updates');

export async function startStoppableCouch(
  couch: EmbeddedCouch,
  /** Runs synchronously as a `stopOn` stop comes, before anyone can see CouchDB gone (a process dying with it). */
  beforeStop: () => void = () => {},
): Promise<StoppableCouch> {
  const seen: SeenRequest[] = [];
  let down = false;
  let wakeStopped: (() => void) | null = null;
  let proxy: FaultProxy | null = null;
  const stop = async () => {
    down = true;
    await proxy!.stop();
    wakeStopped?.();
    wakeStopped = null;
  };
  proxy = await startFaultProxy(couch.origin, () => {
    beforeStop();
    void stop();
  });
  const passAll = (request: SeenRequest) => {
    if (!isUpdatesFeed(request)) seen.push(request);
    return 'pass' as const;
  };
  proxy.decide(passAll);
  const credentials = new URL(couch.url);
  const url = new URL(proxy.origin);
  url.username = credentials.username;
  url.password = credentials.password;

  return {
    url: url.href.replace(/\/$/, ''),
    stopOn(matches, nth, point) {
      let count = 0;
      proxy!.decide((request) => {
        if (!isUpdatesFeed(request)) seen.push(request);
        // The instance's one `_db_updates` feed (design/sync.md "Live feeds") is opened and re-opened
        // in the background, not by the request under test: it never counts towards `nth`.
        if (down || isUpdatesFeed(request) || !matches(request)) return 'pass';
        count += 1;
        if (count !== nth) return 'pass';
        return point === 'before' ? 'drop-request' : 'drop-answer';
      });
    },
    stop,
    stopped: () => (down ? Promise.resolve() : new Promise<void>((resolve) => (wakeStopped = resolve))),
    async start() {
      proxy!.decide(passAll);
      await proxy!.start();
      down = false;
    },
    seen: () => [...seen],
    close: () => proxy!.close(),
  };
}

/** CouchDB writes: anything but a read (GET/HEAD, and POST reads: `_all_docs`, `_find`, `_bulk_get`). */
export function isCouchWrite(request: SeenRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const path = request.url.split('?')[0];
  return !/\/(_all_docs|_find|_bulk_get|_changes|_revs_diff|_explain)$/.test(path);
}

/**
 * A webhook's own CouchDB writes, for the cells that kill a process at each one: every write but the
 * mail outbox's. The outbox claims and settles mails in the background (on start, and 100 ms after
 * one is queued), so counting its writes would put a kill point in whichever delivery round happens
 * to run meanwhile. The receipt's queueing write is left out with them; a webhook killed around it
 * is redelivered and the receipt's key queues it once (pass-mails.integration.test.ts), and the
 * CouchDB-stopped cell still stops at it.
 */
export function isWebhookWrite(request: SeenRequest): boolean {
  return isCouchWrite(request) && !/^\/mastr_mail(\/|$)/.test(request.url.split('?')[0]);
}
