/**
 * Live-feed flood (issue 16): accounts holding long-polls through the sync gateway, as RxDB holds
 * them (`feed=longpoll&since=…&heartbeat=60000`, re-polled as soon as one is answered), while
 * GET /api/health (one CouchDB call) is timed. Measured: long-polls one account can hold (the 7th
 * is refused), health p50/p95 with no feeds, with 6 feeds × N accounts held, and while one account
 * fires 500 long-polls at once (before the cap, 500 held feeds stalled every database call).
 * Run: npx tsx bench/feed-flood.bench.ts
 */
import { newId } from '../sync-server/src/couch/ids.ts';
import { startBenchStack, type BenchStack } from './support/bench-stack.ts';
import { runBench } from './support/run.ts';
import { ms, summarise, verdict, waitUntil, type Summary } from './support/stats.ts';

const FEEDS_PER_ACCOUNT = 6;
const ACCOUNTS = [1, 10, 50];
const HEALTH_SAMPLES = 200;
const FLOOD = 500;
const TARGET_P95_MS = 100;

const longPollUrl = (stack: BenchStack, gymId: string, since: string) =>
  `${stack.origin}/sync/gym/${gymId}/_changes?style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=60000&limit=20&seq_interval=20`;

interface Tally {
  /** 429 answers. */
  refused: number;
  /** Feeds that were refused at least once. */
  refusedFeeds: number;
  answered: number;
}
const newTally = (): Tally => ({ refused: 0, refusedFeeds: 0, answered: 0 });

/** RxDB's pause before it retries a failed long-poll (the store's retryTime). */
const RETRY_MS = 1_000;

/**
 * One device's live feed as RxDB runs it: re-polls from the answered sequence at once, retries a
 * refusal after RETRY_MS; until stopped.
 */
function holdFeed(stack: BenchStack, gymId: string, stopped: AbortSignal, tally: Tally): Promise<void> {
  let refusedOnce = false;
  return (async () => {
    const headers = { authorization: `Bearer ${await stack.gymToken(gymId)}` };
    let since = 'now';
    while (!stopped.aborted) {
      try {
        const res = await fetch(longPollUrl(stack, gymId, since), { headers, signal: stopped });
        if (res.status === 429) {
          tally.refused += 1;
          if (!refusedOnce) tally.refusedFeeds += 1;
          refusedOnce = true;
          await res.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
          continue;
        }
        const body = (await res.json()) as { last_seq: string | number };
        tally.answered += 1;
        since = String(body.last_seq);
      } catch {
        return; // stopped
      }
    }
  })();
}

/** Health calls one after another: `samples` of them, and for at least `forMs`. */
async function healthTimes(stack: BenchStack, samples: number, forMs = 0): Promise<Summary> {
  const times: number[] = [];
  const until = performance.now() + forMs;
  for (let i = 0; i < samples || performance.now() < until; i += 1) {
    const started = performance.now();
    const res = await fetch(`${stack.origin}/api/health`);
    await res.text();
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return summarise(times);
}

const line = (label: string, s: Summary) =>
  console.log(
    `${label.padEnd(44)} n=${String(s.n).padStart(4)}  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}`,
  );

/** A 7th long-poll of an account: 429 once it holds 6 (else it is held, and let go after 300 ms). */
async function seventh(stack: BenchStack, gymId: string): Promise<number> {
  try {
    const res = await fetch(longPollUrl(stack, gymId, 'now'), {
      headers: { authorization: `Bearer ${await stack.gymToken(gymId)}` },
      signal: AbortSignal.timeout(300),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

await runBench('Live-feed flood: long-polls held per account, API health while they are held', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  console.log(
    `long-poll bound ${stack.config.longPollTimeoutMs / 1000} s, at most ${stack.config.liveFeedsPerAccount} per account`,
  );

  line('health, no feeds', await healthTimes(stack, HEALTH_SAMPLES));

  for (const accounts of ACCOUNTS) {
    const stop = new AbortController();
    const tally = newTally();
    const gyms = Array.from({ length: accounts }, () => newId());
    const feeds = gyms.flatMap((gymId) =>
      Array.from({ length: FEEDS_PER_ACCOUNT }, () => holdFeed(stack, gymId, stop.signal, tally)),
    );
    const opened = performance.now();
    // Held once every account's 7th is refused.
    await waitUntil(
      async () => (await Promise.all(gyms.map((g) => seventh(stack, g)))).every((status) => status === 429),
      {
        timeoutMs: 60_000,
        everyMs: 100,
        what: `${accounts * FEEDS_PER_ACCOUNT} feeds to be held`,
      },
    );
    const heldAfter = performance.now() - opened;
    const during = await healthTimes(stack, HEALTH_SAMPLES);
    line(`health, ${FEEDS_PER_ACCOUNT} feeds × ${accounts} accounts held`, during);
    console.log(
      `  all ${accounts * FEEDS_PER_ACCOUNT} held ${ms(heldAfter)} after they were opened; each account's 7th: 429`,
    );
    verdict(
      `health p95 ≤ ${TARGET_P95_MS} ms with ${accounts * FEEDS_PER_ACCOUNT} feeds held`,
      during.p95 <= TARGET_P95_MS,
      ms(during.p95),
    );
    stop.abort();
    await Promise.all(feeds);
  }

  // One account fires 500 long-polls at once while health is timed.
  const gymId = newId();
  const stop = new AbortController();
  const tally = newTally();
  const started = performance.now();
  const flood = Array.from({ length: FLOOD }, () => holdFeed(stack, gymId, stop.signal, tally));
  // From the burst on, and through three rounds of the refused feeds retrying as RxDB would.
  const during = await healthTimes(stack, HEALTH_SAMPLES, 3 * RETRY_MS);
  await waitUntil(() => tally.refusedFeeds >= FLOOD - FEEDS_PER_ACCOUNT, {
    timeoutMs: 60_000,
    what: 'the flood to be refused',
  });
  const refusedAfter = performance.now() - started;
  line(`health, ${FLOOD} long-polls of one account`, during);
  const held = FLOOD - tally.refusedFeeds;
  console.log(
    `  ${tally.refusedFeeds} of ${FLOOD} refused, ${tally.refused} refusals in ${ms(refusedAfter)} (burst and retries); held ${held}`,
  );
  verdict(`one account holds at most ${FEEDS_PER_ACCOUNT}`, held === FEEDS_PER_ACCOUNT, `${held} held`);
  verdict(`health p95 ≤ ${TARGET_P95_MS} ms during the flood`, during.p95 <= TARGET_P95_MS, ms(during.p95));
  stop.abort();
  await Promise.all(flood);
});
