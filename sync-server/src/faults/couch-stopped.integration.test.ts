import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { UNAVAILABLE_MESSAGE } from '../couch/couch-unavailable.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { storedDecision } from '../test-support/check-in-decisions.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import {
  checkoutSessionIdOf,
  dayPasses,
  deliverEvent,
  givenPayingMember,
  givenSellingGym,
  payWithoutDelivery,
} from '../test-support/payment-fixtures.ts';
import { bearerFor, bulkDocs, deviceCheckIn, givenDayPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { createFaultTally } from './fault-matrix.ts';
import { isCouchWrite, startStoppableCouch, type StopPoint, type StoppableCouch } from './stoppable-couch.ts';

const TODAY = '2026-11-20';
const NOON = new Date(`${TODAY}T12:00:00Z`);
/** The bound (design/faults.md): a stopped CouchDB refuses connections, so the 503 comes at once; 2 s allows a busy CI box. */
const ANSWER_BOUND_MS = 2_000;

const tally = createFaultTally();
afterAll(() => console.log(tally.summary()));

describe('fault matrix: CouchDB stopped during a write', () => {
  let stack: TestStack;
  let couch: StoppableCouch;
  let server: Server;
  const gymId = newId();
  const gymDb = () => stack.couch.use<DayPassDoc | CheckInDoc | CheckInOutcomeDoc>(tenantDbName('gym', gymId));

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOON;
    couch = await startStoppableCouch(stack.couchServer);
    server = await stack.startInstance({ couchUrl: couch.url }, 'everything');
    // The gym's database exists (a first push would otherwise add its creation to the writes).
    await givenDayPass(stack, gymId, TODAY);
  });
  afterAll(async () => {
    await stack.stop();
    await couch.close();
  });

  /** A front desk's push of one check-in, with the time it took to answer. */
  const push = async (checkIn: ReturnType<typeof deviceCheckIn>) => {
    const started = performance.now();
    const res = await bulkDocs(server, stack, 'gym', gymId, [checkIn]);
    return { res, ms: performance.now() - started };
  };

  /** CouchDB calls of one clean push (the stop points to try): token checks, the read of passes and outcomes, two writes. */
  async function callsOfOnePush(): Promise<number> {
    const pass = await givenDayPass(stack, gymId, TODAY);
    couch.stopOn(() => false, 1, 'before');
    // The first push of an instance also prepares the tenant (once per instance): not a stop point of later pushes.
    expect((await push(deviceCheckIn(pass, `${TODAY}T09:00:00.000Z`))).res.statusCode).toBe(201);
    const before = couch.seen().length;
    expect((await push(deviceCheckIn(pass, `${TODAY}T10:30:00.000Z`))).res.statusCode).toBe(201);
    return couch.seen().length - before;
  }

  it('answers a check-in push 503 at once at every CouchDB call it makes, recovers by itself, and the retry counts it exactly once', async () => {
    const calls = await callsOfOnePush();
    expect(calls).toBeGreaterThanOrEqual(4);
    for (let nth = 1; nth <= calls; nth += 1) {
      for (const point of ['before', 'after'] as StopPoint[]) {
        const pass = await givenDayPass(stack, gymId, TODAY);
        const checkIn = deviceCheckIn(pass, `${TODAY}T10:00:00.000Z`);
        couch.stopOn(() => true, nth, point);
        const { res, ms } = await push(checkIn);
        expect(res.statusCode, `write ${nth} ${point}: ${res.payload}`).toBe(503);
        expect(JSON.parse(res.payload).message).toBe(UNAVAILABLE_MESSAGE);
        expect(res.headers['retry-after']).toBe('5');
        expect(ms).toBeLessThan(ANSWER_BOUND_MS);
        // While it is down, a retry is answered the same way, and as quickly.
        const again = await push(checkIn);
        expect(again.res.statusCode).toBe(503);
        expect(again.ms).toBeLessThan(ANSWER_BOUND_MS);

        await couch.start();
        // Recovered by itself: the device's next retry is decided, nothing restarted on the server.
        expect((await push(checkIn)).res.statusCode).toBe(201);
        const [record, outcomeDoc] = (
          await gymDb().fetch({ keys: [checkIn._id, checkInOutcomeId(checkIn._id)] })
        ).rows.map((r) => ('doc' in r && r.doc ? r.doc : null));
        const decision = await storedDecision(gymDb(), checkIn);
        const stored = (await gymDb().get(pass._id)) as DayPassDoc;
        // Counted once, on the pass only: a counted record has no outcome document (decision 197).
        expect(record, 'the record is stored').toMatchObject({ _id: checkIn._id, checkedInAt: checkIn.checkedInAt });
        expect(outcomeDoc, 'no outcome document for a counted record').toBeNull();
        expect(decision).toEqual({ outcome: 'counted' });
        expect(stored.checkIns.all_check_ins).toEqual([checkIn.checkedInAt]);
        expect(stored.countedCheckIns?.map((c) => c.checkInId)).toEqual([checkIn._id]);
        const lost =
          record !== null && decision?.outcome === 'counted' && stored.checkIns.all_check_ins.length === 1 ? 0 : 1;
        tally.record('CouchDB stopped during a write (check-in push)', lost);
      }
    }
  });
});

