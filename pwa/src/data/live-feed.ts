/**
 * The live feed resumes from what the device has pulled, never from "now", and never pulls what a
 * checkpoint pull is pulling.
 *
 * RxDB's CouchDB plugin opens its live long-poll with `since=now` and keeps `now` until a long-poll
 * is answered; every retry before that (the network gone, a server answering 503 while it stops)
 * asks for `now` again, which CouchDB (and the gateway, which pins it to the current sequence)
 * takes as "from this moment". Changes written between the device's last pull and that moment are
 * skipped, and the first answer's sequence then becomes the replication's checkpoint, so a later
 * checkpoint pull does not find them either: a front desk missed the server's outcomes written just
 * before a quick restart (issue 23). Wrapped around the replication's fetch, this sends such a
 * long-poll from the last sequence pulled instead.
 *
 * A checkpoint pull (the first sync, or a catch-up the store asks for on reconnect) pulls page after
 * page until an answer falls short of its `limit`, the end of the feed. A long-poll answered
 * meanwhile is wasted: RxDB drops what a stream brings while a checkpoint pull runs, since the pull
 * covers it, so every change would cross the network and be stored twice (issue 27: 644 kB instead
 * of 320 kB on a reconnect with 1,000 check-ins). So a long-poll waits while a checkpoint pull runs,
 * and then resumes from where that pull ended when it ended after the long-poll's own last answer
 * (its end is then at least as far along the feed: it was asked for later).
 *
 * When the network fails under a long-poll, the feed waits and asks again itself rather than let
 * RxDB pause its loop for `retryTime`: woken by `wake()` (the browser's `online` event, any answer
 * from the server), it asks again at once, and again after short pauses while the network settles
 * (Chromium fails requests for a moment after `online`). So the first changes after a reconnect
 * come down the feed as soon as the server has them, with no checkpoint pull: a checkpoint pull
 * also makes RxDB walk every document written since its last one (its upstream, which runs even
 * with no push) and holds the feed's batches back meanwhile — 1.7–2.9 s after a reconnect with
 * 1,000 check-ins (issue 27). A long-poll the server answered with an error still asks for one
 * checkpoint pull (decision 73).
 *
 * The first ask after a network failure or an abandoned poll carries `timeout=0`. The server parks
 * a long-poll with nothing new until a change or its bound, so a device back on a network that gave
 * it no `online` event (Wi-Fi still joined while the line behind it dropped) heard nothing back:
 * its status bar still said offline and its sender pushed only when its back-off ended, up to 10 s
 * later (decision 191). Answered at once, the ask tells the store that contact is back; the next
 * long-poll waits as usual.
 */
export interface LiveFeedOptions {
  /**
   * Told once when a long-poll is answered with an error (a 503 while the server stops, a 502),
   * until one is answered again: the store asks for a checkpoint pull then (decisions.md 73).
   */
  onFeedLost?: () => void;
  /** The pause between attempts while the server cannot be reached. */
  retryMs?: number;
}

export interface LiveFeed {
  /** The replication's fetch. */
  fetch: typeof fetch;
  /** The server may be reachable again: a long-poll waiting out a network failure asks at once. */
  wake(): void;
  /**
   * The network came back (the browser's `online` event, or the first answer after contact was
   * lost): a long-poll sent before may hang on a connection that is gone (a new network, a new
   * address) and, if it still stands, is answered only when its pause ends. One sent before
   * `sentBefore` (ms since the epoch; any, when not given) is abandoned and asked again at once, as
   * after `wake()`. Looked at in the next task, so the answer that told of contact is never cut.
   */
  renew(sentBefore?: number): void;
  /** Ends a long-poll waiting out a network failure (an AbortError): the replication is stopping. */
  stop(): void;
}

/** After a wake, a long-poll that still finds no network asks again after these pauses, then every `retryMs`. */
const SETTLING_MS = [50, 100, 200, 400];

const isAbort = (error: unknown) => (error as Error | null)?.name === 'AbortError';
/** No answer from the server at all (an answer other than 2xx is a SyncHttpError). */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

