import { passDocId, passDocPrefix, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { deleteAsFullDocument, docsWithPrefix, fetchDocs, getDoc, tenantDb, updateDoc } from '../tenant-docs.ts';

/**
 * Day passes (`daypass:{passId}`) and Mastr passes (`mastrpass:{passId}`): the gym's copy, which the
 * front desk replicates and which decides (check-ins, cancellations), and the member's copy, written
 * from it. Several domains read and change them (passes, payments, me-views, account deletion).
 */

type PassKind = PassDoc['type'];
type Stored<T> = T & { _rev: string };
const passesDb = <T extends PassDoc>(couch: Couch, kind: TenantKind, owner: string) => tenantDb<T>(couch, kind, owner);

/** One copy of a pass by its document id, or null. */
export function getPass<T extends PassDoc = PassDoc>(couch: Couch, kind: TenantKind, owner: string, docId: string) {
  return getDoc(passesDb<T>(couch, kind, owner), docId);
}

/** The gym's copies of these passes (by document id) that exist, in one read. */
export function gymPassesById(couch: Couch, gymId: string, docIds: readonly string[]) {
  return fetchDocs(passesDb<PassDoc>(couch, 'gym', gymId), docIds);
}

/** Every pass of one kind in a tenant's database, in id order. */
export function passesIn<T extends PassDoc>(couch: Couch, kind: TenantKind, owner: string, passKind: T['type']) {
  return docsWithPrefix(passesDb<T>(couch, kind, owner), passDocPrefix(passKind));
}

/** The gym's copy of a pass by its kind and pass id, or null. */
export function gymPass(couch: Couch, gymId: string, passKind: PassKind, passId: string) {
  return getPass(couch, 'gym', gymId, passDocId(passKind, passId));
}

/** Writes a new copy of a pass: false when one with its id is stored already (another writer's). */
export async function createPass(couch: Couch, kind: TenantKind, owner: string, pass: PassDoc): Promise<boolean> {
  try {
    await passesDb(couch, kind, owner).insert(pass);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/** Read-modify-write of one copy under its revision (`updateDoc`: null leaves it as it is). */
export function updatePass<T extends PassDoc>(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docId: string,
  change: (current: Stored<T> | null) => T | null,
): Promise<Stored<T> | null> {
  return updateDoc(passesDb<T>(couch, kind, owner), docId, change);
}

/** Writes the gym's copies of these passes in one request, each under its revision: CouchDB's row per pass. */
export function writeGymPasses(couch: Couch, gymId: string, passes: readonly PassDoc[]) {
  return passesDb(couch, 'gym', gymId).bulk({ docs: [...passes] });
}

/** Deletes one copy as a full document (scrubbed first when asked); a missing one is fine. */
export function deletePass<T extends PassDoc>(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docId: string,
  scrub?: (doc: T) => T,
): Promise<void> {
  return deleteAsFullDocument(passesDb<T>(couch, kind, owner), docId, scrub);
}
