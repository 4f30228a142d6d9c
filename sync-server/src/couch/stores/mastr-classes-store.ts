import { MASTR_CLASS_DOC_PREFIX, mastrClassDocId } from '@mastr/rules/doc-ids.ts';
import type { MastrClassDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../couch.ts';
import { docsWithPrefix, fetchDocs, tenantDb, updateDoc } from '../tenant-docs.ts';

/**
 * A gym's Mastr class occurrences (`mastr-class:{start}` in the gym's database): the seats Mastr
 * passes are booked into. The directory books and moves them; a member's cancellation frees one.
 */

const classesDb = (couch: Couch, gymId: string) => tenantDb<MastrClassDoc>(couch, 'gym', gymId);

/**
 * Whatever is stored under the ids of the occurrences starting at these times, in one read, by
 * document id (most have none: an occurrence is stored once something is booked into it or it is
 * cancelled).
 */
export function mastrClassesAt(couch: Couch, gymId: string, starts: readonly string[]) {
  return fetchDocs(classesDb(couch, gymId), starts.map(mastrClassDocId));
}

/** Whatever is stored under the ids of the occurrences starting on this UK day (`YYYY-MM-DD`), in id order. */
export function mastrClassesOn(couch: Couch, gymId: string, day: string) {
  return docsWithPrefix(classesDb(couch, gymId), `${MASTR_CLASS_DOC_PREFIX}${day}`);
}

/**
 * Read-modify-write of the occurrence starting at `start` under its revision (`updateDoc`: null
 * leaves it as it is; `current` is whatever is stored under its id). Answers the document stored
 * afterwards, or null.
 */
export function updateMastrClass(
  couch: Couch,
  gymId: string,
  start: string,
  change: (current: (MastrClassDoc & { _rev: string }) | null) => MastrClassDoc | null,
): Promise<(MastrClassDoc & { _rev: string }) | null> {
  return updateDoc(classesDb(couch, gymId), mastrClassDocId(start), change);
}
