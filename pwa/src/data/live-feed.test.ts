import { describe, expect, it } from 'vitest';
import { createLiveFeed } from './live-feed.ts';
import { SyncHttpError } from './sync-fetch.ts';

/** A CouchDB-shaped network answering `_changes` with the given results and sequence, recording the URLs asked. */
function network() {
  const asked: string[] = [];
  let next = { results: [] as unknown[], last_seq: '0-a' };
  const fetchImpl = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(JSON.stringify(next), { status: 200 });
  }) as typeof fetch;
  return { asked, fetchImpl, answer: (results: unknown[], last_seq: string) => (next = { results, last_seq }) };
}

const base = 'http://x/sync/gym/1/_changes?style=all_docs';
const since = (url: string) => new URL(url).searchParams.get('since');
const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));
const offline = () => new TypeError('Failed to fetch');
/** Long enough that a test waiting it out fails on vitest's 5 s timeout. */
const LONG_RETRY_MS = 60_000;

describe('the live feed resumes from the last pull', () => {
  it('asks for what follows the last pulled sequence where the plugin asks for "now"', async () => {
    const net = network();
    const { fetch } = createLiveFeed(net.fetchImpl);
    net.answer([{ id: 'a' }], '5-x');
    await (await fetch(`${base}&feed=normal&since=0`)).json();
    net.answer([], '5-x');
    await (await fetch(`${base}&feed=normal&since=5-x`)).json();
    net.answer([{ id: 'b' }], '9-y');
    await (await fetch(`${base}&feed=longpoll&since=now`)).json();
    // A later long-poll that failed before any answer of its own: from the latest answer, not "now".
    await fetch(`${base}&feed=longpoll&since=now`);
    expect(net.asked.map(since)).toEqual(['0', '5-x', '5-x', '9-y']);
  });

  it('holds a "now" long-poll until the checkpoint pull reached the end of the feed (an answer short of its limit)', async () => {
    const net = network();
    const { fetch } = createLiveFeed(net.fetchImpl);
    let sent = false;
    const live = fetch(`${base}&feed=longpoll&since=now&limit=2`).then(() => (sent = true));
    net.answer([{ id: 'a' }, { id: 'b' }], '3-x');
    await (await fetch(`${base}&feed=normal&since=0&limit=2`)).json();
    await tick();
    expect(sent).toBe(false);
    net.answer([{ id: 'c' }], '4-x');
    await (await fetch(`${base}&feed=normal&since=3-x&limit=2`)).json();
    await live;
    expect(net.asked.map(since)).toEqual(['0', '3-x', '4-x']);
  });

  it('leaves a long-poll from a real sequence and every other call as they are', async () => {
    const net = network();
    const { fetch } = createLiveFeed(net.fetchImpl);
    await fetch(`${base}&feed=longpoll&since=7-z`);
    await fetch('http://x/sync/gym/1/_bulk_docs', { method: 'POST', body: '{}' });
    expect(net.asked).toEqual([`${base}&feed=longpoll&since=7-z`, 'http://x/sync/gym/1/_bulk_docs']);
  });
});

describe('the live feed never pulls what a checkpoint pull is pulling', () => {
  it('holds a long-poll while a checkpoint pull runs, then asks from where that pull ended', async () => {
    const net = network();
    const { fetch } = createLiveFeed(net.fetchImpl);
    net.answer([{ id: 'a' }], '2-a');
    await (await fetch(`${base}&feed=longpoll&since=1-a&limit=2`)).json();
    // A catch-up (reSync) starts from the replication's checkpoint, behind the feed, and pages on.
    net.answer([{ id: 'a' }, { id: 'b' }], '3-b');
    await (await fetch(`${base}&feed=normal&since=1-a&limit=2`)).json();
    let sent = false;
    const live = fetch(`${base}&feed=longpoll&since=2-a&limit=2`).then(() => (sent = true));
    await tick();
    expect(sent).toBe(false);
    net.answer([{ id: 'c' }], '6-c');
    await (await fetch(`${base}&feed=normal&since=3-b&limit=2`)).json();
    await live;
    // Not from 2-a again: the pull brought everything to 6-c.
    expect(net.asked.map(since)).toEqual(['1-a', '1-a', '3-b', '6-c']);
  });

  it('keeps its own place when the checkpoint pull ended before the long-poll last answered', async () => {
    const net = network();
    const { fetch } = createLiveFeed(net.fetchImpl);
    net.answer([], '4-d');
    await (await fetch(`${base}&feed=normal&since=0&limit=2`)).json();
    net.answer([{ id: 'e' }], '5-e');
    await (await fetch(`${base}&feed=longpoll&since=4-d&limit=2`)).json();
    await fetch(`${base}&feed=longpoll&since=5-e&limit=2`);
    expect(net.asked.map(since)).toEqual(['0', '4-d', '5-e']);
  });
});

