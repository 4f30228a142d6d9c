import type { Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';

/** Each database's update sequence (as text: the embedded server's are numbers, CouchDB's strings). */
export type Snapshot = Map<string, string>;

export async function snapshot(couch: Couch): Promise<Snapshot> {
  const names = await couch.db.list();
  const infos = await Promise.all(names.map((name) => couch.db.get(name)));
  return new Map(infos.map((info) => [info.db_name, String(info.update_seq)]));
}

/**
 * Writes a refused request may make: the counters that make it a refusal next time. A rate-limit
 * counter (`ratelimit:`) is counted before the request is judged, so floods are bounded even when
 * every attempt is refused (services/auth/rate-limit.ts); a wrong password's sign-in delay
 * (`signin-delay:`) is the record of that refusal (services/auth/sign-in-delay.ts). Both live in
 * the auth database and hold no data from the request (keys are hashed).
 */
const REFUSAL_RECORDS: Record<string, RegExp> = { [DB.auth]: /^(ratelimit|signin-delay):/ };

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
    for (const { id } of changes.results)
      if (!REFUSAL_RECORDS[name]?.test(id)) found.push(`${name}: document ${id} written`);
  }
  for (const name of before.keys()) if (!after.has(name)) found.push(`database ${name} deleted`);
  return found;
}
