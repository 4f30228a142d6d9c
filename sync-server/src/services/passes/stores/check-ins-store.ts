import { checkInOutcomeId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../../couch/couch.ts';
import { fetchDocs, tenantDb } from '../../../couch/tenant-docs.ts';

/**
 * A front desk's check-in records (`checkin:{passId}:{id}`, stored as sent) and the server's decision
 * on each that did not count (`checkin-outcome:{checkInId}`; a counted one is on its pass), in the
 * gym's database. Records never change once made; an outcome is written once.
 */

type GymDoc = CheckInDoc | CheckInOutcomeDoc;
const gymDb = <T extends { _id: string; _rev?: string }>(couch: Couch, gymId: string) =>
  tenantDb<T>(couch, 'gym', gymId);

/**
 * The stored outcomes of these records and their passes (by pass document id), in one read: all
 * the check-in authority needs before it decides a batch.
 */
export async function outcomesAndPasses(
  couch: Couch,
  gymId: string,
  checkInIds: readonly string[],
  passDocIds: readonly string[],
) {
  const known = await fetchDocs(gymDb<CheckInOutcomeDoc | PassDoc>(couch, gymId), [
    ...checkInIds.flatMap((id, i) => [checkInOutcomeId(id), passDocIds[i]!]),
  ]);
  return {
    outcome: (checkInId: string) => known.get(checkInOutcomeId(checkInId)) as CheckInOutcomeDoc | undefined,
    pass: (passDocId: string) => (known.get(passDocId) as PassDoc | undefined) ?? null,
  };
}

/** Writes records and outcomes in one request: CouchDB's row per document (a stored one answers `conflict`). */
export function storeCheckIns(couch: Couch, gymId: string, docs: readonly GymDoc[]) {
  return gymDb<GymDoc>(couch, gymId).bulk({ docs: [...docs] });
}

/** Records and outcomes by id, as stored. */
export function checkInDocsById(couch: Couch, gymId: string, ids: readonly string[]) {
  return fetchDocs(gymDb<GymDoc>(couch, gymId), ids);
}
