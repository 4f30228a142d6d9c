import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { REFUSALS } from '@mastr/rules/refusals.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { storedDecision } from '../test-support/check-in-decisions.ts';
import {
  bulkDocs,
  deviceCheckIn,
  givenDayPass,
  givenMastrPass,
  markDayPassCancelled,
} from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const TODAY = '2026-11-20';
const NOON = new Date(`${TODAY}T12:00:00Z`); // UK time is GMT in November
const at = (hhmmss: string) => `${TODAY}T${hhmmss}.000Z`;

describe('check-ins pushed through the sync gateway', () => {
  let stack: TestStack;
  const gymId = newId();
  const gymDb = () =>
    stack.couch.use<DayPassDoc | MastrPassDoc | CheckInDoc | CheckInOutcomeDoc>(tenantDbName('gym', gymId));

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOON;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const push = async (docs: unknown[], server = stack.server) => {
    const res = await bulkDocs(server, stack, 'gym', gymId, docs);
    expect(res.statusCode).toBe(201);
    return JSON.parse(res.payload) as { ok?: boolean; id: string; rev?: string; error?: string }[];
  };
  const stored = async (id: string) => (await gymDb().get(id)) as CheckInDoc;
  type Record = Pick<CheckInDoc, '_id' | 'passId' | 'passKind'>;
  /** The server's decision on a record, read where every reader reads it (null: undecided). */
  const decision = (checkIn: Record) => storedDecision(gymDb(), checkIn);
  /** A record's own outcome document (null: none; a counted record has none since decision 197). */
  const outcomeDoc = async (checkIn: Record) => {
    const [row] = (await gymDb().fetch({ keys: [checkInOutcomeId(checkIn._id)] })).rows;
    return 'doc' in row && row.doc ? (row.doc as CheckInOutcomeDoc) : null;
  };
  const pass = async <T extends DayPassDoc | MastrPassDoc>(p: T) => (await gymDb().get(p._id)) as T;
  /** The records the gym's copy of a pass lists as counted. */
  const countedOn = async (p: DayPassDoc | MastrPassDoc) =>
    ((await pass(p)).countedCheckIns ?? []).map((c) => c.checkInId);

  it("decides a check-in on arrival, stores it as sent, and counts it on the gym's pass with no outcome document of its own", async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('09:30:00'));
    const [row] = await push([checkIn]);
    expect(row).toMatchObject({ ok: true, id: checkIn._id });
    const { _deleted, ...sent } = checkIn as CheckInDoc & { _deleted?: boolean };
    expect(await stored(checkIn._id)).toEqual({ ...sent, _rev: row.rev });
    expect(await decision(checkIn)).toEqual({ outcome: 'counted' });
    // Counted is told by the pass alone (decision 197).
    expect(await outcomeDoc(checkIn)).toBeNull();
    const gymPass = await pass(dayPass);
    expect(gymPass.countedCheckIns).toEqual([{ checkInId: checkIn._id, at: at('09:30:00') }]);
    expect(gymPass.checkIns).toEqual({
      all_check_ins: [at('09:30:00')],
      latest_check_in: at('09:30:00'),
    });
  });

  it('applies the 60-minute rule at its boundary: 59:59 later is a duplicate, 60:00 later counts', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const first = deviceCheckIn(dayPass, at('10:00:00'));
    const tooSoon = deviceCheckIn(dayPass, at('10:59:59'), 'tablet-2');
    const onTime = deviceCheckIn(dayPass, at('11:00:00'));
    await push([first]);
    await push([tooSoon]);
    await push([onTime]);
    expect(await decision(first)).toEqual({ outcome: 'counted' });
    expect(await decision(tooSoon)).toMatchObject({ outcome: 'duplicate', duplicateOf: first._id });
    expect(await decision(onTime)).toEqual({ outcome: 'counted' });
    // A duplicate's decision is a document of its own; the counted ones are on the pass only.
    expect(await outcomeDoc(tooSoon)).toEqual({
      _id: `checkin-outcome:${tooSoon._id}`,
      _rev: expect.any(String),
      type: 'check-in-outcome',
      checkInId: tooSoon._id,
      passId: dayPass.passId,
      gymId,
      outcome: 'duplicate',
      duplicateOf: first._id,
      reason: expect.stringMatching(/60 minutes/),
      // Gym devices do not pull the records (decision 198): the outcome carries the record's time.
      checkedInAt: at('10:59:59'),
      resolvedAt: NOON.toISOString(),
    });
    expect(await outcomeDoc(first)).toBeNull();
    expect(await outcomeDoc(onTime)).toBeNull();
    expect(await countedOn(dayPass)).toEqual([first._id, onTime._id]);
    expect((await pass(dayPass)).checkIns).toEqual({
      all_check_ins: [at('10:00:00'), at('11:00:00')],
      latest_check_in: at('11:00:00'),
    });
  });

  it('counts exactly one of two check-ins of one pass pushed at the same moment through two server instances', async () => {
    const other = await stack.startInstance();
    for (let round = 0; round < 5; round += 1) {
      const dayPass = await givenDayPass(stack, gymId, TODAY);
      const a = deviceCheckIn(dayPass, at('09:00:00'), 'tablet-1');
      const b = deviceCheckIn(dayPass, at('09:10:00'), 'tablet-2');
      await Promise.all([push([a], stack.server), push([b], other)]);
      const decided = await Promise.all([a, b].map(async (c) => ({ checkIn: c, decision: await decision(c) })));
      const counted = decided.filter((d) => d.decision?.outcome === 'counted');
      const duplicates = decided.filter((d) => d.decision?.outcome === 'duplicate');
      expect(counted).toHaveLength(1);
      expect(duplicates).toHaveLength(1);
      expect(duplicates[0].decision?.duplicateOf).toBe(counted[0].checkIn._id);
      expect(await outcomeDoc(duplicates[0].checkIn)).toMatchObject({ outcome: 'duplicate' });
      expect(await outcomeDoc(counted[0].checkIn)).toBeNull();
      expect(await countedOn(dayPass)).toEqual([counted[0].checkIn._id]);
      expect((await pass(dayPass)).checkIns.all_check_ins).toEqual([
        (await stored(counted[0].checkIn._id)).checkedInAt,
      ]);
    }
  });

  it('counts each shared pass exactly once when two batches on the same passes race through two server instances', async () => {
    const other = await stack.startInstance();
    const passes = await Promise.all(Array.from({ length: 8 }, () => givenDayPass(stack, gymId, TODAY)));
    const desk1 = passes.map((p) => deviceCheckIn(p, at('09:00:00'), 'tablet-1'));
    const desk2 = passes.map((p) => deviceCheckIn(p, at('09:20:00'), 'tablet-2'));
    const [rows1, rows2] = await Promise.all([push(desk1, stack.server), push(desk2, other)]);
    expect([...rows1, ...rows2].every((r) => r.ok)).toBe(true);
    for (const [i, p] of passes.entries()) {
      const decided = await Promise.all(
        [desk1[i], desk2[i]].map(async (c) => ({ checkIn: c, decision: await decision(c) })),
      );
      const counted = decided.filter((d) => d.decision?.outcome === 'counted');
      const duplicate = decided.find((d) => d.decision?.outcome === 'duplicate');
      expect(counted).toHaveLength(1);
      expect(duplicate?.decision?.duplicateOf).toBe(counted[0].checkIn._id);
      expect(await outcomeDoc(duplicate!.checkIn)).toMatchObject({ outcome: 'duplicate' });
      expect(await outcomeDoc(counted[0].checkIn)).toBeNull();
      expect(await countedOn(p)).toEqual([counted[0].checkIn._id]);
      expect((await pass(p)).checkIns.all_check_ins).toEqual([(await stored(counted[0].checkIn._id)).checkedInAt]);
    }
  });

  it('counts a Mastr class pass once, however far apart the check-ins are', async () => {
    const mastr = await givenMastrPass(stack, gymId, `${TODAY}T18:00:00`);
    const first = deviceCheckIn(mastr, at('17:50:00'));
    const later = deviceCheckIn(mastr, at('19:30:00'), 'tablet-2');
    stack.clock.now = new Date(at('19:31:00'));
    try {
      await push([first, later]);
    } finally {
      stack.clock.now = NOON;
    }
    expect(await decision(first)).toEqual({ outcome: 'counted' });
    expect(await decision(later)).toMatchObject({ outcome: 'duplicate', duplicateOf: first._id });
    expect(await outcomeDoc(first)).toBeNull();
    expect(await outcomeDoc(later)).toMatchObject({
      outcome: 'duplicate',
      duplicateOf: first._id,
      checkedInAt: at('19:30:00'),
    });
    expect(await countedOn(mastr)).toEqual([first._id]);
    expect((await pass(mastr)).checkedIn).toEqual({ checkedInState: true, check_in_time: at('17:50:00') });
  });

  it('answers a re-delivered check-in with its stored revision and never counts it twice', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('08:00:00'));
    const [first] = await push([checkIn]);
    const [again] = await push([checkIn]);
    expect(again).toEqual(first);

    // A crash after the pass counted the check-in but before the record was stored (the record's
    // write is then missing; a deleted one stands in for it): delivered again, the record is stored,
    // decided by its pass, and not counted twice.
    await gymDb().destroy(checkIn._id, first.rev!);
    const [redelivered] = await push([checkIn]);
    expect(redelivered).toMatchObject({ ok: true, id: checkIn._id });
    expect(await stored(checkIn._id)).toMatchObject({ checkedInAt: at('08:00:00') });
    expect(await decision(checkIn)).toEqual({ outcome: 'counted' });
    expect(await outcomeDoc(checkIn)).toBeNull();
    expect(await countedOn(dayPass)).toEqual([checkIn._id]);
    expect((await pass(dayPass)).checkIns.all_check_ins).toEqual([at('08:00:00')]);
  });

  it('answers a re-delivered batch with the stored revisions and decisions and writes nothing', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const counted = deviceCheckIn(dayPass, at('07:00:00'));
    const duplicate = deviceCheckIn(dayPass, at('07:10:00'), 'tablet-2');
    const refused = deviceCheckIn({ ...dayPass, passId: newId() }, at('07:00:00'));
    const batch = [counted, duplicate, refused];
    const first = await push(batch);
    const decided = await Promise.all(batch.map((c) => decision(c)));
    const outcomeDocs = await Promise.all(batch.map((c) => outcomeDoc(c)));
    const seqBefore = (await gymDb().info()).update_seq;
    expect(await push(batch)).toEqual(first);
    expect(await Promise.all(batch.map((c) => decision(c)))).toEqual(decided);
    expect(await Promise.all(batch.map((c) => outcomeDoc(c)))).toEqual(outcomeDocs);
    expect((await gymDb().info()).update_seq).toEqual(seqBefore);
    expect(decided.map((d) => d?.outcome)).toEqual(['counted', 'duplicate', 'refused']);
    // Only the records that did not count have outcome documents.
    expect(outcomeDocs.map((d) => d?.outcome ?? null)).toEqual([null, 'duplicate', 'refused']);
    expect(await countedOn(dayPass)).toEqual([counted._id]);
  });

  it('decides a record that was stored undecided (a write that never reached its pass) when it is delivered again', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('11:30:00'));
    const { _deleted, ...record } = checkIn;
    const { rev } = await gymDb().insert(record as CheckInDoc);
    const [row] = await push([checkIn]);
    expect(row).toEqual({ ok: true, id: checkIn._id, rev });
    expect(await decision(checkIn)).toEqual({ outcome: 'counted' });
    expect(await outcomeDoc(checkIn)).toBeNull();
    expect(await countedOn(dayPass)).toEqual([checkIn._id]);
    expect((await pass(dayPass)).checkIns.all_check_ins).toEqual([at('11:30:00')]);
  });

  it('keeps check-ins of a cancelled pass, a pass for another day and an unknown pass as refused, with the reason', async () => {
    const cancelled = await givenDayPass(stack, gymId, '2026-11-21');
    await markDayPassCancelled(stack, cancelled);
    const tomorrow = await givenDayPass(stack, gymId, '2026-11-21');
    const unknown = { ...tomorrow, passId: newId() };
    const docs = [
      deviceCheckIn(cancelled, at('09:00:00')),
      deviceCheckIn(tomorrow, at('09:00:00')),
      deviceCheckIn(unknown, at('09:00:00')),
    ];
    const rows = await push(docs);
    expect(rows.every((r) => r.ok)).toBe(true);
    expect(await decision(docs[0])).toEqual({ outcome: 'refused', reason: REFUSALS.cancelled });
    expect(await decision(docs[1])).toEqual({ outcome: 'refused', reason: REFUSALS.otherDay });
    expect(await decision(docs[2])).toEqual({ outcome: 'refused', reason: REFUSALS.unknown });
    // Refusals keep their decision as a document of their own.
    const refusal = (reason: string) => ({ outcome: 'refused', reason, checkedInAt: at('09:00:00') });
    expect(await outcomeDoc(docs[0])).toMatchObject(refusal(REFUSALS.cancelled));
    expect(await outcomeDoc(docs[1])).toMatchObject(refusal(REFUSALS.otherDay));
    expect(await outcomeDoc(docs[2])).toMatchObject(refusal(REFUSALS.unknown));
    expect(await countedOn(cancelled)).toEqual([]);
    expect(await countedOn(tomorrow)).toEqual([]);
    expect((await pass(tomorrow)).checkIns.latest_check_in).toBeNull();
  });

  it("takes a device clock running far ahead as the server's now, on the record and on its outcome document", async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('13:00:00'));
    const unknown = deviceCheckIn({ ...dayPass, passId: newId() }, at('13:00:00'));
    await push([checkIn, unknown]);
    expect(await stored(checkIn._id)).toMatchObject({ checkedInAt: NOON.toISOString() });
    expect(await decision(checkIn)).toEqual({ outcome: 'counted' });
    expect(await countedOn(dayPass)).toEqual([checkIn._id]);
    expect(await stored(unknown._id)).toMatchObject({ checkedInAt: NOON.toISOString() });
    expect(await outcomeDoc(unknown)).toMatchObject({ outcome: 'refused', checkedInAt: NOON.toISOString() });
  });
});