describe('the live feed waits out the network itself', () => {
  it('asks again at once when woken, and after short pauses while the network settles', async () => {
    let failures = 0;
    const net = network();
    const feed = createLiveFeed(
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (failures > 0) {
          failures -= 1;
          throw offline();
        }
        return net.fetchImpl(input, init);
      }) as typeof fetch,
      { retryMs: LONG_RETRY_MS },
    );
    failures = 1;
    let answered = false;
    const live = feed.fetch(`${base}&feed=longpoll&since=1-a`).then(() => (answered = true));
    await tick();
    expect(answered).toBe(false); // waiting out the failure (a minute)
    failures = 2; // the network is not usable at once after it came back
    feed.wake();
    await live; // within the settling pauses (50 + 100 ms), not the minute
    expect(net.asked.map(since)).toEqual(['1-a']);
  });

  it('asks to be answered at once after a failure or an abandoned poll, so contact is known at once; then waits as usual', async () => {
    const asked: string[] = [];
    let down = true;
    let parked = false;
    const feed = createLiveFeed(
      ((input: RequestInfo | URL, init?: RequestInit) => {
        asked.push(String(input));
        if (down) return Promise.reject(offline());
        if (parked)
          return new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
        return Promise.resolve(new Response('{"results":[],"last_seq":"2-b"}'));
      }) as typeof fetch,
      { retryMs: LONG_RETRY_MS },
    );
    const timeout = (url: string | undefined) => new URL(url!).searchParams.get('timeout');
    const live = feed.fetch(`${base}&feed=longpoll&since=2-b&heartbeat=60000`);
    await tick();
    down = false;
    feed.wake();
    await live;
    expect(asked.map(timeout)).toEqual([null, '0']);
    // The long-poll after it is parked as usual; one abandoned by renew() is asked again at once, to be answered at once.
    parked = true;
    const next = feed.fetch(`${base}&feed=longpoll&since=2-b&heartbeat=60000`);
    await tick();
    parked = false;
    feed.renew();
    await next;
    expect(asked.map(timeout)).toEqual([null, '0', null, '0']);
    await feed.fetch(`${base}&feed=longpoll&since=2-b&timeout=5000`);
    expect(timeout(asked.at(-1))).toBe('5000');
  });

  it('tells nothing and throws nothing for a network failure: RxDB never pauses its loop', async () => {
    let lost = 0;
    let down = true;
    const feed = createLiveFeed(
      (async () => {
        if (down) throw offline();
        return new Response('{"results":[],"last_seq":"2-b"}');
      }) as typeof fetch,
      { retryMs: 20, onFeedLost: () => (lost += 1) },
    );
    const live = feed.fetch(`${base}&feed=longpoll&since=1-a`);
    await tick(70);
    down = false;
    const response = await live;
    expect(await response.json()).toEqual({ results: [], last_seq: '2-b' });
    expect(lost).toBe(0);
  });

  it('tells once when the server answers long-polls with an error, until one is answered again', async () => {
    let refusing = true;
    let lost = 0;
    const { fetch } = createLiveFeed(
      (async () => {
        if (refusing) throw new SyncHttpError(503);
        return new Response('{"results":[],"last_seq":"2-b"}');
      }) as typeof fetch,
      { onFeedLost: () => (lost += 1) },
    );
    for (let n = 0; n < 3; n += 1) await expect(fetch(`${base}&feed=longpoll&since=1-a`)).rejects.toThrow('503');
    expect(lost).toBe(1);
    refusing = false;
    await fetch(`${base}&feed=longpoll&since=1-a`);
    refusing = true;
    await expect(fetch(`${base}&feed=longpoll&since=2-b`)).rejects.toThrow('503');
    expect(lost).toBe(2);
  });

  it('renew() abandons a long-poll in flight and asks again at once from the latest pull', async () => {
    const asked: string[] = [];
    const feed = createLiveFeed(
      ((input: RequestInfo | URL, init?: RequestInit) => {
        asked.push(String(input));
        if (asked.length === 1)
          // Parked on a connection that is gone: answered only if abandoned.
          return new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          );
        return Promise.resolve(new Response('{"results":[{"id":"x"}],"last_seq":"3-c"}'));
      }) as typeof fetch,
      { retryMs: LONG_RETRY_MS },
    );
    const live = feed.fetch(`${base}&feed=longpoll&since=2-b`);
    await tick();
    feed.renew();
    expect(await (await live).json()).toEqual({ results: [{ id: 'x' }], last_seq: '3-c' });
    expect(asked.map(since)).toEqual(['2-b', '2-b']);
  });

  it('renew(sentBefore) abandons only a long-poll sent before contact was lost', async () => {
    const asked: string[] = [];
    let abandoned = 0;
    const feed = createLiveFeed(
      ((input: RequestInfo | URL, init?: RequestInit) => {
        asked.push(String(input));
        return new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => (abandoned += 1, reject(new DOMException('aborted', 'AbortError'))));
          setTimeout(() => resolve(new Response('{"results":[],"last_seq":"2-b"}')), 60);
        });
      }) as typeof fetch,
      { retryMs: LONG_RETRY_MS },
    );
    const lostAt = Date.now() - 1_000;
    const live = feed.fetch(`${base}&feed=longpoll&since=2-b`);
    await tick();
    feed.renew(lostAt); // sent after the loss: left alone
    await tick();
    expect(abandoned).toBe(0);
    await live;
    const later = feed.fetch(`${base}&feed=longpoll&since=2-b`);
    await tick();
    feed.renew(Date.now() + 1); // sent before the loss: asked again
    await later;
    expect(abandoned).toBe(1);
    expect(asked).toHaveLength(3);
  });

  it('stop() ends a long-poll waiting for the network with an AbortError', async () => {
    const feed = createLiveFeed(
      (async () => {
        throw offline();
      }) as typeof fetch,
      { retryMs: LONG_RETRY_MS },
    );
    const live = feed.fetch(`${base}&feed=longpoll&since=1-a`);
    await tick();
    feed.stop();
    await expect(live).rejects.toMatchObject({ name: 'AbortError' });
  });
});
