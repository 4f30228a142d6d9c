import { checkInRefusal, decideCheckIn } from '@mastr/rules/check-in.ts';
import { checkInDecisions, type CheckInDecision } from '@mastr/rules/check-in-decisions.ts';
import { checkInOutcomeId, passDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc } from '@mastr/rules/documents.ts';
import { REFUSALS } from '@mastr/rules/refusals.ts';
import type { Deps } from '../../deps.ts';
import { gymPassesById, writeGymPasses } from '../../couch/stores/passes-store.ts';
import { checkInDocsById, outcomesAndPasses, storeCheckIns } from './stores/check-ins-store.ts';

/** A check-in as a front desk sends it. */
export type NewCheckIn = Omit<CheckInDoc, '_rev'>;
type StoredCheckIn = CheckInDoc & { _rev: string };
/** A check-in as stored and the server's decision on it. */
export type DecidedCheckIn = { checkIn: StoredCheckIn; outcome: CheckInDecision };

type Outcome = CheckInDecision;
type GymDoc = CheckInDoc | CheckInOutcomeDoc;

/** Rounds of "read passes, decide, write passes" before giving up under extreme contention. */
const MAX_ROUNDS = 8;

/**
 * The check-in authority (design/sync.md "Writes and who decides"). Each record is decided in
 * arrival order against its pass: refused (unknown, cancelled, expired, not that day), duplicate
 * (the 60-minute rule / a Mastr pass counts once) or counted. A counted one is written onto the pass
 * with the pass's revision, so two instances racing on one pass cannot both count: the loser reads
 * the pass again and decides again. That list on the pass (`countedCheckIns`) is where "counted"
 * is kept (rules/check-in-decisions.ts, decision 197): it makes re-delivery idempotent, and a
 * counted record gets no document of its own. A duplicate or refused one gets its decision as a
 * `checkin-outcome:{checkInId}` document: a device never holds a copy of a decision, so a pull
 * cannot collide with its push in flight; it carries the record's `checkedInAt`, since gym devices do
 * not pull the records (decision 198). A record the pass or an outcome document already decides
 * is answered as stored. Only the gym's copy of the pass records check-ins: the member's copy is
 * never touched here (the member app does not show them, and a write per member database would
 * more than double the cost of a push from a front desk).
 * The whole batch is read and written in bulk, three CouchDB calls when nothing races: one read of
 * the outcomes and passes, one write of the counted passes, one write of the records and the
 * outcomes of the records that did not count. Records are not read first: they never change once
 * made, so a record CouchDB already holds answers the write as a conflict and is then read (only a
 * re-delivery pays for that).
 */
export async function recordCheckIns(
  deps: Deps,
  gymId: string,
  checkIns: readonly NewCheckIn[],
): Promise<DecidedCheckIn[]> {
  const known = await outcomesAndPasses(
    deps.couch,
    gymId,
    checkIns.map((c) => c._id),
    checkIns.map(passKey),
  );
  const decided = checkInDecisions(
    checkIns.map((c) => known.pass(passKey(c))),
    checkIns.flatMap((c) => known.outcome(c._id) ?? []),
  );
  const undecided = checkIns.filter((c) => !decided.has(c._id));
  const passes = new Map(undecided.map((c) => [passKey(c), known.pass(passKey(c))]));
  const outcomes = await decideOutcomes(deps, gymId, undecided, passes);
  for (const [id, outcome] of outcomes) decided.set(id, outcome);

  const resolvedAt = deps.now().toISOString();
  const docs: GymDoc[] = [
    ...checkIns,
    ...undecided
      .filter((c) => outcomes.get(c._id)!.outcome !== 'counted')
      .map((c): CheckInOutcomeDoc => ({
        _id: checkInOutcomeId(c._id),
        type: 'check-in-outcome',
        checkInId: c._id,
        passId: c.passId,
        gymId,
        ...outcomes.get(c._id)!,
        // Gym devices no longer pull the records (decision 198): a refusal's note is ordered by this.
        checkedInAt: c.checkedInAt,
        resolvedAt,
      })),
  ];
  const results = docs.length ? await storeCheckIns(deps.couch, gymId, docs) : [];
  const stored = new Map<string, GymDoc>();
  const raced: string[] = [];
  results.forEach((result, i) => {
    if (result.rev) stored.set(docs[i]._id, { ...docs[i], _rev: result.rev });
    // Already stored: a re-delivered record, or an outcome another instance stored meanwhile.
    else if (result.error === 'conflict') raced.push(docs[i]._id);
    else throw new Error(`Storing ${docs[i]._id} failed: ${result.error} ${result.reason}`);
  });
  for (const [id, doc] of await checkInDocsById(deps.couch, gymId, raced)) stored.set(id, doc);
  // An outcome another instance stored first is the decision, unless this one counted the record
  // on its pass, which is what counts (rules/check-in-decisions.ts).
  for (const c of undecided) {
    const other = stored.get(checkInOutcomeId(c._id)) as CheckInOutcomeDoc | undefined;
    if (other && decided.get(c._id)!.outcome !== 'counted')
      decided.set(c._id, checkInDecisions([], [other]).get(c._id)!);
  }
  return checkIns.map((c) => ({ checkIn: stored.get(c._id) as StoredCheckIn, outcome: decided.get(c._id)! }));
}

