import nano, { type ServerScope } from 'nano';
import { Agent } from 'undici';
import { DB, INDEXES } from './databases.ts';
import { retryFindsOnIndexes, waitForIndex } from './mango-indexes.ts';
import { createOwnWrites, noticeOwnWrites, type OwnWrites } from './own-writes.ts';
import { ensureSecurity, secureTenantDatabasesOnce } from './security.ts';

export type Couch = ServerScope;

/** How long a CouchDB call may wait to connect, for its answer to begin and between chunks of it (COUCHDB_TIMEOUT_MS). */
export const DEFAULT_COUCH_TIMEOUT_MS = 5_000;

/**
 * A nano client whose every call gives up after `timeoutMs` without progress (connecting, waiting for
 * the answer's headers, or between chunks of its body), so a paused or unreachable CouchDB turns
 * into a quick 503 (`couch-unavailable.ts`) rather than requests hanging until the client gives up.
 * The server makes no live-feed calls through nano; the gateway's long-polls go through its own proxy.
 */
export function connectCouch(url: string, timeoutMs = DEFAULT_COUCH_TIMEOUT_MS): Couch {
  const writes = createOwnWrites();
  const agent = new Agent({ connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).compose(
    noticeOwnWrites(new URL(url).pathname, writes),
  );
  // nano's typings name the Agent class where its code takes (and documents) an instance.
  // On a cluster a node may not know a new index for a moment: `_find` tries again (mango-indexes.ts).
  const couch = retryFindsOnIndexes(
    nano({ url, agentOptions: agent as unknown as nano.Configuration['agentOptions'] }),
  );
  ownWrites.set(couch, writes);
  return couch;
}

const ownWrites = new WeakMap<Couch, OwnWrites>();

/**
 * The writes made through a client of `connectCouch`, told as each is answered (own-writes.ts,
 * decision 156): every service's CouchDB call passes here. A client made otherwise tells of none.
 */
export function ownWritesOf(couch: Couch): OwnWrites {
  let writes = ownWrites.get(couch);
  if (!writes) ownWrites.set(couch, (writes = createOwnWrites()));
  return writes;
}

/**
 * Creates a database if missing, admitting server admins only (`security.ts`); a concurrent creation
 * by another instance is fine. The `_security` is set by whoever created the database (412: someone
 * else did), so the many calls on hot paths cost one request; a start-up's `setupDatabases` sets it
 * on every database of the server's own and once on tenant databases made before (decisions.md 74).
 */
export async function ensureDatabase(couch: Couch, name: string): Promise<void> {
  try {
    await couch.db.create(name);
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== 412) throw err;
    return;
  }
  await ensureSecurity(couch, name);
}

/**
 * Databases and indexes the server needs; safe to run on every start and from several instances.
 * Done only once every index answers: on a cluster a new index takes a moment to reach every node
 * (`mango-indexes.ts`), and the server reports healthy only after this.
 */
export async function setupDatabases(couch: Couch): Promise<void> {
  for (const name of Object.values(DB)) {
    await ensureDatabase(couch, name);
    // Also when it existed already: made by a server before `_security` was set on creation.
    await ensureSecurity(couch, name);
  }
  const created: Array<[string, { name: string; fields: string[] }]> = [];
  for (const [dbName, indexes] of Object.entries(INDEXES)) {
    const db = couch.use(dbName);
    for (const index of indexes) {
      await db.createIndex({ index: { fields: index.fields }, name: index.name, ddoc: index.name });
      created.push([dbName, index]);
    }
  }
  // After all are created, so the waits overlap the spreading of the others.
  for (const [dbName, index] of created) await waitForIndex(couch.use(dbName), index);
  // Apache CouchDB serves `_db_updates` (the sync gateway's one feed per instance, design/sync.md
  // "Live feeds") only once `_global_changes` exists; a single-node setup does not create it. The
  // embedded server has no such database (it answers 404), and a server that refuses it leaves the
  // gateway holding long-polls upstream, so a refusal here is not an error.
  await couch.db.create('_global_changes').catch(() => undefined);
  await secureTenantDatabasesOnce(couch);
}

/** Status code of a nano error (409 conflict, 404 missing...). */
export function couchStatus(err: unknown): number | undefined {
  return (err as { statusCode?: number })?.statusCode;
}
