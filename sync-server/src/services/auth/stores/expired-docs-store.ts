import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { findDocs } from '../../../couch/find.ts';
import { QUERIES } from '../../../couch/queries.ts';

/**
 * The expired documents of `mastr_auth` (refresh sessions, one-time tokens, rate-limit counters,
 * sign-in delay records), found by the `by-type-expires` index and deleted under the revision read.
 */

export interface Stub {
  _id: string;
  _rev: string;
}

/**
 * Up to `limit` documents of one type expired before `cutoff`. The embedded development server's
 * `_find` fails (400, "Cannot read properties of undefined") when a document it is reading is deleted
 * at that moment, as when two instances sweep at once: a second try, a moment later, sees the
 * deletion. Apache CouchDB reads a snapshot and does not need it; a real error still fails after the
 * third try.
 */
export async function expiredAuthDocs(couch: Couch, type: string, cutoff: string, limit: number): Promise<Stub[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await findDocs<Stub>(couch, QUERIES.expiredAuthDocs(type, cutoff, limit));
    } catch (err) {
      if (couchStatus(err) === undefined || attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/** Deletes these documents at their revisions in one request: how many went (the rest conflicted). */
export async function deleteAuthDocs(couch: Couch, docs: readonly Stub[]): Promise<number> {
  const results = await couch
    .use<Stub>(DB.auth)
    .bulk({ docs: docs.map(({ _id, _rev }) => ({ _id, _rev, _deleted: true })) });
  return results.filter((r) => !r.error).length;
}
