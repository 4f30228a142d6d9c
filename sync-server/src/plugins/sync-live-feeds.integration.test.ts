import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { pullSelector } from '../sync/device-pulls.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const BOUND_MS = 3_000;

describe('live feeds (long-polls) through the sync gateway', () => {
  let stack: TestStack;
  let origin: string;

  beforeAll(async () => {
    stack = await startTestStack({ longPollTimeoutMs: BOUND_MS });
    origin = stack.server.info.uri;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const longPollUrl = (gymId: string, since = 'now') =>
    `${origin}/sync/gym/${gymId}/_changes?style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=60000&limit=20&seq_interval=20`;

  /** A long-poll as RxDB opens it; `settled` says how it ended (status and body, or 'aborted'). */
  async function openFeed(gymId: string) {
    const controller = new AbortController();
    const headers = await bearerFor(stack, 'gym', gymId);
    const started = performance.now();
    const settled = fetch(longPollUrl(gymId), {
      headers,
      signal: controller.signal,
    }).then(
      async (res) => ({ status: res.status, body: await res.text(), ms: performance.now() - started }),
      () => ({ status: 0, body: 'aborted', ms: performance.now() - started }),
    );
    return { settled, abort: () => controller.abort() };
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('admits 6 long-polls per account and refuses the 7th with 429 and a clear message; other accounts are not affected', async () => {
    const gymId = newId();
    const six = await Promise.all(Array.from({ length: 6 }, () => openFeed(gymId)));
    await pause(300);
    const seventh = await fetch(longPollUrl(gymId), {
      headers: await bearerFor(stack, 'gym', gymId),
      signal: AbortSignal.timeout(2_000),
    });
    expect(seventh.status).toBe(429);
    expect(seventh.headers.get('retry-after')).toBe(String(BOUND_MS / 1000));
    expect((await seventh.json()).message).toMatch(
      /Too many live sync connections for this account: at most 6 at once/,
    );

    // A normal (catch-up) feed of the same account is not a live feed.
    const normal = await stack.server.inject({
      method: 'GET',
      url: `/sync/gym/${gymId}/_changes?since=0`,
      headers: await bearerFor(stack, 'gym', gymId),
    });
    expect(normal.statusCode).toBe(200);

    const other = await openFeed(newId());
    await pause(300);
    other.abort();
    expect((await other.settled).status).toBe(0); // held, not refused

    // When a device goes away its feed is released.
    six[0].abort();
    let again = 429;
    for (let tries = 0; tries < 40 && again === 429; tries += 1) {
      await pause(50);
      const probe = await openFeed(gymId);
      const first = await Promise.race([probe.settled, pause(300).then(() => null)]);
      again = first?.status ?? 200;
      probe.abort();
    }
    expect(again).toBe(200);
    for (const feed of six) feed.abort();
  });

  it('answers health at once while an account holds 6 long-polls', async () => {
    const gymId = newId();
    const six = await Promise.all(Array.from({ length: 6 }, () => openFeed(gymId)));
    await pause(300);
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const health = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      expect(health.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    for (const feed of six) feed.abort();
  });

  it('ends a long-poll with no changes within the bound, with an empty result RxDB takes as "nothing new"', async () => {
    const gymId = newId();
    const feed = await openFeed(gymId);
    const timer = setTimeout(() => feed.abort(), BOUND_MS + 5_000);
    const { status, body, ms } = await feed.settled;
    clearTimeout(timer);
    expect(status).toBe(200);
    const answer = JSON.parse(body);
    expect(answer.results).toEqual([]);
    expect(answer.last_seq).toEqual(expect.anything());
    expect(answer.last_seq).not.toBe('now');
    expect(ms).toBeGreaterThanOrEqual(BOUND_MS - 200);
    expect(ms).toBeLessThan(BOUND_MS + 2_000);
  });

  it('ends a long-poll itself when CouchDB holds it past its timeout, and asks CouchDB for the bound without heartbeats', async () => {
    // A CouchDB that never answers _changes.
    const asked: string[] = [];
    const bodies: string[] = [];
    let upstreamClosed = 0;
    const stuck = http.createServer((req) => {
      asked.push(`${req.method} ${req.url ?? ''}`);
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => bodies.push(body));
      req.socket.once('close', () => (upstreamClosed += 1));
    });
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    const instance = await stack.startInstance({
      couchUrl: `http://127.0.0.1:${(stuck.address() as AddressInfo).port}`,
      longPollTimeoutMs: 500,
    });
    try {
      const gymId = newId();
      const started = performance.now();
      const res = await instance.inject({
        method: 'GET',
        url: `/sync/gym/${gymId}/_changes?style=all_docs&feed=longpoll&since=7&include_docs=true&heartbeat=60000&timeout=90000`,
        headers: await bearerFor(stack, 'gym', gymId),
      });
      const took = performance.now() - started;
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.payload)).toEqual({ results: [], last_seq: 7 });
      expect(took).toBeLessThan(2_000);
      // (The instance's updates feed asks too, and is never answered: the poll is held upstream.)
      const held = asked.find((line) => line.includes('/_changes'))!;
      const query = new URL(held.split(' ')[1], 'http://couch').searchParams;
      expect(query.get('timeout')).toBe('500');
      expect(query.get('heartbeat')).toBeNull();
      // A gym's, held upstream too, leaves check-in records out (decision 198).
      expect(held.split(' ')[0]).toBe('POST');
      expect(query.get('filter')).toBe('_selector');
      expect(bodies.filter(Boolean).map((body) => JSON.parse(body))).toContainEqual({ selector: pullSelector('gym') });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(upstreamClosed).toBeGreaterThanOrEqual(1);
    } finally {
      await instance.stop();
      stuck.closeAllConnections();
      await new Promise((resolve) => stuck.close(resolve));
    }
  });

  it('a long-poll answered with a full batch is not taken as the end: the next poll from its last_seq gets the rest at once', async () => {
    const gymId = newId();
    const headers = await bearerFor(stack, 'gym', gymId);
    expect((await fetch(`${origin}/sync/gym/${gymId}/`, { headers })).status).toBe(200); // creates the database
    const docs = Array.from({ length: 30 }, (_, i) => ({ _id: `note:${String(i).padStart(2, '0')}`, type: 'note' }));
    await stack.couch.use(tenantDbName('gym', gymId)).bulk({ docs } as never);
    const poll = async (since: string) => {
      const started = performance.now();
      const res = await fetch(longPollUrl(gymId, since), { headers });
      return { ...((await res.json()) as { results: unknown[]; last_seq: unknown }), ms: performance.now() - started };
    };
    const first = await poll('0');
    expect(first.results.length).toBe(20); // the poll's limit: more may follow
    // Nothing is written meanwhile: a read that stopped at its limit must not let this poll park.
    const rest = await poll(encodeURIComponent(String(first.last_seq)));
    expect(rest.results.length).toBeGreaterThanOrEqual(10);
    expect(rest.ms).toBeLessThan(BOUND_MS - 1_000);
  });

  it("parks long-polls on the instance's one CouchDB updates feed: no CouchDB connection per device, and a change answers every device of its tenant at once", async () => {
    // A pass-through to CouchDB that counts the long-polls it is asked to hold.
    const target = new URL(stack.couchServer.url);
    let upstreamLongPolls = 0;
    let upstreamReads = 0;
    const feeds = new Set<http.ServerResponse>();
    const counting = http.createServer((req, res) => {
      if ((req.url ?? '').includes('feed=longpoll')) upstreamLongPolls += 1;
      else if ((req.url ?? '').includes('/_changes')) upstreamReads += 1;
      if ((req.url ?? '').startsWith('/_db_updates')) {
        feeds.add(res);
        res.once('close', () => feeds.delete(res));
      }
      const forwarded = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.destroy());
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    const via = new URL(stack.couchServer.url);
    via.port = String((counting.address() as AddressInfo).port);
    // Gym B's poll must stay parked through gym A's two changes: on Apache CouchDB (whose
    // `_db_updates` tells of a change later than the embedded server's) the steps below outlasted
    // the suite's 3 s bound. A longer bound here; "answered by the change" stays under 2 s.
    const instance = await stack.startInstance({ couchUrl: via.toString(), longPollTimeoutMs: 4 * BOUND_MS });
    await instance.start();
    const instanceOrigin = instance.info.uri;
    try {
      const [gymA, gymB] = [newId(), newId()];
      const open = async (gymId: string, since = 'now') => {
        const controller = new AbortController();
        const started = performance.now();
        const settled = fetch(longPollUrl(gymId, since).replace(origin, instanceOrigin), {
          headers: await bearerFor(stack, 'gym', gymId),
          signal: controller.signal,
        }).then(
          async (res) => ({ status: res.status, body: await res.text(), ms: performance.now() - started }),
          () => ({ status: 0, body: 'aborted', ms: performance.now() - started }),
        );
        return { settled, abort: () => controller.abort(), started };
      };
      // The first poll after start may come before the feed is up; wait for a parked one to prove it is.
      const devicesOfA = await Promise.all([open(gymA), open(gymA), open(gymA)]);
      const deviceOfB = await open(gymB);
      await pause(800);
      upstreamLongPolls = 0;
      const later = await open(gymA);
      await pause(500);
      expect(upstreamLongPolls).toBe(0);

      const written = performance.now();
      await stack.couch.use(tenantDbName('gym', gymA)).insert({ _id: 'front-desk:note', type: 'note' } as never);
      let answeredSeq = '';
      for (const device of [...devicesOfA, later]) {
        const { status, body, ms } = await device.settled;
        expect(status).toBe(200);
        const answer = JSON.parse(body);
        expect(answer.results.map((row: { id: string }) => row.id)).toContain('front-desk:note');
        expect(device.started + ms - written).toBeLessThan(BOUND_MS - 1_000); // answered by the change, not the bound
        answeredSeq = String(answer.last_seq);
      }

      // The devices poll again from the sequence they were answered with: nothing changed since the
      // read behind that answer, so the instance does not read again; the next change still answers them.
      upstreamReads = 0;
      const again = await Promise.all([open(gymA, answeredSeq), open(gymA, answeredSeq)]);
      await pause(500);
      expect(upstreamReads).toBe(0);
      await stack.couch.use(tenantDbName('gym', gymA)).insert({ _id: 'front-desk:second', type: 'note' } as never);
      for (const device of again) {
        const { status, body } = await device.settled;
        expect(status).toBe(200);
        expect(JSON.parse(body).results.map((row: { id: string }) => row.id)).toEqual(['front-desk:second']);
      }
      const stillParked = await Promise.race([deviceOfB.settled, pause(200).then(() => null)]);
      expect(stillParked).toBeNull();
      expect(upstreamLongPolls).toBe(0);

      // The updates feed drops (CouchDB restarted, a proxy cut it): a parked poll still hears of the next change.
      expect(feeds.size).toBe(1);
      for (const feed of feeds) feed.destroy();
      await pause(50);
      await stack.couch.use(tenantDbName('gym', gymB)).insert({ _id: 'front-desk:after-drop', type: 'note' } as never);
      const afterDrop = await deviceOfB.settled;
      expect(afterDrop.status).toBe(200);
      expect(JSON.parse(afterDrop.body).results.map((row: { id: string }) => row.id)).toContain(
        'front-desk:after-drop',
      );
      await expect.poll(() => feeds.size, { timeout: 5_000 }).toBe(1); // opened again by itself
    } finally {
      await instance.stop();
      counting.closeAllConnections();
      await new Promise((resolve) => counting.close(resolve));
    }
  });
});
