import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { bearerFor, bulkDocs, deviceCheckIn, givenDayPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const BOUND_MS = 3_000;
const TODAY = '2026-11-20';
const NOON = new Date(`${TODAY}T12:00:00Z`);
const at = (hhmm: string) => `${TODAY}T${hhmm}:00.000Z`;

interface Change {
  id: string;
  seq: unknown;
  deleted?: boolean;
  doc?: { _id: string; type?: string; _deleted?: boolean };
}
interface Changes {
  results: Change[];
  last_seq: unknown;
}

/** The number a sequence starts with: the embedded server's are numbers, Apache CouchDB's `N-…` strings. */
const seqNumber = (seq: unknown) => Number.parseInt(String(seq), 10);

// Decision 198: a gym's devices pull everything but check-in records, filtered by CouchDB itself.
describe('what devices pull through the sync gateway', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ longPollTimeoutMs: BOUND_MS });
    stack.clock.now = NOON;
  });
  afterAll(async () => {
    await stack.stop();
  });

  const changesUrl = (kind: string, id: string, query: string) =>
    `${stack.server.info.uri}/sync/${kind}/${id}/_changes?style=all_docs&include_docs=true&heartbeat=60000&${query}`;
  const owner = (kind: string) => (kind === 'member' ? 'user' : kind) as 'user' | 'gym' | 'coach';
  /** A `_changes` call as RxDB makes it, with how long it took to answer. */
  const pull = async (kind: string, id: string, query: string) => {
    const started = performance.now();
    const res = await fetch(changesUrl(kind, id, query), { headers: await bearerFor(stack, owner(kind), id) });
    expect(res.status).toBe(200);
    return { ...((await res.json()) as Changes), ms: performance.now() - started };
  };
  const gymDb = (gymId: string) => stack.couch.use(tenantDbName('gym', gymId));
  const isRecord = (change: Change) => change.doc?.type === 'check-in';
  const push = async (gymId: string, docs: unknown[]) => {
    const res = await bulkDocs(stack.server, stack, 'gym', gymId, docs);
    expect(res.statusCode).toBe(201);
  };
  /** Check-in records written straight into CouchDB (what a push stores, without its pass or outcome). */
  const storeRecords = (gymId: string, count: number, tag: string) =>
    gymDb(gymId).bulk({
      docs: Array.from({ length: count }, (_, i) => ({
        _id: `checkin:${tag}:${i}`,
        type: 'check-in',
        passId: tag,
        passKind: 'day-pass',
        gymId,
        checkedInAt: at('09:00'),
        method: 'tap',
        deviceId: 'tablet-9',
      })),
    } as never);

  it("a gym's normal feed carries passes, outcome documents and deletes, never a check-in record, which CouchDB keeps", async () => {
    const gymId = newId();
    const pass = await givenDayPass(stack, gymId, TODAY);
    const counted = deviceCheckIn(pass, at('09:00'));
    const duplicate = deviceCheckIn(pass, at('09:10'), 'tablet-2');
    const refused = deviceCheckIn({ ...pass, passId: newId() }, at('09:20'));
    await push(gymId, [counted, duplicate, refused]);
    // A bare tombstone (no `type`) and a delete written as a full document.
    const note = await gymDb(gymId).insert({ _id: 'note:gone', type: 'note' } as never);
    await gymDb(gymId).destroy('note:gone', note.rev);
    const other = await givenDayPass(stack, gymId, TODAY);
    const stored = await gymDb(gymId).get(other._id);
    await gymDb(gymId).insert({ ...stored, _deleted: true } as never);

    const { results } = await pull('gym', gymId, 'feed=normal&since=0&limit=500&seq_interval=500');
    expect(results.filter(isRecord)).toEqual([]);
    expect(results.map((r) => r.id).sort()).toEqual(
      [
        'pass-signing-keys',
        pass._id,
        checkInOutcomeId(duplicate._id),
        checkInOutcomeId(refused._id),
        'note:gone',
        other._id,
      ].sort(),
    );
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(byId.get(pass._id)?.doc).toMatchObject({ countedCheckIns: [{ checkInId: counted._id }] });
    expect(byId.get('note:gone')).toMatchObject({ deleted: true, doc: { _id: 'note:gone', _deleted: true } });
    expect(byId.get('note:gone')?.doc?.type).toBeUndefined();
    expect(byId.get(other._id)).toMatchObject({ deleted: true, doc: { type: 'day-pass', _deleted: true } });
    // Every record stays in CouchDB (audit).
    const records = await gymDb(gymId).list({ startkey: 'checkin:', endkey: 'checkin:\ufff0' });
    expect(records.rows.map((r) => r.id).sort()).toEqual([counted._id, duplicate._id, refused._id].sort());
  });

  it('pages with `limit` over many check-ins between other changes: full pages, each document once, the end as the last last_seq', async () => {
    const gymId = newId();
    expect((await pull('gym', gymId, 'since=0')).results.map((r) => r.id)).toEqual(['pass-signing-keys']);
    const notes: string[] = ['pass-signing-keys'];
    for (let i = 0; i < 5; i += 1) {
      await storeRecords(gymId, 7, `batch${i}`);
      const id = `note:${i}`;
      await gymDb(gymId).insert({ _id: id, type: 'note' } as never);
      notes.push(id);
    }
    await storeRecords(gymId, 7, 'last'); // the feed ends with records
    const seen: string[] = [];
    const pages: number[] = [];
    let since: unknown = 0;
    for (let page = 0; page < 20; page += 1) {
      const answer = await pull('gym', gymId, `feed=normal&since=${encodeURIComponent(String(since))}&limit=2`);
      expect(answer.results.filter(isRecord)).toEqual([]);
      seen.push(...answer.results.map((r) => r.id));
      pages.push(answer.results.length);
      since = answer.last_seq;
      if (answer.results.length < 2) break;
    }
    expect(seen.sort()).toEqual(notes.sort());
    // CouchDB counts matching rows against `limit`: every page but the last is full.
    expect(pages.slice(0, -1).every((n) => n === 2)).toBe(true);
    expect(pages.at(-1)).toBeLessThan(2);
    // The last page's last_seq is past the trailing records: nothing at all follows it.
    const after = await gymDb(gymId).changes({ since: String(since) });
    expect(after.results).toEqual([]);
  });

  it('a parked long-poll is answered with the pass a push counts on, not the record, and is not woken into answering empty', async () => {
    const gymId = newId();
    const pass = await givenDayPass(stack, gymId, TODAY);
    const longPoll = (since: unknown) =>
      pull('gym', gymId, `feed=longpoll&since=${encodeURIComponent(String(since))}&limit=20&seq_interval=20`);
    const { last_seq: start } = await pull('gym', gymId, 'since=0');

    const parked = longPoll(start);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const checkIn = deviceCheckIn(pass, at('10:00'), 'tablet-2');
    await push(gymId, [checkIn]);
    const answered = await parked;
    expect(answered.results.filter(isRecord)).toEqual([]);
    expect(answered.results.map((r) => r.id)).toEqual([pass._id]);
    expect(answered.results[0].doc).toMatchObject({ countedCheckIns: [{ checkInId: checkIn._id }] });
    expect(answered.ms).toBeLessThan(BOUND_MS - 1_000);

    // Only records change from here on: the poll stays parked to its bound and answers empty from
    // past them, so the device does not scan them again.
    const before = seqNumber((await gymDb(gymId).info()).update_seq);
    const quiet = longPoll(answered.last_seq);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await storeRecords(gymId, 5, 'offline');
    const empty = await quiet;
    expect(empty.results).toEqual([]);
    expect(empty.ms).toBeGreaterThanOrEqual(BOUND_MS - 300);
    expect(seqNumber(empty.last_seq)).toBeGreaterThan(before);

    // Polling again from there, the next document that is not a record answers it.
    const next = longPoll(empty.last_seq);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await storeRecords(gymId, 3, 'more');
    await gymDb(gymId).insert({ _id: 'note:after', type: 'note' } as never);
    const later = await next;
    expect(later.results.map((r) => r.id)).toEqual(['note:after']);
    expect(later.ms).toBeLessThan(BOUND_MS - 1_000);
  });

  it("a member's and a coach's feeds are not filtered: they carry every document of their database", async () => {
    for (const kind of ['member', 'coach'] as const) {
      const id = newId();
      expect((await pull(kind, id, 'since=0')).results).toEqual([]); // creates the database
      const db = stack.couch.use(tenantDbName(kind, id));
      // Their databases hold no check-in records; one put there shows nothing is left out.
      await db.bulk({
        docs: [
          { _id: 'note:1', type: 'note' },
          { _id: 'checkin:x:1', type: 'check-in' },
        ],
      } as never);
      const normal = await pull(kind, id, 'feed=normal&since=0&limit=500');
      expect(normal.results.map((r) => r.id).sort(), kind).toEqual(['checkin:x:1', 'note:1']);
      const parked = pull(kind, id, `feed=longpoll&since=${encodeURIComponent(String(normal.last_seq))}&limit=20`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db.insert({ _id: 'checkin:x:2', type: 'check-in' } as never);
      expect(
        (await parked).results.map((r) => r.id),
        kind,
      ).toEqual(['checkin:x:2']);
    }
  });
});
