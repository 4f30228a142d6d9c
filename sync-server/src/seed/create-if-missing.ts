import type { DocumentScope } from 'nano';
import { couchStatus } from '../couch/couch.ts';

/**
 * Writes a demo document unless a document with its id exists or once existed. Existing documents
 * are never touched, so what people changed in the demo survives a restart; a deleted one (a
 * rejected membership, say) stays deleted instead of coming back. True when it was written.
 */
export async function createIfMissing<T extends object>(
  db: DocumentScope<T>,
  doc: T & { _id: string },
): Promise<boolean> {
  // _all_docs by key tells "never existed" (error row) from "deleted" (a row with a tombstone rev);
  // a plain GET answers 404 for both on the embedded server.
  const { rows } = await db.fetchRevs({ keys: [doc._id] });
  if (!('error' in rows[0])) return false;
  try {
    await db.insert(doc);
    return true;
  } catch (err) {
    // Another instance seeding at the same moment wrote it first.
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}
