import { availabilityDocId } from '@mastr/rules/doc-ids.ts';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../../couch/couch.ts';
import { fetchDocs, tenantDb, updateDoc } from '../../../couch/tenant-docs.ts';

/**
 * A coach's availability weeks in the coach's database: the default (`availability:default`) and
 * the dated weeks that have a document of their own (`availability:week:{weekStart}`). An edit of
 * a week goes through the registry's writer (sync/device-writes.ts, decision 186), whichever way it
 * comes; this store holds the coaching domain's own reads and its one write of a week nobody else
 * has written yet.
 */

type StoredWeek = AvailabilityWeekDoc & { _rev: string };

/** The weeks (null: the default) that have a document, by document id, in one read. */
export function availabilityWeeks(
  couch: Couch,
  coachId: string,
  weekStarts: readonly (string | null)[],
): Promise<Map<string, StoredWeek>> {
  return fetchDocs(tenantDb<AvailabilityWeekDoc>(couch, 'coach', coachId), weekStarts.map(availabilityDocId));
}

/** Writes a dated week's first document, unless one was written meanwhile (the coach's own, left as it is). */
export async function createWeekUnlessStored(couch: Couch, coachId: string, week: AvailabilityWeekDoc): Promise<void> {
  await updateDoc(tenantDb<AvailabilityWeekDoc>(couch, 'coach', coachId), week._id, (existing) =>
    existing ? null : week,
  );
}
