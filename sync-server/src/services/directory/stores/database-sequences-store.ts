import type { Couch } from '../../../couch/couch.ts';
import { DB, tenantDbName } from '../../../couch/databases.ts';

/**
 * Where a database's changes feed stands, for the directory's views memoised per database
 * (sequence-memo.ts, profile-memo.ts), and which databases those views read. The sequence is
 * opaque: only ever handed back to CouchDB (decision 89).
 */

/** Where the directory's lists are read from: the profiles database alone. */
export const LISTS_DATABASE = DB.profiles;

/** Where a gym's or coach's public profile is read from: the profiles database and its own. */
export const profileDatabases = (kind: 'gym' | 'coach', profileId: string) => [
  DB.profiles,
  tenantDbName(kind, profileId),
];

/** The database's update sequence now, to ask for changes since later. */
export async function updateSequenceOf(couch: Couch, dbName: string): Promise<string> {
  return (await couch.use(dbName).info()).update_seq as string;
}

/** Whether anything was written to the database after `since` (one change asked for, at most). */
export async function changedSince(couch: Couch, dbName: string, since: string): Promise<boolean> {
  const { results } = await couch.use(dbName).changes({ since, limit: 1 });
  return results.length > 0;
}
