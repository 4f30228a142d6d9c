import type { DocumentScope } from 'nano';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from './couch.ts';
import { tenantDbName } from './databases.ts';

type Doc = { _id: string; _rev?: string };

/**
 * How often a read-modify-write is retried when another request wrote the document meanwhile, and
 * the longest random pause between tries. A hot document (a busy coach's week, when many payments
 * land at once) has one winner per round: without a pause the losers re-read and collide again at
 * once, and 8 plain tries left 80 of 100 simultaneous webhooks with a 500 (bench/pt-payments.bench.ts).
 * With jittered pauses every one gets through, well inside the request timeout.
 */
const MAX_WRITE_ATTEMPTS = 30;
const MAX_RETRY_PAUSE_MS = 50;

/** A random pause growing with the attempt (full jitter), so colliding writers spread out. */
const retryPause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_RETRY_PAUSE_MS, 2 ** attempt)));

export function tenantDb<T extends Doc>(couch: Couch, kind: TenantKind, id: string): DocumentScope<T> {
  return couch.use<T>(tenantDbName(kind, id));
}

/** The live document with this id, or null when it is missing or deleted. */
export async function getDoc<T extends Doc>(db: DocumentScope<T>, id: string): Promise<(T & { _rev: string }) | null> {
  try {
    return (await db.get(id)) as T & { _rev: string };
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

/**
 * Live documents by id in one request (missing and deleted ones are absent from the map). A tenant
 * whose database was never created (nothing written for it yet) simply has none: `_all_docs` with
 * keys answers missing documents as rows, so a 404 here can only mean the database is missing.
 */
export async function fetchDocs<T extends Doc>(
  db: DocumentScope<T>,
  ids: readonly string[],
): Promise<Map<string, T & { _rev: string }>> {
  const found = new Map<string, T & { _rev: string }>();
  if (ids.length === 0) return found;
  let rows;
  try {
    ({ rows } = await db.fetch({ keys: [...new Set(ids)] }));
  } catch (err) {
    if (couchStatus(err) === 404) return found;
    throw err;
  }
  for (const row of rows) if ('doc' in row && row.doc) found.set(row.id, row.doc as T & { _rev: string });
  return found;
}

/**
 * Live documents whose ids start with `prefix`, in id order. A tenant whose database was never
 * created (nothing written for it yet: a new gym that has not sold a pass) has none.
 */
export async function docsWithPrefix<T extends Doc>(db: DocumentScope<T>, prefix: string): Promise<T[]> {
  try {
    const { rows } = await db.list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
    return rows.flatMap((row) => (row.doc ? [row.doc as T] : []));
  } catch (err) {
    if (couchStatus(err) === 404) return [];
    throw err;
  }
}

/**
 * Read-modify-write guarded by the revision: `change` sees the current document (null if none)
 * and returns the new one, or null to leave it as is. When another writer got there first (409)
 * it reads again and decides again, so concurrent instances never overwrite each other.
 */
export async function updateDoc<T extends Doc>(
  db: DocumentScope<T>,
  id: string,
  change: (current: (T & { _rev: string }) | null) => T | null,
): Promise<(T & { _rev: string }) | null> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getDoc(db, id);
    const next = change(current);
    if (!next) return current;
    try {
      const { rev } = await db.insert({ ...next, _id: id, ...(current ? { _rev: current._rev } : {}) });
      return { ...next, _id: id, _rev: rev };
    } catch (err) {
      if (couchStatus(err) !== 409 || attempt >= MAX_WRITE_ATTEMPTS) throw err;
      await retryPause(attempt);
    }
  }
}

/**
 * Deletes a document as a full document (design/sync.md "Deletes": the whole document with
 * `_deleted: true`, which `scrub` may first strip of names, so a device replicating it sees what
 * went); a missing one, or a missing database, is fine.
 */
export async function deleteAsFullDocument<T extends Doc>(
  db: DocumentScope<T>,
  id: string,
  scrub: (doc: T) => T = (doc) => doc,
): Promise<void> {
  await updateDoc(db as DocumentScope<T & { _deleted?: boolean }>, id, (current) =>
    current ? { ...scrub(current), _deleted: true } : null,
  );
}
