/** What tenant-queries.browser.bench.ts asks of its page (`window.tenantQueriesBench`), and what the page answers; types only. */

/**
 * How the device's collection reads a type: schema version 7's `type` index (`{ ...where, type }`),
 * or version 8's id ranges on the primary key (`ofType(type, where)`, decision 200).
 */
export type Layout = 'v7' | 'v8';

export interface SeedInput {
  /** The gym's documents are drawn from this seed: the same seed, the same documents. */
  seed: number;
  /** The bench's clock (ISO): "today" and "2 days ago" are taken from it, so both layouts read the same window. */
  now: string;
  /**
   * Documents per `bulkInsert` while seeding. RxDB gives every document of one write the same
   * `_meta.lwt`, which the migration's reads of the old store page through (see the bench): the
   * pull's batch (1,000) stores a device's documents as its first sync does.
   */
  seedBatch: number;
}

export interface QueriesInput extends SeedInput {
  layout: Layout;
}

export interface QueryFigure {
  /** The query's name (the bench prints them in this order). */
  name: string;
  /** `collection.find({ selector }).exec()`, the query's first execution. */
  ms: number;
  /** The found documents' ids, in the order the query gave them. */
  ids: string[];
  /** The index RxDB's query planner read (`getPreparedQuery().queryPlan.index`). */
  index: string[];
  /** Whether the index range alone decided the selector, or each document read was matched too. */
  selectorSatisfiedByIndex: boolean;
}

export interface QueriesFigures {
  /** Documents the collection holds after seeding. */
  documents: number;
  /** Storing the seed with one `bulkInsert` (not a measurement of the change; told for scale). */
  seedMs: number;
  queries: QueryFigure[];
  /** `bulkUpsert` of existing day passes, each with a changed field, as a pull's batch. */
  write: { documents: number; ms: number };
}

export interface MigrationInput extends SeedInput {
  /**
   * null: `addCollections` migrates on its own (`autoMigrate`, as the store opened it before decision 200; RxDB then
   * moves 10 documents a batch). A number: `autoMigrate: false`, then `migratePromise(batchSize)`.
   */
  batchSize: number | null;
}

export interface MigrationFigures {
  /** Documents stored under version 7. */
  documents: number;
  /** `addCollections` with version 8 on that data (and `migratePromise` when given a batch size): every document migrated. */
  ms: number;
  /** Documents the collection holds after the migration. */
  after: number;
  /** `addCollections` with version 8 again, once migrated (nothing to migrate): what opening costs anyway. */
  reopenMs: number;
}

export interface TenantQueriesPage {
  /** Seeds a fresh database under `layout`, then times the reads and the write. */
  queries(input: QueriesInput): Promise<QueriesFigures>;
  /** Seeds a fresh database under version 7, closes it, then times opening it under version 8. */
  migrate(input: MigrationInput): Promise<MigrationFigures>;
}

declare global {
  interface Window {
    tenantQueriesBench?: TenantQueriesPage;
  }
}
