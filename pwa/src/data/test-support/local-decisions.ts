/**
 * A device's copy of the server's decisions on check-ins, read as every reader reads them
 * (rules/check-in-decisions.ts): for tests and benches, which look at the device from outside.
 * Free of side effects, so a bench can use it without the tests' RxDB set-up.
 */
import type { RxCollection } from 'rxdb';
import { checkInDecisions, type CheckInDecision, type OutcomeFields, type PassCounts } from '@mastr/rules/check-in-decisions.ts';
import type { LocalDoc } from '../tenant-docs.ts';

/** Every decision the device holds, by check-in record id. */
export async function decisionsIn(collection: RxCollection<LocalDoc>): Promise<Map<string, CheckInDecision>> {
  const held = await collection.find({ selector: { type: { $in: ['day-pass', 'mastr-pass', 'check-in-outcome'] } } }).exec();
  const docs = held.map((d) => d.toJSON() as LocalDoc);
  return checkInDecisions(
    docs.filter((d) => d.type !== 'check-in-outcome') as PassCounts[],
    docs.filter((d) => d.type === 'check-in-outcome') as unknown as OutcomeFields[],
  );
}
