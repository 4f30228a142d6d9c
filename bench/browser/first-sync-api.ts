/** What the first-sync bench page offers the Node side (`window.firstSyncBench`); types only. */

export interface RoundInput {
  gymId: string;
  /** The gym account's Bearer access token. */
  token: string;
  /** Documents the server holds for the gym: both the floor and the store must end with exactly these. */
  expected: number;
}

/** The raw floor, in milliseconds. */
export interface FloorTimes {
  /** `GET _changes?include_docs=true`, its JSON parsed and mapped to the local shape. */
  fetchMs: number;
  /** One `bulkInsert` of those documents into a fresh bare RxDB collection (tenant schema). */
  rxdbInsertMs: number;
  /** One `bulkPut` of the same documents into a fresh Dexie table. */
  dexiePutMs: number;
}

/** The PWA's tenant store, in milliseconds from the call to `openTenantStore`. */
export interface StoreTimes {
  /** Until `openTenantStore` resolved (database and collections open, replication started). */
  openedMs: number;
  /** Until the first `_changes` request left (after the election of the replicating tab). */
  firstPullMs: number;
  /** Until the status first counted received documents (the first pull batch stored). */
  firstDocsMs: number;
  /** Until the status reported the first sync done. */
  syncedMs: number;
  /** The replication's completed `_changes` requests by then (Resource Timing). */
  pulls: number;
  /** Their summed time from request start to the answer's last byte: the server's and the network's share. */
  pullsInFlightMs: number;
}

/**
 * RxDB's CouchDB replication alone, with the store's pull settings, into a bare single-tab
 * collection: what the store costs before its own work (outbox, journal, status, live queries).
 */
export interface ReplicationTimes {
  syncedMs: number;
  pulls: number;
  pullsInFlightMs: number;
}

export interface FirstSyncBenchPage {
  floor(input: RoundInput): Promise<FloorTimes>;
  replication(input: RoundInput): Promise<ReplicationTimes>;
  store(input: RoundInput): Promise<StoreTimes>;
}

declare global {
  interface Window {
    firstSyncBench?: FirstSyncBenchPage;
  }
}
