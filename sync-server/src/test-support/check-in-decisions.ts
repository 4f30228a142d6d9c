/**
 * The server's decisions on check-in records as a gym's database holds them, read the way every
 * reader reads them (rules/check-in-decisions.ts): a counted record on its pass, any other as its
 * outcome document. Tests and benches use these instead of looking for outcome documents.
 */
import type nano from 'nano';
import { checkInDecisions, type CheckInDecision } from '@mastr/rules/check-in-decisions.ts';
import { checkInOutcomeId, passDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc } from '@mastr/rules/documents.ts';

/** Any typing of a gym's database: these read documents of several types from it. */
type GymDb<D> = nano.DocumentScope<D>;

async function withPrefix<T, D>(db: GymDb<D>, prefix: string): Promise<T[]> {
  const rows = await db.list({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` });
  return rows.rows.flatMap((r) => (r.doc ? [r.doc as unknown as T] : []));
}

/** Every decision a gym's database holds, by check-in record id. */
export async function storedDecisions<D>(db: GymDb<D>): Promise<Map<string, CheckInDecision>> {
  const [dayPasses, mastrPasses, outcomes] = await Promise.all([
    withPrefix<PassDoc, D>(db, 'daypass:'),
    withPrefix<PassDoc, D>(db, 'mastrpass:'),
    withPrefix<CheckInOutcomeDoc, D>(db, 'checkin-outcome:'),
  ]);
  return checkInDecisions([...dayPasses, ...mastrPasses], outcomes);
}

/** The decision on one record (null: undecided), read from its pass and its outcome document. */
export async function storedDecision<D>(
  db: GymDb<D>,
  checkIn: Pick<CheckInDoc, '_id' | 'passId' | 'passKind'>,
): Promise<CheckInDecision | null> {
  const found = await db.fetch({ keys: [passDocId(checkIn.passKind, checkIn.passId), checkInOutcomeId(checkIn._id)] });
  const docs = found.rows.flatMap((r) =>
    'doc' in r && r.doc ? [r.doc as unknown as PassDoc | CheckInOutcomeDoc] : [],
  );
  const decision = checkInDecisions(
    docs.filter((d): d is PassDoc => d.type !== 'check-in-outcome'),
    docs.filter((d): d is CheckInOutcomeDoc => d.type === 'check-in-outcome'),
  ).get(checkIn._id);
  return decision ?? null;
}
