import type { DocumentScope } from 'nano';
import {
  accountDocId,
  calendarFeedDocId,
  entryCodeClaimId,
  imageDocId,
  profileDocId,
  type PassDoc,
} from '@mastr/rules/doc-ids.ts';
import type { CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import type { AccountKind, TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { findDocs } from '../../../couch/find.ts';
import { QUERIES } from '../../../couch/queries.ts';
import { fetchDocs, getDoc, tenantDb, updateDoc } from '../../../couch/tenant-docs.ts';

/**
 * The account deletion's own writes (delete-account-service.ts): the removal of what the account
 * leaves in the server-only databases (its profile, account, calendar-feed lookup, memberships, a
 * gym's entry-code claims, images, refresh sessions and one-time tokens), and the names taken off
 * what stays in other tenants' databases. Only the deletion removes these this way (plain tombstones,
 * tried again on the fresh revision when another writer got there first), so the store is the
 * domain's own; the documents' everyday reads and writes are in their own stores.
 */

export type Rev = { _id: string; _rev: string };

/** The profile document, if there is one. */
export function deleteProfileDoc(couch: Couch, kind: AccountKind, profileId: string): Promise<void> {
  return destroyIfPresent(couch.use(DB.profiles), profileDocId(kind, profileId));
}

/** The account document, if there is one: from here every access token is refused. */
export function deleteAccountDoc(couch: Couch, profileId: string): Promise<void> {
  return destroyIfPresent(couch.use(DB.accounts), accountDocId(profileId));
}

/** The lookup of a calendar link, if there is one. */
export function deleteCalendarFeedDoc(couch: Couch, tokenHash: string): Promise<void> {
  return destroyIfPresent(couch.use(DB.accounts), calendarFeedDocId(tokenHash));
}

/** These memberships (by id, at the revision read). */
export async function deleteMemberships(couch: Couch, memberships: readonly Rev[]): Promise<void> {
  await destroyAll(couch.use(DB.profiles), memberships);
}

/** Every entry-code claim of a gym (`entry-code:{gymId}:…`). */
export async function deleteEntryCodeClaims(couch: Couch, gymId: string): Promise<void> {
  const accounts = couch.use(DB.accounts);
  await destroyAll(accounts, await idsWithPrefix(accounts, entryCodeClaimId(gymId, '')));
}

/** Every stored version of the account's profile images (a gym's logo and cover included). */
export async function deleteProfileImages(couch: Couch, kind: AccountKind, profileId: string): Promise<void> {
  const images = couch.use(DB.images);
  await destroyAll(images, await idsWithPrefix(images, imageDocId(kind, profileId, '')));
}

/** Up to `limit` refresh sessions (live, revoked or expired) or one-time tokens of the account. */
export function authDocsOfAccount(
  couch: Couch,
  type: 'refresh-session' | 'one-time-token',
  accountId: string,
  limit: number,
): Promise<Rev[]> {
  return findDocs<Rev>(couch, QUERIES.authDocsOfAccount(type, accountId, limit));
}

/** These documents of `mastr_auth` (by id, at the revision read). */
export async function deleteAuthDocs(couch: Couch, docs: readonly Rev[]): Promise<void> {
  await destroyAll(couch.use(DB.auth), docs);
}

/** Takes the names off these copies of passes in one tenant's database (`scrub` says how). */
export function scrubPassCopies<T extends PassDoc>(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docIds: readonly string[],
  scrub: (doc: T) => T,
): Promise<void> {
  return scrubDocs(tenantDb<T>(couch, kind, owner), docIds, scrub);
}

/** Takes the names off these copies of PT requests in one tenant's database (`scrub` says how). */
export function scrubRequestCopies<T extends CoachRequestDoc | GymRequestDoc>(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docIds: readonly string[],
  scrub: (doc: T) => T,
): Promise<void> {
  return scrubDocs(tenantDb<T>(couch, kind, owner), docIds, scrub);
}

// ---- CouchDB helpers ------------------------------------------------------------------------------

/** Replaces names on documents that still carry them (whole-document writes, so devices replicate the change). */
async function scrubDocs<T extends { _id: string; _rev?: string }>(
  db: DocumentScope<T>,
  ids: readonly string[],
  scrub: (doc: T) => T,
): Promise<void> {
  const found = await fetchDocs(db, ids);
  const changed = [...found.values()].filter((doc) => JSON.stringify(scrub(doc)) !== JSON.stringify(doc));
  if (changed.length === 0) return;
  const results = await db.bulk({ docs: changed.map(scrub) });
  // A document written meanwhile (a check-in counted) is scrubbed on its fresh revision.
  for (const result of results) {
    if (result.error !== 'conflict' || !result.id) continue;
    await updateDoc(db, result.id, (current) => (current ? scrub(current) : null));
  }
}

async function idsWithPrefix(db: DocumentScope<unknown>, prefix: string): Promise<Rev[]> {
  try {
    const { rows } = await db.list({ startkey: prefix, endkey: `${prefix}\ufff0` });
    return rows.map((row) => ({ _id: row.id, _rev: row.value.rev }));
  } catch (err) {
    if (couchStatus(err) === 404) return [];
    throw err;
  }
}

/** How often a delete that lost a race with another writer (409) is tried again on the fresh revision. */
const MAX_DELETE_ATTEMPTS = 8;

/**
 * Deletes documents of a server-only database (plain tombstones: nothing replicates these). One
 * written meanwhile by someone else (409) is read again and deleted on its fresh revision.
 */
async function destroyAll(db: DocumentScope<unknown>, docs: readonly Rev[]): Promise<Rev[]> {
  const tombstones: Rev[] = [];
  let pending = [...docs];
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    let results;
    try {
      results = await db.bulk({ docs: pending.map(({ _id, _rev }) => ({ _id, _rev, _deleted: true })) });
    } catch (err) {
      if (couchStatus(err) === 404) return tombstones; // no such database: nothing to delete
      throw err;
    }
    for (const r of results) if (r.id && r.rev && !r.error) tombstones.push({ _id: r.id, _rev: r.rev });
    const conflicted = results.filter((r) => r.error === 'conflict').map((r) => r.id!);
    if (conflicted.length === 0) return tombstones;
    if (attempt >= MAX_DELETE_ATTEMPTS) throw new Error(`Could not delete ${conflicted.join(', ')}: kept changing.`);
    const fresh = await fetchDocs(db as DocumentScope<{ _id: string }>, conflicted);
    pending = [...fresh.values()].map(({ _id, _rev }) => ({ _id, _rev }));
  }
  return tombstones;
}

async function destroyIfPresent(db: DocumentScope<unknown>, id: string): Promise<void> {
  const doc = await getDoc(db as DocumentScope<{ _id: string }>, id);
  if (doc) await destroyAll(db, [{ _id: doc._id, _rev: doc._rev }]);
}
