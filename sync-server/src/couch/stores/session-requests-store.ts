import type { DocumentScope } from 'nano';
import { coachRequestId, gymRequestId } from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { Couch } from '../couch.ts';
import { deleteAsFullDocument, docsWithPrefix, fetchDocs, getDoc, tenantDb, updateDoc } from '../tenant-docs.ts';
import { ensureTenantDatabase } from './tenant-databases.ts';

/**
 * Private session (PT) requests: a member's request for a coach's slot (`coach-request:{id}`) or to
 * a gym (`gym-request:{id}`). A request belongs to two tenants, the member and the coach or gym
 * asked, so each has a copy under the same id in its own database, which its devices replicate.
 */

type RequestDoc = CoachRequestDoc | GymRequestDoc;
type Stored<T> = T & { _rev: string };
const copiesIn = <T extends RequestDoc>(couch: Couch, kind: TenantKind, owner: string) =>
  tenantDb<T>(couch, kind, owner);

/** One tenant's copy of a coach request (by request id), or null. */
export async function getCoachRequest(couch: Couch, kind: TenantKind, owner: string, requestId: string) {
  const doc = await getDoc(copiesIn<CoachRequestDoc>(couch, kind, owner), coachRequestId(requestId));
  return doc?.type === 'coach-request' ? doc : null;
}

/** One tenant's copy of a gym request (by request id), or null. */
export async function getGymRequest(couch: Couch, kind: TenantKind, owner: string, requestId: string) {
  const doc = await getDoc(copiesIn<GymRequestDoc>(couch, kind, owner), gymRequestId(requestId));
  return doc?.type === 'gym-request' ? doc : null;
}

/** The coach requests in one tenant's database, in id order. */
export function coachRequestsIn(couch: Couch, kind: TenantKind, owner: string): Promise<CoachRequestDoc[]> {
  return docsWithPrefix(copiesIn<CoachRequestDoc>(couch, kind, owner), coachRequestId(''));
}

/** The gym requests in one tenant's database, in id order. */
export function gymRequestsIn(couch: Couch, kind: TenantKind, owner: string): Promise<GymRequestDoc[]> {
  return docsWithPrefix(copiesIn<GymRequestDoc>(couch, kind, owner), gymRequestId(''));
}

/** One tenant's copies of these coach requests (by document id) that exist, in one read. */
export function coachRequestsById(couch: Couch, kind: TenantKind, owner: string, docIds: readonly string[]) {
  return fetchDocs(copiesIn<CoachRequestDoc>(couch, kind, owner), docIds);
}

/** The gym's copies of these requests (by request id) that exist, in one read. */
export async function gymRequestsById(couch: Couch, gymId: string, requestIds: readonly string[]) {
  return [...(await fetchDocs(copiesIn<GymRequestDoc>(couch, 'gym', gymId), requestIds.map(gymRequestId))).values()];
}

/** Read-modify-write of one tenant's copy under its revision (`updateDoc`: null leaves it as it is). */
export function updateRequestCopy<T extends RequestDoc>(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docId: string,
  change: (current: Stored<T> | null) => T | null,
): Promise<Stored<T> | null> {
  return updateDoc(copiesIn<T>(couch, kind, owner), docId, change);
}

/** Deletes one tenant's copy as a full document (scrubbed first when asked); a missing one is fine. */
export function deleteRequestCopy<T extends RequestDoc>(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docId: string,
  scrub?: (doc: T) => T,
): Promise<void> {
  return deleteAsFullDocument(copiesIn<T>(couch, kind, owner), docId, scrub);
}

/**
 * Writes the request into both tenants' databases (creating them if needed). If the second copy
 * cannot be written the first is deleted again (as a full document, design/sync.md "Deletes"), so a
 * request is never half-sent.
 */
export async function writeRequestCopies(
  couch: Couch,
  tenants: readonly [TenantKind, string][],
  doc: RequestDoc,
): Promise<void> {
  const written: { db: DocumentScope<RequestDoc & { _deleted?: boolean }>; rev: string }[] = [];
  try {
    for (const [kind, id] of tenants) {
      await ensureTenantDatabase(couch, kind, id);
      const db = copiesIn<RequestDoc & { _deleted?: boolean }>(couch, kind, id);
      written.push({ db, rev: (await db.insert(doc)).rev });
    }
  } catch (err) {
    for (const { db, rev } of written) await db.insert({ ...doc, _rev: rev, _deleted: true }).catch(() => undefined);
    throw err;
  }
}
