/**
 * First sync of a busy gym (10,000 passes of 2,000 members, schedule weeks, signing keys) into a
 * fresh front-desk store through the gateway, until the store reports its first sync done, next
 * to the raw floor in the same run: one `GET _changes?include_docs=true` through the gateway (same
 * token) plus one bulk insert of the same documents into a fresh RxDB collection and a Dexie table.
 * Then the pull batch size: the same replication with other batch sizes. The store keeps
 * `multiInstance` (leader election, events between tabs) with the primitives a browser gives it, not
 * Node 20's fallbacks (support/browser-tabs.ts).
 * BENCH_DATABASE chooses the CouchDB (support/bench-couch.ts: embedded, apache, cluster).
 * Run: npx tsx bench/first-sync.bench.ts   (FIRST_SYNC_ROUNDS=3, FIRST_SYNC_BATCHES=100,1000 or none)
 */
import { replicateCouchDB } from 'rxdb/plugins/replication-couchdb';
import {
  TENANT_DOCS_SCHEMA,
  toLocalDoc,
  tolerateTombstone,
  type CouchShape,
  type LocalDoc,
} from '../pwa/src/data/tenant-docs.ts';
import { startBenchStack, type BenchStack } from './support/bench-stack.ts';
import { actLikeBrowserTabs } from './support/browser-tabs.ts';
import { firstSyncDone, openGymDevice, openRawCollection, openRawDexie } from './support/devices.ts';
import { seedGym } from './support/gym-data.ts';
import { runBench } from './support/run.ts';
import { figure, ms, ratio, summarise, timed, verdict } from './support/stats.ts';

const ROUNDS = Number(process.env.FIRST_SYNC_ROUNDS ?? 3);
const SHIPPED_BATCH = 1_000; // tenant-store.ts pull.batchSize
const BATCH_SIZES = (process.env.FIRST_SYNC_BATCHES ?? '100,500,1000,2000,5000,10000')
  .split(',')
  .filter((size) => size !== 'none')
  .map(Number);
const TARGET_MS = 5_000;
const TARGET_RATIO = 1.5;
const TIMEOUT_MS = 120_000;

/** The raw floor: the whole feed in one answer, then one bulk write. */
async function rawFetch(stack: BenchStack, gymId: string): Promise<LocalDoc[]> {
  const response = await fetch(`${stack.origin}/sync/gym/${gymId}/_changes?include_docs=true`, {
    headers: { authorization: `Bearer ${await stack.gymToken(gymId)}` },
  });
  if (!response.ok) throw new Error(`_changes answered ${response.status}`);
  const { results } = (await response.json()) as { results: { doc: CouchShape }[] };
  return results.map((row) => toLocalDoc(row.doc));
}

/** The store's replication settings with another pull batch size, into a bare collection. */
async function replicateWithBatch(
  stack: BenchStack,
  gymId: string,
  batchSize: number,
  expected: number,
): Promise<number> {
  const { db, collection } = await openRawCollection();
  try {
    const token = await stack.gymToken(gymId);
    const { ms: took } = await timed(async () => {
      const replication = replicateCouchDB<LocalDoc>({
        replicationIdentifier: `bench-batch-${batchSize}`,
        collection,
        url: `${stack.origin}/sync/gym/${gymId}/`,
        live: true,
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
          }),
        pull: { batchSize, modifier: tolerateTombstone },
        push: { batchSize: 100 },
      });
      await replication.awaitInitialReplication();
      await replication.cancel();
    });
    const count = await collection.count().exec();
    if (count !== expected) throw new Error(`batch ${batchSize}: ${count} of ${expected} documents`);
    return took;
  } finally {
    await db.remove();
  }
}

// Multi-tab primitives as a browser has them (native BroadcastChannel, Web Locks); see browser-tabs.ts.
actLikeBrowserTabs();

await runBench('First sync of a gym with 10,000 passes, its schedule and 2,000 visitors', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const gym = await seedGym(stack);
  // The gateway prepares a tenant on its first request; that once-per-instance step is not timed.
  await rawFetch(stack, gym.gymId);
  console.log(
    `server holds ${gym.docCount} documents for the gym (schema has ${Object.keys(TENANT_DOCS_SCHEMA.properties).length} fields)`,
  );

  const runs = { store: [] as number[], fetch: [] as number[], rxdb: [] as number[], dexie: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const fetched = await timed(() => rawFetch(stack, gym.gymId));
    if (fetched.value.length !== gym.docCount)
      throw new Error(`raw fetch got ${fetched.value.length} of ${gym.docCount}`);
    const bare = await openRawCollection();
    const rxInsert = await timed(() => bare.collection.bulkInsert(fetched.value));
    await bare.db.remove();
    const dexie = await openRawDexie();
    const dexieInsert = await timed(() => dexie.table('docs').bulkPut(fetched.value));
    await dexie.delete();

    // Timed like the floor: from opening until the store reports the documents stored; checking
    // them and removing the database are not timed.
    const opened = performance.now();
    const device = await openGymDevice(stack, gym.gymId);
    let syncedMs: number;
    try {
      await firstSyncDone(device, TIMEOUT_MS);
      syncedMs = performance.now() - opened;
      const count = await device.collection.count().exec();
      if (count !== gym.docCount) throw new Error(`store has ${count} of ${gym.docCount}`);
    } finally {
      await device.remove();
    }
    runs.store.push(syncedMs);
    runs.fetch.push(fetched.ms);
    runs.rxdb.push(fetched.ms + rxInsert.ms);
    runs.dexie.push(fetched.ms + dexieInsert.ms);
    console.log(
      `round ${round + 1}: store ${ms(syncedMs)} · raw fetch ${ms(fetched.ms)} + RxDB bulkInsert ${ms(rxInsert.ms)} · + Dexie bulkPut ${ms(dexieInsert.ms)}`,
    );
  }
  const median = (xs: number[]) => summarise(xs).p50;
  const store = median(runs.store);
  const rxdbFloor = median(runs.rxdb);
  const dexieFloor = median(runs.dexie);
  console.log(
    `median of ${ROUNDS}: store first sync ${ms(store)}; raw fetch ${ms(median(runs.fetch))}; ` +
      `fetch + RxDB bulkInsert ${ms(rxdbFloor)} (${ratio(store, rxdbFloor)}); fetch + Dexie bulkPut ${ms(dexieFloor)} (${ratio(store, dexieFloor)})`,
  );

  figure('first-sync.store', store, 'ms');
  figure('first-sync.raw-fetch', median(runs.fetch), 'ms');
  figure('first-sync.rxdb-floor', rxdbFloor, 'ms');
  if (BATCH_SIZES.length > 0)
    console.log(`pull batch size (shipped: ${SHIPPED_BATCH}), replication into a bare collection, one run each:`);
  for (const size of BATCH_SIZES) {
    const took = await replicateWithBatch(stack, gym.gymId, size, gym.docCount);
    console.log(`  batch ${String(size).padStart(6)}: ${ms(took)} (${ratio(took, rxdbFloor)} the RxDB floor)`);
  }
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
});
