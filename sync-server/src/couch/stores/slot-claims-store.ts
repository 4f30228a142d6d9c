import { slotClaimPrefix } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc, CoachRequestDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { docsWithPrefix, getDoc, tenantDb, updateDoc } from '../tenant-docs.ts';

/**
 * A coach's slot claims (`slot-claim:{weekStart}:{weekday}:{time}` in the coach's database): the one
 * record that a request or a booking holds an hour (decision 120; design/sync.md "Coach slot
 * requests"). CouchDB's one creation of an id is what makes a claim race-free, so the writes here
 * answer a lost race (409) rather than retry it.
 */

type StoredClaim = SlotClaimDoc & { _rev: string };
const claimsDb = (couch: Couch, coachId: string) =>
  tenantDb<SlotClaimDoc & { _deleted?: boolean }>(couch, 'coach', coachId);

/** The claims of one coach week, in id order. */
export function claimsOfWeek(couch: Couch, coachId: string, weekStart: string): Promise<SlotClaimDoc[]> {
  return docsWithPrefix(claimsDb(couch, coachId), slotClaimPrefix(weekStart));
}

/** The claim with this id, or null (a document of another type under the id is none). */
export async function getSlotClaim(couch: Couch, coachId: string, claimId: string): Promise<StoredClaim | null> {
  const doc = await getDoc(claimsDb(couch, coachId), claimId);
  return doc?.type === 'slot-claim' ? doc : null;
}

/**
 * Whatever is stored under a claim id (null when the hour is free), as the payment rule judges it
 * (rules/pt-payment.ts: a document of another type there does not leave the hour free).
 */
export function atSlotClaimId(couch: Couch, coachId: string, claimId: string) {
  return getDoc(tenantDb<SlotClaimDoc | CoachRequestDoc | BookingDoc>(couch, 'coach', coachId), claimId);
}

/**
 * Writes the claim (new, or over the revision `rev` of an abandoned one): its new revision, or null
 * when another request got there first.
 */
export async function putSlotClaim(
  couch: Couch,
  coachId: string,
  claim: SlotClaimDoc,
  rev?: string,
): Promise<string | null> {
  try {
    return (await claimsDb(couch, coachId).insert(rev ? { ...claim, _rev: rev } : claim)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** Deletes the claim at this revision, as a full document (design/sync.md "Deletes"). */
export async function deleteSlotClaim(couch: Couch, coachId: string, claim: SlotClaimDoc, rev: string): Promise<void> {
  await claimsDb(couch, coachId).insert({ ...claim, _rev: rev, _deleted: true });
}

/**
 * Deletes the claim under its revision while `stillHeld` says it is still the caller's to give back
 * (a claim another request or a booking took meanwhile is left alone).
 */
export async function deleteSlotClaimWhile(
  couch: Couch,
  coachId: string,
  claimId: string,
  stillHeld: (claim: SlotClaimDoc) => boolean,
): Promise<void> {
  await updateDoc(claimsDb(couch, coachId), claimId, (current) =>
    current?.type === 'slot-claim' && stillHeld(current) ? { ...current, _deleted: true } : null,
  );
}

/**
 * Read-modify-write under the claim id's revision (`updateDoc`: null leaves it as it is). `current`
 * is whatever is stored under the id (null when the hour is free): the payment rule judges it as it
 * stands (rules/pt-payment.ts).
 */
export async function updateSlotClaim(
  couch: Couch,
  coachId: string,
  claimId: string,
  change: (current: ((SlotClaimDoc | CoachRequestDoc | BookingDoc) & { _rev: string }) | null) => SlotClaimDoc | null,
): Promise<void> {
  await updateDoc(tenantDb<SlotClaimDoc | CoachRequestDoc | BookingDoc>(couch, 'coach', coachId), claimId, change);
}