/** Decides the records against their passes (as read: null when unknown), writing counted ones onto the passes. */
async function decideOutcomes(
  deps: Deps,
  gymId: string,
  fresh: readonly NewCheckIn[],
  read: Map<string, PassDoc | null>,
) {
  const outcomes = new Map<string, Outcome>();
  let pending = fresh;
  let passes = read;
  for (let round = 1; pending.length > 0; round += 1) {
    if (round > MAX_ROUNDS) throw new Error(`Check-ins for gym ${gymId} kept losing races on their passes.`);
    if (round > 1) passes = await gymPassesById(deps.couch, gymId, pending.map(passKey));
    const changed = new Map<string, PassDoc>();
    for (const checkIn of pending) {
      const key = passKey(checkIn);
      const pass = changed.get(key) ?? passes.get(key) ?? null;
      const { outcome, counted } = judge(pass, checkIn);
      outcomes.set(checkIn._id, outcome);
      if (counted) changed.set(key, counted);
    }
    const written = changed.size ? await writeGymPasses(deps.couch, gymId, [...changed.values()]) : [];
    const lost = new Set<string>();
    for (const result of written) {
      if (result.error === 'conflict') lost.add(result.id);
      else if (!result.rev)
        throw new Error(`Counting a check-in on ${result.id} failed: ${result.error} ${result.reason}`);
    }
    // Only the records of passes another writer changed meanwhile are decided again.
    pending = pending.filter((c) => lost.has(passKey(c)));
  }
  return outcomes;
}

const passKey = (checkIn: NewCheckIn) => passDocId(checkIn.passKind, checkIn.passId);

/** The outcome of one record against the pass as it stands, and the pass to write if it counts. */
function judge(pass: PassDoc | null, checkIn: NewCheckIn): { outcome: Outcome; counted?: PassDoc } {
  if (pass?.countedCheckIns?.some((c) => c.checkInId === checkIn._id)) return { outcome: { outcome: 'counted' } };
  const refusal = checkInRefusal(pass, checkIn.checkedInAt);
  if (refusal !== null || pass === null)
    return { outcome: { outcome: 'refused', reason: refusal ?? REFUSALS.unknown } };
  const decision = decideCheckIn(pass.type, pass.countedCheckIns ?? [], checkIn.checkedInAt);
  if (decision.outcome === 'duplicate') return { outcome: decision };
  return { outcome: decision, counted: withCountedCheckIn(pass, checkIn) };
}

function withCountedCheckIn(pass: PassDoc, checkIn: NewCheckIn): PassDoc {
  const countedCheckIns = [...(pass.countedCheckIns ?? []), { checkInId: checkIn._id, at: checkIn.checkedInAt }].sort(
    (a, b) => a.at.localeCompare(b.at),
  );
  if (pass.type === 'mastr-pass') {
    return { ...pass, countedCheckIns, checkedIn: { checkedInState: true, check_in_time: checkIn.checkedInAt } };
  }
  const all = countedCheckIns.map((c) => c.at);
  return { ...pass, countedCheckIns, checkIns: { all_check_ins: all, latest_check_in: all[all.length - 1] } };
}
