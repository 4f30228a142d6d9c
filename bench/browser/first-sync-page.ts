/**
 * The first-sync bench page, run in Chromium on the gateway's origin (first-sync.browser.bench.ts):
 * the raw floor — one `_changes?include_docs=true` fetch, then one bulk write of the same documents
 * into a bare RxDB collection and into a bare Dexie table — RxDB's replication alone into a bare
 * collection, and the PWA's own tenant store opened exactly as the app opens it, timed until its
 * status reports the first sync done.
 */
import { Dexie } from 'dexie';
import { createRxDatabase, type RxCollection } from 'rxdb';
import { replicateCouchDB } from 'rxdb/plugins/replication-couchdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  TENANT_DOCS_SCHEMA,
  toLocalDoc,
  tolerateTombstone,
  type CouchShape,
  type LocalDoc,
} from '../../pwa/src/data/tenant-docs.ts';
import { openTenantStore } from '../../pwa/src/data/tenant-store.ts';
import type { FirstSyncBenchPage, FloorTimes, ReplicationTimes, RoundInput, StoreTimes } from './first-sync-api.ts';

/** tenant-store.ts's pull batch size, and the push batch a coach uses: the bare replication pushes too, to show what RxDB's push costs a first sync (design/decisions.md 20). */
const PULL_BATCH = 1_000;
const PUSH_BATCH = 100;

/**
 * A bare single-tab database with one collection of the tenant schema (as devices.ts
 * openRawCollection). RxDB 17 opens a collection of schema version > 0 only with the
 * migration-schema plugin, even in an empty database; tenant-store.ts (imported here) adds it.
 */
async function openBareCollection(name: string) {
  const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
  const { docs } = await db.addCollections({ docs: { schema: TENANT_DOCS_SCHEMA } });
  return { db, collection: docs as RxCollection<LocalDoc> };
}

/** The replication's completed `_changes` requests since `start` (Resource Timing). */
function pullsSince(start: number) {
  const entries = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/_changes?') && entry.startTime >= start);
  return {
    pulls: entries.length,
    pullsInFlightMs: entries.reduce((sum, entry) => sum + entry.duration, 0),
    firstPullMs: entries.length > 0 ? Math.min(...entries.map((entry) => entry.startTime)) - start : Number.NaN,
  };
}

async function floor({ gymId, token, expected }: RoundInput): Promise<FloorTimes> {
  const fetchStart = performance.now();
  const response = await fetch(`/sync/gym/${gymId}/_changes?include_docs=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`_changes answered ${response.status}`);
  const { results } = (await response.json()) as { results: { doc: CouchShape }[] };
  const docs = results.map((row) => toLocalDoc(row.doc));
  const fetchMs = performance.now() - fetchStart;
  if (docs.length !== expected) throw new Error(`raw fetch got ${docs.length} of ${expected}`);

  // Opening the bare databases is not timed, as in the Node bench.
  const { db, collection } = await openBareCollection('bench-raw-rxdb');
  const rxdbStart = performance.now();
  const { error } = await collection.bulkInsert(docs);
  const rxdbInsertMs = performance.now() - rxdbStart;
  if (error.length > 0)
    throw new Error(
      `RxDB bulkInsert refused ${error.length} documents, e.g. ${JSON.stringify(error[0]).slice(0, 300)}`,
    );
  await db.close();

  // The Dexie build RxDB uses: the bundle holds one copy (package.json pins the version RxDB pins).
  const dexie = new Dexie('bench-raw-dexie');
  dexie.version(1).stores({ docs: 'id, type' });
  await dexie.open();
  const dexieStart = performance.now();
  await dexie.table('docs').bulkPut(docs);
  const dexiePutMs = performance.now() - dexieStart;
  dexie.close();
  return { fetchMs, rxdbInsertMs, dexiePutMs };
}

async function replication({ gymId, token, expected }: RoundInput): Promise<ReplicationTimes> {
  const { db, collection } = await openBareCollection('bench-bare-replication');
  const start = performance.now();
  const state = replicateCouchDB<LocalDoc>({
    replicationIdentifier: 'bench-bare-replication',
    collection,
    url: `${location.origin}/sync/gym/${gymId}/`,
    live: true,
    retryTime: 1_000,
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
      }),
    pull: { batchSize: PULL_BATCH, modifier: tolerateTombstone },
    push: { batchSize: PUSH_BATCH },
  });
  await state.awaitInitialReplication();
  const syncedMs = performance.now() - start;
  const { pulls, pullsInFlightMs } = pullsSince(start);
  await state.cancel();
  const count = await collection.count().exec();
  await db.close();
  if (count !== expected) throw new Error(`bare replication has ${count} of ${expected} documents`);
  return { syncedMs, pulls, pullsInFlightMs };
}

async function store({ gymId, token, expected }: RoundInput): Promise<StoreTimes> {
  const start = performance.now();
  // The options tenant-data-provider.tsx passes: default database name, storage, origin and log.
  const tenant = await openTenantStore({
    kind: 'gym',
    tenantId: gymId,
    getAccessToken: () => token,
    refresh: async () => token,
  });
  const openedMs = performance.now() - start;
  let firstDocsMs = Number.NaN;
  const syncedMs = await new Promise<number>((resolve) => {
    const subscription = tenant.status$.subscribe((status) => {
      if (Number.isNaN(firstDocsMs) && status.firstSync.docsReceived > 0) firstDocsMs = performance.now() - start;
      if (!status.firstSync.done) return;
      resolve(performance.now() - start);
      queueMicrotask(() => subscription.unsubscribe());
    });
  });
  const pulls = pullsSince(start);
  const count = await tenant.collection.count().exec();
  await tenant.stop();
  if (count !== expected) throw new Error(`store has ${count} of ${expected} documents`);
  return { openedMs, firstDocsMs, syncedMs, ...pulls };
}

const bench: FirstSyncBenchPage = { floor, replication, store };
window.firstSyncBench = bench;