describe('fault matrix: CouchDB stopped during a long-poll', () => {
  let stack: TestStack;
  let couch: StoppableCouch;
  let server: Server;
  const gymId = newId();

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOON;
    couch = await startStoppableCouch(stack.couchServer);
    server = await stack.startInstance({ couchUrl: couch.url, longPollTimeoutMs: 10_000 }, 'everything');
    await givenDayPass(stack, gymId, TODAY);
  });
  afterAll(async () => {
    await stack.stop();
    await couch.close();
  });

  /** A live feed as RxDB holds it, through the gateway; resolves with its answer and how long it stayed open. */
  async function longPoll(since: string) {
    const headers = await bearerFor(stack, 'gym', gymId);
    const started = performance.now();
    const res = await server.inject({
      url: `/sync/gym/${gymId}/_changes?style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=60000&limit=20`,
      headers,
    });
    return { res, ms: performance.now() - started };
  }
  const updateSeq = async () => String((await stack.couch.use(tenantDbName('gym', gymId)).info()).update_seq);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('ends an open long-poll with 503 when CouchDB stops, refuses new ones at once, and delivers every change once it is back', async () => {
    for (let run = 0; run < 3; run += 1) {
      couch.stopOn(() => false, 1, 'before');
      const since = await updateSeq();
      const open = longPoll(since);
      await pause(300); // held open at CouchDB, waiting for a change
      const stoppedAt = performance.now();
      await couch.stop();
      const { res } = await open;
      expect(res.statusCode, res.payload).toBe(503);
      expect(JSON.parse(res.payload).message).toBe(UNAVAILABLE_MESSAGE);
      expect(performance.now() - stoppedAt).toBeLessThan(ANSWER_BOUND_MS);

      // Written while the feed is down (by the server's other work): the device must still get it.
      const pass = await givenDayPass(stack, gymId, TODAY);
      const retried = await longPoll(since);
      expect(retried.res.statusCode).toBe(503);
      expect(retried.ms).toBeLessThan(ANSWER_BOUND_MS);

      await couch.start();
      const back = await longPoll(since);
      expect(back.res.statusCode).toBe(200);
      const ids = (JSON.parse(back.res.payload) as { results: { id: string }[] }).results.map((r) => r.id);
      expect(ids).toContain(pass._id);
      tally.record('CouchDB stopped during a long-poll', ids.includes(pass._id) ? 0 : 1);
    }
  });
});

describe('fault matrix: CouchDB stopped during a webhook', () => {
  let stack: TestStack;
  let couch: StoppableCouch;
  let server: Server;
  let gymId: string;
  let member: Awaited<ReturnType<typeof givenPayingMember>>;

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOON;
    couch = await startStoppableCouch(stack.couchServer);
    server = await stack.startInstance({ couchUrl: couch.url }, 'everything');
    gymId = await givenSellingGym(stack);
    member = await givenPayingMember(stack);
  });
  afterAll(async () => {
    await stack.stop();
    await couch.close();
  });

  /** A paid checkout whose webhook Stripe has not delivered yet: its session id and the event. */
  async function paidCheckout() {
    const res = await stack.server.inject({
      method: 'POST',
      url: '/api/booking/createCheckoutSessionAdultDayPass',
      headers: member.headers,
      payload: { user_id: member.memberId, gym_id: gymId, passDayDate: '2026-11-21' },
    });
    const { url } = JSON.parse(res.payload) as { url: string };
    return { sessionId: checkoutSessionIdOf(url), payload: await payWithoutDelivery(stack, url) };
  }
  const copies = async (sessionId: string) => {
    const passId = await checkoutPassId(sessionId);
    const count = async (kind: 'gym' | 'member', id: string) =>
      (await dayPasses(stack, kind, id)).filter((p) => p.passId === passId).length;
    return { gym: await count('gym', gymId), member: await count('member', member.memberId) };
  };

  it("answers Stripe 503 at once at every write of a payment's webhook, and its redelivery issues exactly one pass", async () => {
    // The member's database exists after a first payment: the writes of the second are the stop points.
    expect((await deliverEvent(stack, (await paidCheckout()).payload, server)).statusCode).toBe(200);
    const clean = await paidCheckout();
    // The mail outbox writes too (claiming and settling a receipt, 100 ms after it is queued): let it
    // finish, so the writes counted and stopped at are the webhook's own.
    await stack.outbox();
    const before = couch.seen().length;
    expect((await deliverEvent(stack, clean.payload, server)).statusCode).toBe(200);
    const writes = couch.seen().slice(before).filter(isCouchWrite).length;
    expect(writes).toBeGreaterThanOrEqual(3);

    for (let nth = 1; nth <= writes; nth += 1) {
      for (const point of ['before', 'after'] as StopPoint[]) {
        const { sessionId, payload } = await paidCheckout();
        await stack.outbox();
        couch.stopOn(isCouchWrite, nth, point);
        const started = performance.now();
        const res = await deliverEvent(stack, payload, server);
        // Not 2xx: Stripe keeps the event and delivers it again later.
        expect(res.statusCode, `write ${nth} ${point}: ${res.payload}`).toBe(503);
        expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
        await couch.start();
        expect((await deliverEvent(stack, payload, server)).statusCode).toBe(200);
        const found = await copies(sessionId);
        expect(found, `write ${nth} ${point}`).toEqual({ gym: 1, member: 1 });
        tally.record('CouchDB stopped during a webhook', Math.abs(found.gym - 1) + Math.abs(found.member - 1));
      }
    }
  });
});
