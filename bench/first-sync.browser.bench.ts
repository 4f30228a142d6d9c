/**
 * Issue 3's first sync, in a real browser: a gym with 10,000 passes, its schedule and 2,000
 * visitors synced into a fresh headless Chromium profile by the PWA's own data layer
 * (`openTenantStore` as the app opens it: Dexie storage on Chromium's IndexedDB, `multiInstance`
 * with the browser's BroadcastChannel and Web Locks), next to the raw floor in the same run and the
 * same browser: one `_changes?include_docs=true` fetch plus one bulk write of the same documents
 * into a bare RxDB collection and a bare Dexie table. Also RxDB's push-and-pull replication into a
 * bare collection (the store's pull settings plus a push, as a coach replicates and as front desks
 * did before design/decisions.md 20), which shows what RxDB's push bookkeeping costs a first sync.
 * The server (Hapi, gateway, embedded CouchDB on leveldb) runs in this Node process; the page, on
 * the gateway's origin, runs in Chromium. Each measurement gets a fresh browser context (empty
 * IndexedDB); the order alternates between rounds.
 * With BENCH_PROFILE=1, one more store first sync runs under the CPU profiler (unminified build).
 * Run: npx tsx bench/first-sync.browser.bench.ts
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import type { FloorTimes, ReplicationTimes, RoundInput, StoreTimes } from './browser/first-sync-api.ts';
import { startBenchStack, type BenchStack } from './support/bench-stack.ts';
import { buildBenchPage, openBenchPage, type BuiltPage } from './support/browser-bench-page.ts';
import { profileDuring, type FunctionTime } from './support/browser-profile.ts';
import { seedGym } from './support/gym-data.ts';
import { runBench } from './support/run.ts';
import { ms, ratio, summarise, verdict } from './support/stats.ts';

const ROUNDS = 5;
const TARGET_MS = 5_000;
const TARGET_RATIO = 1.5;
const TIMEOUT_MS = 120_000;
const PAGE_ROOT = fileURLToPath(new URL('./browser/', import.meta.url));
const READY = 'window.firstSyncBench !== undefined';
const PROFILE_TOP = 20;

/** Runs one measurement in the page of a fresh context, bounded in time. */
async function inFreshContext<T>(
  browser: Browser,
  origin: string,
  built: BuiltPage,
  label: string,
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const { context, page } = await openBenchPage(browser, origin, built, READY, label);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${label} took over ${TIMEOUT_MS} ms`)), TIMEOUT_MS)),
    );
    return await Promise.race([measure(page), timeout]);
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}

const floorIn = (page: Page, input: RoundInput) => page.evaluate((i) => window.firstSyncBench!.floor(i), input);
const replicationIn = (page: Page, input: RoundInput) =>
  page.evaluate((i) => window.firstSyncBench!.replication(i), input);
const storeIn = (page: Page, input: RoundInput) => page.evaluate((i) => window.firstSyncBench!.store(i), input);

/** One more store first sync under the CPU profiler, with readable function names: where the page's time goes. */
async function profileStore(browser: Browser, stack: BenchStack, input: RoundInput): Promise<void> {
  const built = await buildBenchPage(PAGE_ROOT, { minify: false });
  const file = path.join(os.tmpdir(), `first-sync-store-${Date.now()}.cpuprofile`);
  try {
    const { value: store, summary } = await inFreshContext(browser, stack.origin, built, 'profiled store', (page) =>
      profileDuring(page, file, () => storeIn(page, input)),
    );
    console.log(
      `profiled store first sync ${ms(store.syncedMs)} (${store.pulls} pulls ${ms(store.pullsInFlightMs)} in flight): of ${ms(summary.wallMs)} ` +
        `profiled, main thread idle ${ms(summary.idleMs)}, native work outside JS ("program") ${ms(summary.programMs)}, ` +
        `garbage collection ${ms(summary.garbageCollectionMs)}; raw profile: ${file}`,
    );
    const top = (key: keyof Omit<FunctionTime, 'name'>) =>
      [...summary.functions].sort((a, b) => b[key] - a[key]).slice(0, PROFILE_TOP);
    console.log('  by self time:');
    for (const f of top('selfMs'))
      console.log(`    ${ms(f.selfMs).padStart(8)} self ${ms(f.totalMs).padStart(8)} total  ${f.name}`);
    console.log('  by total time:');
    for (const f of top('totalMs'))
      console.log(`    ${ms(f.totalMs).padStart(8)} total ${ms(f.selfMs).padStart(8)} self  ${f.name}`);
  } finally {
    built.remove();
  }
}

/** The gateway prepares a tenant on its first request; that once-per-instance step is not timed. */
async function prepareTenant(stack: BenchStack, gymId: string): Promise<void> {
  const response = await fetch(`${stack.origin}/sync/gym/${gymId}/_changes?limit=1`, {
    headers: { authorization: `Bearer ${await stack.gymToken(gymId)}` },
  });
  if (!response.ok) throw new Error(`_changes answered ${response.status}`);
  await response.body?.cancel();
}

await runBench(
  'First sync of a gym with 10,000 passes, its schedule and 2,000 visitors, into a fresh browser',
  async (cleanup) => {
    const stack = await startBenchStack();
    cleanup(() => stack.stop());
    const gym = await seedGym(stack);
    await prepareTenant(stack, gym.gymId);
    const built = await buildBenchPage(PAGE_ROOT);
    cleanup(async () => built.remove());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`Chromium ${browser.version()} (headless); server holds ${gym.docCount} documents for the gym`);

    const runs = {
      store: [] as number[],
      replication: [] as number[],
      fetch: [] as number[],
      rxdb: [] as number[],
      dexie: [] as number[],
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const input: RoundInput = { gymId: gym.gymId, token: await stack.gymToken(gym.gymId), expected: gym.docCount };
      const fresh =
        <T>(what: string, measure: (page: Page, input: RoundInput) => Promise<T>) =>
        () =>
          inFreshContext(browser, stack.origin, built, `round ${round} ${what}`, (page) => measure(page, input));
      const steps = {
        floor: fresh('floor', floorIn),
        replication: fresh('replication', replicationIn),
        store: fresh('store', storeIn),
      };
      // Alternating the order keeps a warm server cache or a busy moment from favouring one side.
      const floorFirst = round % 2 === 1;
      let floor: FloorTimes;
      let bare: ReplicationTimes;
      let store: StoreTimes;
      if (floorFirst) {
        floor = await steps.floor();
        bare = await steps.replication();
        store = await steps.store();
      } else {
        store = await steps.store();
        bare = await steps.replication();
        floor = await steps.floor();
      }
      runs.store.push(store.syncedMs);
      runs.replication.push(bare.syncedMs);
      runs.fetch.push(floor.fetchMs);
      runs.rxdb.push(floor.fetchMs + floor.rxdbInsertMs);
      runs.dexie.push(floor.fetchMs + floor.dexiePutMs);
      console.log(
        `round ${round} (${floorFirst ? 'floor first' : 'store first'}): store ${ms(store.syncedMs)} (opened ${ms(store.openedMs)}, ` +
          `first pull sent ${ms(store.firstPullMs)}, first batch stored ${ms(store.firstDocsMs)}, ${store.pulls} pulls ${ms(store.pullsInFlightMs)} in flight) · ` +
          `bare push+pull replication ${ms(bare.syncedMs)} (${bare.pulls} pulls ${ms(bare.pullsInFlightMs)} in flight) · ` +
          `raw fetch ${ms(floor.fetchMs)} + RxDB bulkInsert ${ms(floor.rxdbInsertMs)} · + Dexie bulkPut ${ms(floor.dexiePutMs)}`,
      );
    }
    const median = (xs: number[]) => summarise(xs).p50;
    const store = median(runs.store);
    const rxdbFloor = median(runs.rxdb);
    const dexieFloor = median(runs.dexie);
    console.log(
      `median of ${ROUNDS}: store first sync ${ms(store)}; bare push+pull replication ${ms(median(runs.replication))} (${ratio(median(runs.replication), rxdbFloor)} the RxDB floor); ` +
        `raw fetch ${ms(median(runs.fetch))}; fetch + RxDB bulkInsert ${ms(rxdbFloor)} (store ${ratio(store, rxdbFloor)}); ` +
        `fetch + Dexie bulkPut ${ms(dexieFloor)} (store ${ratio(store, dexieFloor)})`,
    );
    console.log(`load at the end ${os.loadavg()[0].toFixed(1)}`);
    verdict(`first sync ≤ ${TARGET_MS} ms`, store <= TARGET_MS, ms(store));
    verdict(
      `≤ ${TARGET_RATIO}× raw (fetch + RxDB bulkInsert)`,
      store <= TARGET_RATIO * rxdbFloor,
      ratio(store, rxdbFloor),
    );
    verdict(
      `≤ ${TARGET_RATIO}× raw (fetch + Dexie bulkPut)`,
      store <= TARGET_RATIO * dexieFloor,
      ratio(store, dexieFloor),
    );
    if (process.env.BENCH_PROFILE === '1')
      await profileStore(browser, stack, {
        gymId: gym.gymId,
        token: await stack.gymToken(gym.gymId),
        expected: gym.docCount,
      });
  },
  'the PWA data layer in headless Chromium (IndexedDB), one fresh context per measurement',
);
