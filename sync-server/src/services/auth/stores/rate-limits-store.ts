import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';

/**
 * Fixed-window counters (`ratelimit:{scope}:{keyHash}:{window}` in `mastr_auth`), so a limit holds
 * across any number of server instances. An increment is written under the revision read and tried
 * again on conflict, so concurrent hits are all counted.
 */
interface CounterDoc {
  _id: string;
  _rev?: string;
  type: 'rate-limit';
  count: number;
  expiresAt: string;
}

/** Tries at counting one hit before giving up under contention. */
const MAX_ATTEMPTS = 20;

/**
 * Counts one hit on the counter `id` (a new one expires at `expiresAt`): the count with this hit, or
 * null when every try lost a race with another hit.
 */
export async function countHit(couch: Couch, id: string, expiresAt: string): Promise<number | null> {
  const db = couch.use<CounterDoc>(DB.auth);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let doc: CounterDoc;
    try {
      doc = (await db.get(id)) as CounterDoc;
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
      doc = { _id: id, type: 'rate-limit', count: 0, expiresAt };
    }
    doc.count += 1;
    try {
      await db.insert(doc);
      return doc.count;
    } catch (err) {
      if (couchStatus(err) !== 409) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20));
    }
  }
  return null;
}
