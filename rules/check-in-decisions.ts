/**
 * Where the server's decision on a check-in record lives, read the same way by the server, the
 * front desk, the analytics and the device's outbox (design/sync.md "Writes and who decides",
 * decision 197):
 * - **counted**: the record is listed in its pass's `countedCheckIns` (the gym's copy). The server's
 *   decision serialises on that list (a count is a write of the pass at its revision), so it is the
 *   one home of "this check-in counted"; no document of its own is written for it.
 * - **duplicate** or **refused**: a `check-in-outcome` document of its own, written once.
 * - neither: not decided yet.
 * Outcome documents written for counted records before decision 197 stay valid. Should a counted
 * record also have an outcome document saying otherwise (two instances deciding it at once against
 * different versions of its pass), the pass wins: it is what the 60-minute rule is decided on.
 */
import type { CheckInOutcomeDoc } from './documents.ts';

/** The server's decision on one check-in record. */
export type CheckInDecision = Pick<CheckInOutcomeDoc, 'outcome' | 'duplicateOf' | 'reason'>;

/** A pass as far as its counted records go (a CouchDB document or the device's copy of it). */
export interface PassCounts {
  countedCheckIns?: readonly { checkInId: string }[] | null;
}

/** An outcome document as far as its decision goes. */
export type OutcomeFields = Pick<CheckInOutcomeDoc, 'checkInId' | 'outcome'> &
  Partial<Pick<CheckInOutcomeDoc, 'duplicateOf' | 'reason'>>;

const COUNTED: CheckInDecision = Object.freeze({ outcome: 'counted' });

/** The decisions these passes and outcome documents hold, by check-in record id. */
export function checkInDecisions(
  passes: Iterable<PassCounts | null | undefined>,
  outcomes: Iterable<OutcomeFields>,
): Map<string, CheckInDecision> {
  const decisions = new Map<string, CheckInDecision>();
  for (const o of outcomes) {
    const decision: CheckInDecision = { outcome: o.outcome };
    if (o.duplicateOf !== undefined) decision.duplicateOf = o.duplicateOf;
    if (o.reason !== undefined) decision.reason = o.reason;
    decisions.set(o.checkInId, decision);
  }
  for (const pass of passes) {
    for (const counted of pass?.countedCheckIns ?? []) decisions.set(counted.checkInId, COUNTED);
  }
  return decisions;
}

/** The records none of these passes and outcome documents decide: what the server has still to decide. */
export function undecidedCheckIns<T extends { _id: string } | { id: string }>(
  checkIns: readonly T[],
  passes: Iterable<PassCounts | null | undefined>,
  outcomes: Iterable<OutcomeFields>,
): T[] {
  const decided = checkInDecisions(passes, outcomes);
  return checkIns.filter((c) => !decided.has('_id' in c ? c._id : c.id));
}

/**
 * The check-in records one stored document decides: a pass's counted ones, an outcome document's
 * own, nothing for any other document. For readers that follow documents as they arrive.
 */
export function recordsDecidedBy(doc: { type?: unknown; [field: string]: unknown }): string[] {
  if (doc.type === 'check-in-outcome') return [(doc as OutcomeFields).checkInId];
  if (doc.type === 'day-pass' || doc.type === 'mastr-pass')
    return ((doc as PassCounts).countedCheckIns ?? []).map((c) => c.checkInId);
  return [];
}
