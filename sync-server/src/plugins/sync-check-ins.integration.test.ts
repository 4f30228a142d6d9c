import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { REFUSALS } from '@mastr/rules/refusals.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
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
  const decision = async (checkInId: string) => (await gymDb().get(checkInOutcomeId(checkInId))) as CheckInOutcomeDoc;
  const pass = async <T extends DayPassDoc | MastrPassDoc>(p: T) => (await gymDb().get(p._id)) as T;

  it("decides a check-in on arrival, stores it as sent, its outcome as a document of its own, and records it on the gym's pass", async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('09:30:00'));
    const [row] = await push([checkIn]);
    expect(row).toMatchObject({ ok: true, id: checkIn._id });
    const { _deleted, ...sent } = checkIn as CheckInDoc & { _deleted?: boolean };
    expect(await stored(checkIn._id)).toEqual({ ...sent, _rev: row.rev });
    expect(await decision(checkIn._id)).toEqual({
      _id: `checkin-outcome:${checkIn._id}`,
      _rev: expect.any(String),
      type: 'check-in-outcome',
      checkInId: checkIn._id,
      passId: dayPass.passId,
      gymId,
      outcome: 'counted',
      resolvedAt: NOON.toISOString(),
    });
    expect((await pass(dayPass)).checkIns).toEqual({
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
    expect(await decision(first._id)).toMatchObject({ outcome: 'counted' });
    expect(await decision(tooSoon._id)).toMatchObject({ outcome: 'duplicate', duplicateOf: first._id });
    expect((await decision(tooSoon._id)).reason).toMatch(/60 minutes/);
    expect(await decision(onTime._id)).toMatchObject({ outcome: 'counted' });
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
      const outcomes = [await decision(a._id), await decision(b._id)];
      const counted = outcomes.filter((c) => c.outcome === 'counted');
      const duplicates = outcomes.filter((c) => c.outcome === 'duplicate');
      expect(counted).toHaveLength(1);
      expect(duplicates).toHaveLength(1);
      expect(duplicates[0].duplicateOf).toBe(counted[0].checkInId);
      expect((await pass(dayPass)).checkIns.all_check_ins).toEqual([(await stored(counted[0].checkInId)).checkedInAt]);
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
      const outcomes = [await decision(desk1[i]._id), await decision(desk2[i]._id)];
      const counted = outcomes.filter((o) => o.outcome === 'counted');
      expect(counted).toHaveLength(1);
      expect(outcomes.find((o) => o.outcome === 'duplicate')?.duplicateOf).toBe(counted[0].checkInId);
      expect((await pass(p)).checkIns.all_check_ins).toEqual([(await stored(counted[0].checkInId)).checkedInAt]);
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
    expect(await decision(first._id)).toMatchObject({ outcome: 'counted' });
    expect(await decision(later._id)).toMatchObject({ outcome: 'duplicate', duplicateOf: first._id });
    expect((await pass(mastr)).checkedIn).toEqual({ checkedInState: true, check_in_time: at('17:50:00') });
  });

  it('answers a re-delivered check-in with its stored revision and never counts it twice', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('08:00:00'));
    const [first] = await push([checkIn]);
    const [again] = await push([checkIn]);
    expect(again).toEqual(first);

    // A crash after the pass recorded the check-in but before the outcome was stored: delivered again, it is not counted twice.
    const outcome = await decision(checkIn._id);
    await gymDb().destroy(outcome._id, outcome._rev!);
    const [redelivered] = await push([checkIn]);
    expect(redelivered).toMatchObject({ ok: true });
    expect(await decision(checkIn._id)).toMatchObject({ outcome: 'counted' });
    expect((await pass(dayPass)).checkIns.all_check_ins).toEqual([at('08:00:00')]);
  });

  it('answers a re-delivered batch with the stored revisions and decisions and writes nothing', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const counted = deviceCheckIn(dayPass, at('07:00:00'));
    const duplicate = deviceCheckIn(dayPass, at('07:10:00'), 'tablet-2');
    const refused = deviceCheckIn({ ...dayPass, passId: newId() }, at('07:00:00'));
    const batch = [counted, duplicate, refused];
    const first = await push(batch);
    const decided = await Promise.all(batch.map((c) => decision(c._id)));
    const seqBefore = (await gymDb().info()).update_seq;
    expect(await push(batch)).toEqual(first);
    expect(await Promise.all(batch.map((c) => decision(c._id)))).toEqual(decided);
    expect((await gymDb().info()).update_seq).toEqual(seqBefore);
    expect(decided.map((d) => d.outcome)).toEqual(['counted', 'duplicate', 'refused']);
  });

  it('decides a record that was stored without its outcome (a crash between the two) when it is delivered again', async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('11:30:00'));
    const { _deleted, ...record } = checkIn;
    const { rev } = await gymDb().insert(record as CheckInDoc);
    const [row] = await push([checkIn]);
    expect(row).toEqual({ ok: true, id: checkIn._id, rev });
    expect(await decision(checkIn._id)).toMatchObject({ outcome: 'counted' });
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
    expect(await decision(docs[0]._id)).toMatchObject({ outcome: 'refused', reason: REFUSALS.cancelled });
    expect(await decision(docs[1]._id)).toMatchObject({ outcome: 'refused', reason: REFUSALS.otherDay });
    expect(await decision(docs[2]._id)).toMatchObject({ outcome: 'refused', reason: REFUSALS.unknown });
    expect((await pass(tomorrow)).checkIns.latest_check_in).toBeNull();
  });

  it("takes a device clock running far ahead as the server's now", async () => {
    const dayPass = await givenDayPass(stack, gymId, TODAY);
    const checkIn = deviceCheckIn(dayPass, at('13:00:00'));
    await push([checkIn]);
    expect(await stored(checkIn._id)).toMatchObject({ checkedInAt: NOON.toISOString() });
    expect(await decision(checkIn._id)).toMatchObject({ outcome: 'counted' });
  });
});
