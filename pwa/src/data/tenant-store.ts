/**
 * The device's copy of one tenant's CouchDB database (design/sync.md): an RxDB database on
 * IndexedDB (Dexie storage) with one collection holding every document of the tenant, replicated
 * live through the server's authorising gateway `/sync/{kind}/{id}/`. Pages never see RxDB: they
 * read and write through the store's typed queries and commands (`passes`, `frontDesk`,
 * `gymActivity`, `availability`); nothing here waits for the network.
 */
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { replicateCouchDB } from 'rxdb/plugins/replication-couchdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { auditTime, combineLatest, of, type Observable } from 'rxjs';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { availabilityOutbox, createAvailabilityData, type AvailabilityData } from './availability-data.ts';
import { createScheduleData, scheduleOutbox, type ScheduleData } from './schedule-data.ts';
import { createDeviceSender, type DeviceSender, type OutboxType } from './outbox/device-sender.ts';
import { isNetworkFailure } from './outbox/entry-back-off.ts';
import { DEFAULT_MAX_RETRY_MS } from './outbox/outbox-sender.ts';
import { moveLegacyOutbox, moveUnsentCheckIns } from './legacy-outbox.ts';
import { openCheckInDelivery } from './check-in-delivery.ts';
import { deleteDeviceJournal, openDeviceJournal } from './outbox/device-journal.ts';
import { createFrontDeskData, type FrontDeskData } from './front-desk-data.ts';
import { createGymActivityData, type GymActivityData } from './gym-activity-data.ts';
import { openStores, tenantDatabaseName } from './open-stores.ts';
import { createPassData, type PassData } from './pass-data.ts';
import { createSyncFetch } from './sync-fetch.ts';
import { createLiveFeed } from './live-feed.ts';
import { keepServerRevs } from './server-revs.ts';
import { createSyncStatusTracker, classifySyncError, countPerBatch, createThrottledLogger, type SyncStatus } from './sync-status.ts';
import { createNotificationData, type NotificationData } from './notification-data.ts';
import { createSessionData, type SessionData } from './session-data.ts';
import { addTenantDocs, tolerateTombstone, type LocalDoc } from './tenant-docs.ts';

export type { SyncStatus } from './sync-status.ts';

addRxPlugin(RxDBLocalDocumentsPlugin);
// Devices keep their data across app updates: a newer tenant-docs schema migrates it on open.
addRxPlugin(RxDBMigrationSchemaPlugin);

export interface OpenTenantStoreOptions {
  kind: TenantKind;
  tenantId: string;
  getAccessToken: () => string | null;
  refresh: () => Promise<string | null>;
  /** Origin of the server; the page's own by default. */
  baseUrl?: string;
  /** Defaults to one database per account; two "devices" in one test process need two names. */
  databaseName?: string;
  storage?: RxStorage<unknown, unknown>;
  /** Pause between retries while the server is unreachable. */
  retryMs?: number;
  log?: (message: string) => void;
}

export interface TenantStore {
  kind: TenantKind;
  tenantId: string;
  /** Identifies this device's copy (for the audit trail of check-ins). */
  deviceId: string;
  status$: Observable<SyncStatus>;
  /** A member's passes, or every pass a gym has sold. */
  passes: PassData;
  /** The front desk's lists and its check-ins (gym devices). */
  frontDesk: FrontDeskData;
  /** A gym's recent sales and check-ins, for its analytics. */
  gymActivity: GymActivityData;
  /** The coach's availability; only a coach's device saves, and its leader tab sends (design/sync.md "One device outbox"). */
  availability: AvailabilityData;
  /** Coach–gym relation events told to this gym or coach. */
  notifications: NotificationData;
  /** Paid private sessions and PT requests (a member's, coach's or gym's). */
  sessions: SessionData;
  /** The gym's timetable; only a gym's device saves, and its leader tab sends (design/sync.md "Schedules"). */
  schedule: ScheduleData;
  stop(): Promise<void>;
  /** Stops and deletes this account's data from the device. */
  remove(): Promise<void>;
}

/**
 * The store as `openTenantStore` makes it: also its database name (logout) and its collection, for
 * the data layer's own tests and the benches. Pages get a `TenantStore` and never the collection.
 */
export interface OpenedTenantStore extends TenantStore {
  databaseName: string;
  collection: RxCollection<LocalDoc>;
}

/** A member's or coach's device holds no timetable of its own. */
const NO_SCHEDULE: ScheduleData = {
  watchWeeks: () => of([]),
  weeks: async () => [],
  saveWeek: () => Promise.reject(new Error("Only a gym's device edits its timetable.")),
  waiting$: of(0),
  refusals$: of([]),
  dismissRefusal: async () => {},
};

