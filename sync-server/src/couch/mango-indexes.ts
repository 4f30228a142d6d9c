import type { DocumentScope, MangoQuery, MangoResponse } from 'nano';

/**
 * Mango indexes on an Apache CouchDB cluster (design/architecture.md "On a CouchDB cluster"). `POST
 * _index` answers once two of the three copies of each shard hold the index's design document, but
 * each node reads design documents from one copy, so for 50–150 ms after it some nodes still do not
 * know the index: a `_find` that needs it (a sort) answers `400 no_usable_index` there, one that only
 * names it (`use_index`) quietly scans every document instead. On a single node neither happens.
 */

/** Pauses between the tries of a `_find` that met `no_usable_index`: about 1.5 s in all, well past the window. */
const FIND_RETRY_PAUSES_MS = [25, 50, 100, 200, 400, 700];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** nano's error for a CouchDB refusal carries its status and the answer's fields. */
const isNoUsableIndex = (err: unknown) => {
  const { statusCode, error } = (err ?? {}) as { statusCode?: number; error?: string };
  return statusCode === 400 && error === 'no_usable_index';
};

/** Runs a `_find`, trying again for a moment when the node answering does not know its index yet. */
export async function findRetryingIndex<D>(find: () => Promise<MangoResponse<D>>): Promise<MangoResponse<D>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await find();
    } catch (err) {
      if (!isNoUsableIndex(err) || attempt >= FIND_RETRY_PAUSES_MS.length) throw err;
      await pause(FIND_RETRY_PAUSES_MS[attempt]);
    }
  }
}

/** Every database's `find` through `findRetryingIndex`: a user's request never fails on an index still spreading. */
export function retryFindsOnIndexes<S extends { use: (name: string) => unknown }>(couch: S): S {
  const wrap = <D>(db: DocumentScope<D>): DocumentScope<D> => {
    const find = db.find.bind(db);
    db.find = (query: MangoQuery) => findRetryingIndex(() => find(query));
    return db;
  };
  const use = couch.use.bind(couch) as <D>(name: string) => DocumentScope<D>;
  const wrappedUse = <D>(name: string) => wrap(use<D>(name));
  Object.assign(couch, { use: wrappedUse, scope: wrappedUse });
  const dbScope = (couch as unknown as { db?: Record<string, unknown> }).db;
  if (dbScope) Object.assign(dbScope, { use: wrappedUse, scope: wrappedUse });
  return couch;
}

/** How long start-up waits for one index to answer on every node; past it, start-up fails with that index named. */
const INDEX_READY_TIMEOUT_MS = 30_000;
/**
 * Answers in a row that must use the index: the balancer sends consecutive calls to different nodes
 * (round robin), so a run of three covers each node of a three-node cluster.
 */
const INDEX_READY_STREAK = 3;

/**
 * Resolves once `_find` through this connection uses the index in `INDEX_READY_STREAK` answers in
 * a row. The probe sorts by the index's fields, which only the index can serve: a node that does
 * not know it yet answers `no_usable_index`, so the probe cannot pass by scanning.
 */
export async function waitForIndex(
  db: DocumentScope<unknown>,
  index: { name: string; fields: string[] },
): Promise<void> {
  const probe: MangoQuery = {
    selector: Object.fromEntries(index.fields.map((field) => [field, { $exists: true }])),
    sort: index.fields.map((field) => ({ [field]: 'asc' as const })),
    use_index: [index.name, index.name] as [string, string],
    fields: ['_id'],
    limit: 1,
  };
  const deadline = Date.now() + INDEX_READY_TIMEOUT_MS;
  let streak = 0;
  while (streak < INDEX_READY_STREAK) {
    try {
      await db.find(probe);
      streak += 1;
    } catch (err) {
      if (!isNoUsableIndex(err)) throw err;
      if (Date.now() > deadline)
        throw new Error(`Index ${index.name} is not usable after ${INDEX_READY_TIMEOUT_MS} ms.`, { cause: err });
      streak = 0;
      await pause(25);
    }
  }
}