export function createLiveFeed(fetchImpl: typeof fetch, { onFeedLost = () => {}, retryMs = 1_000 }: LiveFeedOptions = {}): LiveFeed {
  /** Orders requests and answers in time: an answer asked for later ends further along the feed. */
  let clock = 0;
  /** The long-poll's latest answer: its sequence and when it arrived. */
  let feed: { seq: string; at: number } | null = null;
  /** Where the latest complete checkpoint pull ended (an answer short of its limit) and when that answer was asked for. */
  let end: { seq: string; askedAt: number } | null = null;
  /** Open while a checkpoint pull runs: from its first request until an answer reaches the end of the feed. */
  let catchingUp: { done: Promise<void>; resolve: () => void } | null = null;
  let lost = false;
  let stopped = false;
  /** Ends the current pause of a long-poll waiting for the network. */
  let endPause: (() => void) | null = null;
  /** Attempts since the last wake: the first few come quickly. */
  let sinceWake = SETTLING_MS.length;
  /** The long-poll in flight, abandoned by renew(), and when it was sent. */
  let inFlight: AbortController | null = null;
  let inFlightSentAt = 0;

  const openCatchUp = () => {
    if (catchingUp) return;
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    catchingUp = { done, resolve };
  };
  const closeCatchUp = () => {
    catchingUp?.resolve();
    catchingUp = null;
  };

  /** Where a long-poll asking from `since` starts: the later of its own place and the last checkpoint pull's end. */
  const resumeFrom = (since: string | null): string | null => {
    if (end && (feed === null || end.askedAt > feed.at)) return end.seq;
    if (since === 'now') return feed?.seq ?? null;
    return since;
  };

  /**
   * Notes the answer's `last_seq` as the plugin parses it (no second parse of a 1,000-document
   * batch). `limit`: what the call asked for at most; fewer is the end of the feed.
   */
  const noteAnswer = (response: Response, live: boolean, limit: number, askedAt: number) => {
    const json = response.json.bind(response);
    response.json = async () => {
      const body = (await json()) as { results?: unknown[]; last_seq?: unknown };
      if (body && Array.isArray(body.results) && body.last_seq !== undefined && body.last_seq !== null) {
        const seq = String(body.last_seq);
        if (live) feed = { seq, at: (clock += 1) };
        else if (!(body.results.length >= limit)) {
          end = { seq, askedAt };
          closeCatchUp();
        }
      }
      return body;
    };
    return response;
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      const ms = SETTLING_MS[sinceWake] ?? retryMs;
      sinceWake += 1;
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        endPause = null;
        resolve();
      }
      endPause = done;
    });

  const stoppedError = () => new DOMException('The live feed stopped.', 'AbortError');

  /** A long-poll: waits while a checkpoint pull runs, and waits out network failures itself. */
  const longPoll = async (url: URL, init: RequestInit | undefined, limit: number) => {
    const askedSince = url.searchParams.get('since');
    const askedTimeout = url.searchParams.get('timeout');
    // A first long-poll ("now") waits for the first checkpoint pull even if that has not started yet.
    if (askedSince === 'now' && end === null && feed === null) openCatchUp();
    /** The ask after a failure or an abandoned poll: answered at once, so contact is known at once. */
    let probe = false;
    for (;;) {
      while (catchingUp) await catchingUp.done;
      if (stopped) throw stoppedError();
      const since = resumeFrom(askedSince);
      if (since !== null) url.searchParams.set('since', since);
      if (probe) url.searchParams.set('timeout', '0');
      else if (askedTimeout === null) url.searchParams.delete('timeout');
      else url.searchParams.set('timeout', askedTimeout);
      const attempt = new AbortController();
      inFlight = attempt;
      inFlightSentAt = Date.now();
      // The caller's own signal (RxDB passes none) still aborts (no AbortSignal.any before Safari 17.4).
      const callerAborted = () => attempt.abort();
      init?.signal?.addEventListener('abort', callerAborted, { once: true });
      try {
        const response = await fetchImpl(url.href, { ...init, signal: attempt.signal });
        lost = false;
        return noteAnswer(response, true, limit, (clock += 1));
      } catch (error) {
        if (stopped) throw error;
        // Abandoned by renew(): ask again at once.
        if (attempt.signal.aborted && !init?.signal?.aborted) {
          probe = true;
          continue;
        }
        if (isAbort(error)) throw error;
        if (!isNetworkFailure(error)) {
          if (!lost) {
            lost = true;
            onFeedLost();
          }
          throw error;
        }
        probe = true;
        await pause();
      } finally {
        init?.signal?.removeEventListener('abort', callerAborted);
        if (inFlight === attempt) inFlight = null;
      }
    }
  };

  return {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (!url.pathname.endsWith('/_changes')) return fetchImpl(input, init);
      const limit = Number(url.searchParams.get('limit') ?? Infinity);
      if (url.searchParams.get('feed') === 'longpoll') return longPoll(url, init, limit);
      openCatchUp();
      const askedAt = (clock += 1);
      return noteAnswer(await fetchImpl(input, init), false, limit, askedAt);
    },
    wake() {
      sinceWake = 0;
      endPause?.();
    },
    renew(sentBefore = Infinity) {
      sinceWake = 0;
      endPause?.();
      setTimeout(() => {
        if (inFlight && inFlightSentAt < sentBefore) inFlight.abort();
      }, 0);
    },
    stop() {
      stopped = true;
      endPause?.();
      inFlight?.abort();
      closeCatchUp();
    },
  };
}
