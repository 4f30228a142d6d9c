import type { Couch } from '../../../couch/couch.ts';
import { tenantDbName } from '../../../couch/databases.ts';
import { createPrefixSnapshots } from '../../../couch/prefix-snapshots.ts';

/**
 * Some id prefixes of every gym's database, kept per server instance and brought up to date with the
 * database's `_changes` on every read (couch/prefix-snapshots.ts, decision 32): a busy gym's 10,000
 * passes take over a second to read whole. Only the gym's `/api/me` view reads them, so the store is
 * the domain's own. What is kept of a document is the caller's `project`; the same list (by
 * identity) comes back until a kept document changes.
 */
export interface GymSnapshots<T> {
  read(gymId: string): Promise<readonly T[]>;
}

export function createGymSnapshots<T>(
  couch: Couch,
  options: { prefixes: readonly string[]; project: (doc: { type?: unknown }) => T | null; maxGyms: number },
): GymSnapshots<T> {
  const snapshots = createPrefixSnapshots<T>(couch, {
    prefixes: options.prefixes,
    project: options.project,
    maxDatabases: options.maxGyms,
  });
  return { read: (gymId) => snapshots.read(tenantDbName('gym', gymId)) };
}
