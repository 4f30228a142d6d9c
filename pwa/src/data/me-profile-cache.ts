/**
 * The last GET /api/me answer of each account signed in on this device, so the dashboards' pods and
 * account pages open offline (design/sync.md "Offline"). One small IndexedDB database for every
 * account, one row per account: written on every successful load (and after each edit the server
 * confirmed), read only when the server cannot be reached, and deleted on logout or account
 * deletion with the rest of the account's local data (wipe-local-data.ts).
 *
 * It holds the account's own contact details, so it never outlives the session that wrote it, and
 * nothing here is trusted for anything but display: every change still goes through the server.
 */
import { Dexie, type Table } from 'dexie';
import type { MeProfiles } from '@mastr/rules/api/me.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';

const DATABASE_NAME = 'mastr-me-profiles';

interface Row {
  /** `{kind}:{profileId}`. */
  key: string;
  kind: AccountKind;
  profileId: string;
  profile: unknown;
  /** When the server gave this answer (ISO instant). */
  savedAt: string;
}

export interface CachedMeProfile<K extends AccountKind> {
  profile: MeProfiles[K];
  savedAt: string;
}

const keyOf = (kind: AccountKind, profileId: string) => `${kind}:${profileId}`;

/** The cache's Dexie database, on the IndexedDB of the moment (tests install theirs after import). */
function cacheDb(): Dexie {
  const db = new Dexie(DATABASE_NAME, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  db.version(1).stores({ profiles: 'key, profileId' });
  return db;
}

/** Opens the database for one operation: these happen a few times per visit, and a closed one never blocks a delete. */
async function withProfiles<T>(work: (table: Table<Row, string>) => Promise<T>): Promise<T> {
  const db = cacheDb();
  try {
    await db.open();
    return await work(db.table('profiles'));
  } finally {
    db.close();
  }
}

/** Keeps `profile` as the account's last answer. Never throws: without IndexedDB there is just no offline copy. */
export async function saveMeProfile<K extends AccountKind>(
  kind: K,
  profileId: string,
  profile: MeProfiles[K],
  savedAt: Date = new Date(),
): Promise<void> {
  if (!profileId || typeof globalThis.indexedDB === 'undefined') return;
  try {
    await withProfiles((table) =>
      table.put({ key: keyOf(kind, profileId), kind, profileId, profile, savedAt: savedAt.toISOString() }),
    );
  } catch (err) {
    console.warn('Could not keep the profile on this device', err);
  }
}

/** The account's last answer kept on this device, or null. */
export async function loadMeProfile<K extends AccountKind>(
  kind: K,
  profileId: string,
): Promise<CachedMeProfile<K> | null> {
  if (!profileId || typeof globalThis.indexedDB === 'undefined') return null;
  try {
    const row = await withProfiles((table) => table.get(keyOf(kind, profileId)));
    if (!row || row.kind !== kind || row.profileId !== profileId || !row.profile || typeof row.profile !== 'object')
      return null;
    return { profile: row.profile as MeProfiles[K], savedAt: row.savedAt };
  } catch (err) {
    console.warn('Could not read the profile kept on this device', err);
    return null;
  }
}

/** Forgets one account's copy (every kind under that id); with no account, every account's copy. */
export async function deleteMeProfiles(profileId?: string): Promise<void> {
  if (typeof globalThis.indexedDB === 'undefined') return;
  if (profileId) await withProfiles((table) => table.where('profileId').equals(profileId).delete());
  else await cacheDb().delete();
}