/** Which weeks an account edits against a base, as the leader tab's device sender runs them (design/sync.md "One device outbox"). */
const WEEK_OUTBOXES = { gym: scheduleOutbox, coach: availabilityOutbox } as const;

const FIRST_SYNC_MARK = 'first-sync';
/** When this device last exchanged with the server, so a reload offline can say it (issue 24). */
const LAST_SYNCED_MARK = 'last-synced';
/** Written at most this often: a live device hears from the server every few seconds. */
const LAST_SYNCED_WRITE_MS = 30_000;
const LOG_INTERVAL_MS = 60_000;

export async function openTenantStore(options: OpenTenantStoreOptions): Promise<OpenedTenantStore> {
  const { kind, tenantId } = options;
  const databaseName = options.databaseName ?? tenantDatabaseName(kind, tenantId);
  const baseUrl = options.baseUrl ?? location.origin;
  const log = createThrottledLogger(LOG_INTERVAL_MS, options.log ?? ((m) => console.warn(m)));

  const db: RxDatabase = await createRxDatabase({
    name: databaseName,
    storage: options.storage ?? getRxStorageDexie(),
    // Two tabs of one account share this IndexedDB database: each must see the other's writes live,
    // and only one (the elected leader) may replicate. This costs the first pull the election's wait.
    multiInstance: true,
    localDocuments: true,
    // A remount (React strict mode, a quick re-login) reopens the same account: close the old handle.
    closeDuplicates: true,
  });
  const collection = await addTenantDocs(db);
  // What the device writes waits in its one journal until the server has it: a gym's check-ins and
  // timetable weeks, a coach's availability weeks; a member's device writes nothing. Every
  // replication is pull-only.
  const journal = await openDeviceJournal(databaseName);
  const weekEdits = kind === 'member' ? null : journal.weeks;
  const schedule = weekEdits && kind === 'gym' ? createScheduleData(collection, weekEdits) : NO_SCHEDULE;
  const availability = createAvailabilityData(collection, kind === 'coach' ? weekEdits : null);
  let sender: DeviceSender | null = null;
  // What an older version's push had not yet delivered moves into the journal (once).
  await moveLegacyOutbox(db, kind === 'coach' ? weekEdits : null);
  const deviceId = await db.storageToken;
  // Check-ins an older version had moved into the collection unsent move back into the journal (once).
  if (kind === 'gym') await moveUnsentCheckIns(db, collection, journal.checkIns, deviceId);
  const checkIns = openCheckInDelivery({ kind, journal: journal.checkIns, collection, log });

  const firstSyncDone = (await db.getLocal(FIRST_SYNC_MARK)) !== null;
  const lastSynced = await db.getLocal<{ at: string }>(LAST_SYNCED_MARK);
  const tracker = createSyncStatusTracker({
    firstSync: { done: firstSyncDone, docsReceived: 0 },
    lastSyncedAt: lastSynced?.get('at') ?? null,
  });
  let lastSyncedWrittenAt = 0;
  const keepLastSynced = (at: Date) => {
    if (db.closed || at.getTime() - lastSyncedWrittenAt < LAST_SYNCED_WRITE_MS) return;
    lastSyncedWrittenAt = at.getTime();
    void db.upsertLocal(LAST_SYNCED_MARK, { at: at.toISOString() }).catch(() => undefined);
  };

  const retryMs = options.retryMs ?? 1_000;
  /** When a request last found no server: a long-poll sent before then may hang on a dead connection. */
  let lostContactAt = 0;
  const url = `${baseUrl}/sync/${kind}/${tenantId}/`;
  const syncFetch = createSyncFetch({
    getAccessToken: options.getAccessToken,
    refresh: options.refresh,
    onReachable: ({ status }) => {
      const wasOffline = !tracker.get().online;
      const at = new Date();
      tracker.reachable(status, at);
      if (status >= 200 && status < 300) keepLastSynced(at);
      if (!wasOffline || status >= 300) return;
      // Back in contact: the live feed asks at once from what the device last pulled (not a checkpoint
      // pull, live-feed.ts), abandoning a long-poll sent before contact was lost (it may hang on a
      // dead connection), and the sender sends what waits.
      liveFeed.renew(lostContactAt);
      sender?.wake();
    },
    onUnreachable: () => {
      lostContactAt = Date.now();
      tracker.unreachable();
    },
  });
  // A long-poll the server answered with an error asks for a checkpoint pull (decisions.md 73).
  const liveFeed = createLiveFeed(keepServerRevs(syncFetch), { onFeedLost: () => replication.reSync(), retryMs });
  const replication = replicateCouchDB<LocalDoc>({
    replicationIdentifier: `mastr-couchdb-${kind}-${tenantId}`,
    collection,
    url,
    live: true,
    retryTime: retryMs,
    // Its live feed resumes from the device's last pull, never from "now", and waits out the network
    // itself (design/sync.md "On the device"). Pulled weeks keep their server revision
    // (`server-revs.ts`): an edit's first post uses it.
    fetch: liveFeed.fetch,
    // Among the fastest batch sizes for a gym's 10,000 documents (bench/RESULTS.md, issue 3).
    pull: { batchSize: 1_000, modifier: tolerateTombstone },
    // No push: the device's writes go through its outbox (check-ins, edited weeks). Without a push,
    // RxDB keeps no push bookkeeping per pulled document, which halves a front desk's first sync
    // (bench/RESULTS.md, issue 3).
  });
  // No replication pushes: the leader tab's one device sender delivers what the journal holds
  // (decisions.md 20, 180): a gym's check-ins and timetable weeks, a coach's availability weeks.
  if (kind !== 'member' && weekEdits)
    void db.waitForLeadership().then(() => {
      if (db.closed) return;
      const types: OutboxType[] = [];
      if (kind === 'gym') types.push(checkIns.outbox({ url: `${url}_bulk_docs`, fetch: syncFetch, retryMs }));
      types.push(
        WEEK_OUTBOXES[kind](collection, weekEdits, {
          gateway: { bulkDocsUrl: `${url}_bulk_docs`, allDocsUrl: `${url}_all_docs`, fetch: syncFetch },
          retryMs,
          log: (message) => log('weeks', message),
        }),
      );
      sender = createDeviceSender({
        types,
        backOff: { firstMs: retryMs, maxMs: DEFAULT_MAX_RETRY_MS },
        // A pass fails as a whole when the server is unreachable (the fetch reports it) or the journal fails.
        onError: (error) => {
          if (!isNetworkFailure(error)) log('outbox', `Sync (${kind}): delivery failed (${String(error)}); retrying.`);
        },
      });
    }, () => undefined);

  const subscriptions = [
    // The status bar's count, once per turn of the event loop: not inside a tap's write, and once
    // for a burst of changes (a pulled batch of outcomes).
    combineLatest([checkIns.waiting$, schedule.waiting$, availability.waiting$])
      .pipe(auditTime(0))
      .subscribe(([waiting, scheduleWeeks, availabilityWeeks]) => tracker.pending(waiting + scheduleWeeks + availabilityWeeks)),
    replication.received$.subscribe(countPerBatch((count) => tracker.received(count))),
    replication.error$.subscribe((error) => {
      const kindOfError = classifySyncError(error);
      if (kindOfError === 'network') {
        tracker.unreachable();
        log('network', `Sync (${kind}): the server is unreachable; retrying.`);
        return;
      }
      if (kindOfError === 'http') return log('http', `Sync (${kind}): ${tracker.get().error ?? 'the server refused'}; retrying.`);
      tracker.failed('Some changes could not sync yet; retrying.');
      log(error.code, `Sync (${kind}) ${error.code}: ${error.message.split('\n').find((l) => l.startsWith('Error message')) ?? error.message}`);
    }),
  ];
  // Never awaited by callers: offline it never resolves (stack notes).
  void replication.awaitInitialReplication().then(async () => {
    if (db.closed) return;
    tracker.firstSyncDone();
    await db.upsertLocal(FIRST_SYNC_MARK, { at: new Date().toISOString() });
  }, () => undefined);

  // The browser says the network is back: ask now rather than at the end of a retry pause.
  const onOnline = () => {
    liveFeed.renew();
    sender?.wake();
  };
  const onOffline = () => tracker.unreachable();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }

  let stopped: Promise<void> | null = null;
  let removed: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
      subscriptions.forEach((s) => s.unsubscribe());
      liveFeed.stop();
      sender?.stop();
      journal.close();
      await replication.cancel();
      tracker.complete();
      await db.close();
      // Only now: a logout meanwhile must still find this store to remove its data.
      openStores.delete(store);
    })());

  const store: OpenedTenantStore = {
    kind,
    tenantId,
    databaseName,
    deviceId,
    collection,
    status$: tracker.status$,
    passes: createPassData(collection),
    frontDesk: createFrontDeskData(collection, checkIns),
    gymActivity: createGymActivityData(collection, checkIns),
    availability,
    notifications: createNotificationData(collection),
    sessions: createSessionData(collection),
    schedule,
    stop,
    remove: () =>
      (removed ??= (async () => {
        await stop();
        await db.remove();
        await deleteDeviceJournal(databaseName);
      })()),
  };
  openStores.add(store);
  return store;
}
