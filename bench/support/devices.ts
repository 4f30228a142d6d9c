/**
 * Front-desk "tablets" in Node: the PWA's own tenant store (`openTenantStore`, production
 * settings: Dexie storage, no dev-mode, no schema-validation wrapper) on fake-indexeddb, plus the
 * raw baselines the benches compare against in the same run: a bare Dexie table (the very Dexie
 * build RxDB uses) and a bare RxDB collection with the tenant schema.
 */
import 'fake-indexeddb/auto';
import { createRequire } from 'node:module';
import type { Dexie as DexieClass } from 'dexie';
import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { firstValueFrom } from 'rxjs';
import type { TenantDocType } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { ofType } from '../../pwa/src/data/local-queries.ts';
import { TENANT_DOCS_SCHEMA, toCouchShape, type LocalDoc } from '../../pwa/src/data/tenant-docs.ts';
import {
  openTenantStore,
  type OpenedTenantStore,
  type SyncStatus,
  type TenantStore,
} from '../../pwa/src/data/tenant-store.ts';
import { frontDeskLists, frontDeskWindow, type PassView } from '../../pwa/src/front-desk/front-desk-model.ts';
import { decisionsIn } from '../../pwa/src/data/test-support/local-decisions.ts';
import type { BenchStack } from './bench-stack.ts';
import { waitUntil } from './stats.ts';

// RxDB pins its own Dexie (the stack notes' trap); the baseline must use that build, not the top-level one.
const require = createRequire(import.meta.url);
const { Dexie } = require(require.resolve('dexie', { paths: [require.resolve('rxdb/plugins/storage-dexie')] })) as {
  Dexie: typeof DexieClass;
};
export type RawDexie = InstanceType<typeof Dexie>;

let opened = 0;
/** A database name no other device of this process uses. */
const freshName = (what: string) => `bench-${what}-${(opened += 1)}-${Date.now().toString(36)}`;

export interface DeviceOptions {
  /** Where the device reaches the server (a network cable's URL); the server itself by default. */
  baseUrl?: string;
  /** The replication's retry pause; the store's production default (1 s) unless given. */
  retryMs?: number;
}

/** A gym's front-desk tablet, as the PWA opens it. */
export async function openGymDevice(
  stack: BenchStack,
  gymId: string,
  options: DeviceOptions = {},
): Promise<OpenedTenantStore> {
  const token = await stack.gymToken(gymId);
  return openTenantStore({
    kind: 'gym',
    tenantId: gymId,
    getAccessToken: () => token,
    refresh: async () => token,
    baseUrl: options.baseUrl ?? stack.origin,
    databaseName: freshName('tablet'),
    storage: getRxStorageDexie(),
    ...(options.retryMs ? { retryMs: options.retryMs } : {}),
    log: () => {},
  });
}

export function latestStatus(store: TenantStore): SyncStatus {
  let last: SyncStatus | undefined;
  store.status$.subscribe((s) => (last = s)).unsubscribe();
  if (!last) throw new Error('The store is stopped');
  return last;
}

/** Resolves once the store's first sync is complete, as its status bar reports it. */
export function firstSyncDone(store: TenantStore, timeoutMs: number): Promise<void> {
  return waitUntil(() => latestStatus(store).firstSync.done, { timeoutMs, everyMs: 5, what: 'the first sync' });
}

/** Local documents of one type in CouchDB shape, as the front desk's pages read them. */
export async function localDocs<T extends { _id: string; type: string }>(
  store: OpenedTenantStore,
  type: TenantDocType,
): Promise<T[]> {
  const found = await store.collection.find({ selector: ofType(type) }).exec();
  return found.map((d) => toCouchShape<T>(d.toJSON() as LocalDoc));
}

/** Today's day-pass list as the front desk shows it on this device, read as its page reads it. */
export async function todayList(store: OpenedTenantStore, now = new Date()): Promise<PassView[]> {
  const docs = await firstValueFrom(store.frontDesk.watch(frontDeskWindow(now)));
  return frontDeskLists(docs.passes, docs.checkIns, docs.outcomes, now).today;
}

/**
 * The check-ins recorded on this device that wait in its journal for their decision (a gym's devices
 * pull no check-in records, decision 198: a decided one is told by its pass or outcome document).
 */
export async function deviceCheckIns(store: OpenedTenantStore): Promise<CheckInDoc[]> {
  return (await firstValueFrom(store.frontDesk.watch({ fromDate: '0000-01-01', since: '' }))).checkIns;
}

/** A bare RxDB database with one collection of the tenant schema (the pull baseline's target). */
export async function openRawCollection(): Promise<{ db: RxDatabase; collection: RxCollection<LocalDoc> }> {
  const db = await createRxDatabase({
    name: freshName('raw-rxdb'),
    storage: getRxStorageDexie(),
    multiInstance: false,
  });
  const { docs } = await db.addCollections({ docs: { schema: TENANT_DOCS_SCHEMA } });
  return { db, collection: docs as RxCollection<LocalDoc> };
}

/** A bare Dexie table keyed and indexed like the tenant collection. */
export async function openRawDexie(): Promise<RawDexie> {
  const db = new Dexie(freshName('raw-dexie'));
  db.version(1).stores({ docs: 'id, type' });
  await db.open();
  return db;
}

/** The device's copy of the server's decisions on check-ins, by record id (rules/check-in-decisions.ts). */
export const deviceDecisions = (store: OpenedTenantStore) => decisionsIn(store.collection);
