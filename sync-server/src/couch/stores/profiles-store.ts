import { profileDocId } from '@mastr/rules/doc-ids.ts';
import { ACCOUNT_KINDS, type AccountKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { fetchDocs, updateDoc } from '../tenant-docs.ts';
import { DB } from '../databases.ts';
import type { CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';

/** Any account's public profile, in the profiles database. */
export type ProfileDoc = UserProfileDoc | CoachProfileDoc | GymProfileDoc;

export async function getProfile(couch: Couch, kind: AccountKind, profileId: string): Promise<ProfileDoc | null> {
  try {
    const doc = (await couch.use<ProfileDoc>(DB.profiles).get(profileDocId(kind, profileId))) as ProfileDoc;
    return doc.type === kind ? doc : null;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

/**
 * Read-modify-write of an account's profile under its revision (`updateDoc`): `change` gets the
 * profile, or null when there is none of this kind; null leaves it as it is. Answers the profile
 * written, or the document stored under the id when nothing was (null: none).
 */
export function updateProfile<P extends ProfileDoc>(
  couch: Couch,
  kind: P['type'],
  profileId: string,
  change: (current: (P & { _rev: string }) | null) => P | null,
): Promise<(ProfileDoc & { _rev: string }) | null> {
  return updateDoc<ProfileDoc>(couch.use<ProfileDoc>(DB.profiles), profileDocId(kind, profileId), (current) =>
    change(current?.type === kind ? (current as P & { _rev: string }) : null),
  );
}

/**
 * The documents stored under an id's profile id of each account kind, in one read (for a caller
 * that does not know the kind yet): by kind, the document or null.
 */
export async function profilesUnderEachKind(
  couch: Couch,
  profileId: string,
): Promise<(kind: AccountKind) => ProfileDoc | null> {
  const docs = await fetchDocs(
    couch.use<ProfileDoc>(DB.profiles),
    ACCOUNT_KINDS.map((kind) => profileDocId(kind, profileId)),
  );
  return (kind) => docs.get(profileDocId(kind, profileId)) ?? null;
}

/** Writes a new profile: its revision, or null when one is there already (409). */
export async function writeNewProfile(couch: Couch, profile: ProfileDoc): Promise<string | null> {
  try {
    return (await couch.use<ProfileDoc>(DB.profiles).insert(profile)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}

/** Deletes the profile at the revision this caller wrote (a registration undoing its own writes). */
export async function removeProfileAt(couch: Couch, kind: AccountKind, profileId: string, rev: string): Promise<void> {
  await couch.use<ProfileDoc>(DB.profiles).destroy(profileDocId(kind, profileId), rev);
}

/** Deletes the profile document when there is one (a registration undoing its own writes). */
export async function removeProfile(couch: Couch, kind: AccountKind, profileId: string): Promise<void> {
  const db = couch.use<ProfileDoc>(DB.profiles);
  try {
    const doc = await db.get(profileDocId(kind, profileId));
    await db.destroy(doc._id, doc._rev);
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}
