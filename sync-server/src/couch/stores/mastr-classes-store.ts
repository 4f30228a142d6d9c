import { mastrClassDocId } from '@mastr/rules/doc-ids.ts';
import type { MastrClassDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../couch.ts';
import { tenantDb, updateDoc } from '../tenant-docs.ts';

/**
 * A gym's Mastr class occurrences (`mastr-class:{start}` in the gym's database): the seats Mastr
 * passes are booked into. The directory books and moves them; a member's cancellation frees one.
 */

/**
 * Read-modify-write of the occurrence starting at `start` under its revision (`updateDoc`: null
 * leaves it as it is; `current` is whatever is stored under its id).
 */
export async function updateMastrClass(
  couch: Couch,
  gymId: string,
  start: string,
  change: (current: (MastrClassDoc & { _rev: string }) | null) => MastrClassDoc | null,
): Promise<void> {
  await updateDoc(tenantDb<MastrClassDoc>(couch, 'gym', gymId), mastrClassDocId(start), change);
}
