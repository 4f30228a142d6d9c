/**
 * The check-in sender alone (issue 25, the device outbox's one sender): a front desk's 1,000
 * check-ins handed to the check-ins' outbox type on the device sender (`checkInOutbox` on
 * `createDeviceSender`, as the store runs it) as taps arrive (the undecided list growing by one each
 * time), against an in-process gateway stand-in that answers after 2 ms. Measured: until every
 * check-in is delivered, and how many posts it took, next to a bare loop posting the same batches
 * one after the other (same run). Then an outage: the stand-in fails every post (as a network
 * failure) for 20 s while taps continue, then answers again and the sender is woken (as the store
 * does when the server is reachable again): posts tried during the outage, and from the wake until
 * every check-in is delivered.
 * (Before decision 180 the check-ins had a sender of their own, `createCheckInSender`, measured in
 * bench/RESULTS.md issue 25 stage 1a.)
 * Run: npx tsx bench/check-in-sender.bench.ts
 */
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { checkInOutbox } from '../pwa/src/data/check-in-sender.ts';
import { createDeviceSender } from '../pwa/src/data/outbox/device-sender.ts';
import { createEntryBackOff } from '../pwa/src/data/outbox/entry-back-off.ts';
import { runBenchIn } from './support/run.ts';
import { ms, ratio, summarise, waitUntil } from './support/stats.ts';

const CHECK_INS = 1_000;
const LATENCY_MS = 2;
const OUTAGE_MS = 20_000;
const RUNS = 5;

// As the device journal holds a check-in (decision 178).
const checkIn = (n: number): CheckInDoc => ({
  _id: `checkin:${'a'.repeat(24)}:${n}`,
  type: 'check-in',
  passId: 'a'.repeat(24),
  passKind: 'day-pass',
  gymId: 'g'.repeat(24),
  checkedInAt: '2026-11-21T10:00:00.000Z',
  method: 'tap',
  deviceId: 'tablet-1',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gateway() {
  const delivered = new Set<string>();
  const state = { down: false, posts: 0, failed: 0 };
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    state.posts += 1;
    await sleep(LATENCY_MS);
    if (state.down) {
      state.failed += 1;
      throw new TypeError('fetch failed');
    }
    for (const doc of (JSON.parse(String(init.body)) as { docs: { _id: string }[] }).docs) delivered.add(doc._id);
    return new Response('[]', { status: 201 });
  }) as unknown as typeof fetch;
  return { fetchImpl, delivered, state };
}

/** The check-ins on the device sender, as the store runs them; `undecided` plays the journal. */
function start(fetchImpl: typeof fetch) {
  const backOff = { firstMs: 1_000, maxMs: 10_000 };
  const checkIns = checkInOutbox({
    url: 'http://gateway/_bulk_docs',
    fetch: fetchImpl,
    batchSize: 100,
    resendAfterMs: 30_000,
    backOff: createEntryBackOff(backOff),
    onFailed: () => undefined,
  });
  let changed = () => {};
  const sender = createDeviceSender({
    types: [
      { deliver: checkIns.deliver, watch: (onChange) => ((changed = onChange), { unsubscribe: () => undefined }) },
    ],
    backOff,
    onError: () => undefined,
  });
  return {
    undecided(docs: CheckInDoc[]) {
      if (checkIns.undecided(docs)) changed();
    },
    wake: () => sender.wake(),
    stop: () => sender.stop(),
  };
}

async function throughSender() {
  const server = gateway();
  const sender = start(server.fetchImpl);
  const docs: CheckInDoc[] = [];
  const t0 = performance.now();
  for (let n = 0; n < CHECK_INS; n += 1) {
    docs.push(checkIn(n));
    sender.undecided([...docs]);
    // Taps arrive a turn of the event loop apart.
    await sleep(0);
  }
  const lastTap = performance.now();
  await waitUntil(() => server.delivered.size === CHECK_INS, {
    timeoutMs: 60_000,
    everyMs: 1,
    what: 'every check-in delivered',
  });
  const done = performance.now();
  sender.stop();
  return { took: done - t0, afterLastTap: done - lastTap, posts: server.state.posts };
}

async function bareLoop() {
  const server = gateway();
  const docs = Array.from({ length: CHECK_INS }, (_, n) => checkIn(n));
  const t0 = performance.now();
  for (let i = 0; i < CHECK_INS; i += 100) {
    await server.fetchImpl('http://gateway/_bulk_docs', {
      method: 'POST',
      body: JSON.stringify({ docs: docs.slice(i, i + 100).map((d) => ({ _id: d._id })) }),
    });
  }
  return performance.now() - t0;
}

async function outage() {
  const server = gateway();
  const sender = start(server.fetchImpl);
  server.state.down = true;
  const docs: CheckInDoc[] = [];
  const t0 = performance.now();
  for (let n = 0; performance.now() - t0 < OUTAGE_MS; n += 1) {
    docs.push(checkIn(n));
    sender.undecided([...docs]);
    await sleep(10);
  }
  const triedWhileDown = server.state.posts;
  server.state.down = false;
  const back = performance.now();
  sender.wake();
  await waitUntil(() => server.delivered.size === docs.length, {
    timeoutMs: 60_000,
    everyMs: 1,
    what: 'every check-in delivered after the outage',
  });
  const took = performance.now() - back;
  sender.stop();
  return { took, triedWhileDown, recorded: docs.length };
}

await runBenchIn(
  'Check-in sender: 1,000 taps delivered, and an outage',
  `in-process gateway stand-in, ${LATENCY_MS} ms per post · checkInOutbox on createDeviceSender`,
  async () => {
    const sent: number[] = [];
    const afterLastTap: number[] = [];
    const posts: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const s = await throughSender();
      sent.push(s.took);
      afterLastTap.push(s.afterLastTap);
      posts.push(s.posts);
      bare.push(await bareLoop());
    }
    const a = summarise(sent);
    const l = summarise(afterLastTap);
    const b = summarise(bare);
    console.log(
      `1,000 taps (a turn of the event loop apart), first tap to all delivered: p50 ${ms(a.p50)}, max ${ms(a.max)}`,
    );
    console.log(`last tap to all delivered: p50 ${ms(l.p50)}, max ${ms(l.max)}; posts per run: ${posts.join(', ')}`);
    console.log(
      `bare loop posting the same 1,000 in 10 batches: p50 ${ms(b.p50)} (last tap to delivered ${ratio(l.p50, b.p50)} of it)`,
    );
    const outages = [];
    for (let run = 0; run < 2; run += 1) outages.push(await outage());
    for (const o of outages)
      console.log(
        `outage ${OUTAGE_MS} ms, ${o.recorded} taps: ${o.triedWhileDown} posts tried while down; wake to all delivered ${ms(o.took)}`,
      );
  },
);
