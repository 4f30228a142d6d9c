/**
 * Requests that only read although sent as POST (keys, selectors and revision lists in the body):
 * Apache CouchDB's `_db_updates` tells no update for them (decision 144).
 */
const READS_BY_POST = new Set(['_all_docs', '_find', '_bulk_get', '_changes', '_explain', '_revs_diff', '_view']);

function onlyReads(method: string, segments: string[]): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && READS_BY_POST.has(segments.at(segments.at(-2) === '_view' ? -2 : -1) ?? '');
}

/** What a CouchDB request may change: the database named by its path's first segment, and how. */
export interface DatabaseWrite {
  dbName: string;
  /** `PUT /{db}` creates it, `DELETE /{db}` deletes it; any other write updates it. */
  type: 'created' | 'updated' | 'deleted';
}

/**
 * The database a CouchDB request writes to, or null for a read (GET, HEAD, or a POST that only
 * reads) and for server-level paths (`/_session`, `/_db_updates`…). `pathname` is relative to the
 * CouchDB root, without the query. The one rule for "this request may have changed a database",
 * shared by the embedded server's `_db_updates` (embedded-db-updates.ts) and the instance's own
 * writes (own-writes.ts).
 */
export function databaseWrittenBy(method: string, pathname: string): DatabaseWrite | null {
  const segments = pathname.replace(/\/$/, '').split('/');
  const first = segments[1] ?? '';
  if (first === '' || first.startsWith('_') || onlyReads(method, segments)) return null;
  let dbName: string;
  try {
    dbName = decodeURIComponent(first);
  } catch {
    return null;
  }
  const whole = segments.length === 2;
  const type = whole && method === 'PUT' ? 'created' : whole && method === 'DELETE' ? 'deleted' : 'updated';
  return { dbName, type };
}
