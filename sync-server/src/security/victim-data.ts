import { couchStatus } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import type { TestStack } from '../test-support/test-stack.ts';
import type { Party } from './access-world.ts';

/**
 * What the matrix checks a party's data by: every document of its three tenant databases, and every
 * server-side document (accounts, sessions and tokens, profiles and memberships, payments, images)
 * that names one of its ids, each by id and revision. A revision that moved, a document that
 * appeared or disappeared, is a change.
 */
export type Snapshot = Map<string, string>;

const SHARED = [DB.accounts, DB.auth, DB.profiles, DB.payments, DB.images];

async function allDocs(stack: TestStack, db: string) {
  try {
    const listed = await stack.couch.use(db).list({ include_docs: true });
    return listed.rows.flatMap((row) => (row.doc ? [row.doc as { _id: string; _rev: string }] : []));
  } catch (err) {
    if (couchStatus(err) === 404) return [];
    throw err;
  }
}

export async function snapshotOf(stack: TestStack, party: Party): Promise<Snapshot> {
  const ids = [party.gymId, party.coachId, party.memberId];
  const snapshot: Snapshot = new Map();
  const tenantDbs = [
    tenantDbName('gym', party.gymId),
    tenantDbName('coach', party.coachId),
    tenantDbName('member', party.memberId),
  ];
  for (const db of tenantDbs) for (const doc of await allDocs(stack, db)) snapshot.set(`${db}/${doc._id}`, doc._rev);
  for (const db of SHARED)
    for (const doc of await allDocs(stack, db))
      if (ids.some((id) => JSON.stringify(doc).includes(id))) snapshot.set(`${db}/${doc._id}`, doc._rev);
  return snapshot;
}

/** Keys (`database/docId`) added, changed or removed between two snapshots. */
export function changesBetween(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [key, rev] of after) if (before.get(key) !== rev) changed.push(key);
  for (const key of before.keys()) if (!after.has(key)) changed.push(key);
  return changed;
}

/**
 * Strings only the party and the server know: its emails, session ids, the ids of its passes,
 * bookings and requests, and its passes' entry codes and tokens. No answer to another identity
 * may carry one.
 */
export async function privateMarkersOf(stack: TestStack, party: Party): Promise<string[]> {
  const passes = await allDocs(stack, tenantDbName('gym', party.gymId));
  const secrets = passes.flatMap((doc) => {
    const pass = doc as { idCode?: string; entryToken?: string; memberId?: string };
    return pass.memberId === party.memberId ? [pass.idCode ?? '', pass.entryToken ?? ''] : [];
  });
  return [
    ...Object.values(party.emails),
    ...Object.values(party.sessionIds),
    party.dayPassId,
    party.mastrPassId,
    party.bookingId,
    party.coachRequestId,
    party.gymRequestId,
    ...secrets,
  ].filter((marker) => marker.length >= 6);
}
