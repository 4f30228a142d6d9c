import { describe, expect, it } from 'vitest';
import { resumeLiveFeedFromPull } from './live-feed-since.ts';

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

describe('the live feed resumes from the last pull', () => {
  it('asks for what follows the last pulled sequence where the plugin asks for "now"', async () => {
    const net = network();
    const fetch = resumeLiveFeedFromPull(net.fetchImpl);
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
    const fetch = resumeLiveFeedFromPull(net.fetchImpl);
    let sent = false;
    const live = fetch(`${base}&feed=longpoll&since=now&limit=2`).then(() => (sent = true));
    net.answer([{ id: 'a' }, { id: 'b' }], '3-x');
    await (await fetch(`${base}&feed=normal&since=0&limit=2`)).json();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toBe(false);
    net.answer([{ id: 'c' }], '4-x');
    await (await fetch(`${base}&feed=normal&since=3-x&limit=2`)).json();
    await live;
    expect(net.asked.map(since)).toEqual(['0', '3-x', '4-x']);
  });

  it('leaves a long-poll from a real sequence and every other call as they are', async () => {
    const net = network();
    const fetch = resumeLiveFeedFromPull(net.fetchImpl);
    await fetch(`${base}&feed=longpoll&since=7-z`);
    await fetch('http://x/sync/gym/1/_bulk_docs', { method: 'POST', body: '{}' });
    expect(net.asked).toEqual([`${base}&feed=longpoll&since=7-z`, 'http://x/sync/gym/1/_bulk_docs']);
  });

  it('tells once when long-polls fail, until one is answered again', async () => {
    let down = true;
    let lost = 0;
    const fetch = resumeLiveFeedFromPull(
      (async () => {
        if (down) throw new TypeError('fetch failed');
        return new Response('{"results":[],"last_seq":"2-b"}');
      }) as typeof fetch,
      () => (lost += 1),
    );
    for (let n = 0; n < 3; n += 1) await expect(fetch(`${base}&feed=longpoll&since=1-a`)).rejects.toThrow('fetch failed');
    expect(lost).toBe(1);
    down = false;
    await fetch(`${base}&feed=longpoll&since=1-a`);
    down = true;
    await expect(fetch(`${base}&feed=longpoll&since=2-b`)).rejects.toThrow('fetch failed');
    expect(lost).toBe(2);
  });
});
