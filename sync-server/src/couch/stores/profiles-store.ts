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
 * profile, or null when there is none of this kind; null leaves it as it is.
 */
export async function updateProfile(
  couch: Couch,
  kind: AccountKind,
  profileId: string,
  change: (current: ProfileDoc | null) => ProfileDoc | null,
): Promise<void> {
  await updateDoc(couch.use<ProfileDoc>(DB.profiles), profileDocId(kind, profileId), (current) =>
    change(current?.type === kind ? current : null),
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
