import type { Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { productDatabases } from '../../test-support/test-couch.ts';

/** Each database's update sequence (as text: the embedded server's are numbers, CouchDB's strings). */
export type Snapshot = Map<string, string>;

export async function snapshot(couch: Couch): Promise<Snapshot> {
  const names = await productDatabases(couch);
  const infos = await Promise.all(names.map((name) => couch.db.get(name)));
  return new Map(infos.map((info) => [info.db_name, String(info.update_seq)]));
}

/**
 * Writes a refused request may make: records of the refusal itself, holding no data from the request.
 * - A rate-limit counter (`ratelimit:`) is counted before the request is judged, so floods are bounded
 *   even when every attempt is refused (services/auth/rate-limit.ts); keys are hashed.
 * - A wrong password's sign-in delay (`signin-delay:`) is that refusal's record (services/auth/sign-in-delay.ts).
 * - A check-in at the front desk is recorded whether counted or refused (`checkin:` in the gym's
 *   database), a refused or duplicate one with its decision (`checkin-outcome:`; a counted one has
 *   none, its pass tells it, decision 197): the online call writes the same record as a tablet's,
 *   decided by one authority (services/passes/front-desk-service.ts), and the gym's activity shows
 *   refused attempts too (pwa/src/data/gym-activity-data.ts).
 */
const REFUSAL_RECORDS: Array<{ db: RegExp; id: RegExp }> = [
  { db: new RegExp(`^${DB.auth}$`), id: /^(ratelimit|signin-delay):/ },
  { db: /^mastr_gym_[a-f0-9]{24}$/, id: /^checkin(-outcome)?:/ },
];

const isRefusalRecord = (db: string, id: string) => REFUSAL_RECORDS.some((r) => r.db.test(db) && r.id.test(id));

/**
 * What was written between two snapshots besides the refusal records: one line per database
 * created or document changed (empty when nothing was).
 */
export async function writesBetween(couch: Couch, before: Snapshot, after: Snapshot): Promise<string[]> {
  const found: string[] = [];
  for (const [name, seq] of after) {
    const was = before.get(name);
    if (was === seq) continue;
    if (was === undefined) {
      found.push(`database ${name} created`);
      continue;
    }
    const changes = await couch.use(name).changes({ since: was });
    for (const { id } of changes.results) if (!isRefusalRecord(name, id)) found.push(`${name}: document ${id} written`);
  }
  for (const name of before.keys()) if (!after.has(name)) found.push(`database ${name} deleted`);
  return found;
}
