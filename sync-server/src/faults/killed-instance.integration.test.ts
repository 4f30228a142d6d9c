import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { checkInOutcomeId, paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { storedDecision } from '../test-support/check-in-decisions.ts';
import {
  checkoutSessionIdOf,
  dayPasses,
  givenPayingMember,
  givenSellingGym,
  submitHostedForm,
} from '../test-support/payment-fixtures.ts';
import { bearerFor, deviceCheckIn, givenDayPass } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { createFaultTally } from './fault-matrix.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { startKillableInstance } from './killable-instance.ts';
import { isWebhookWrite, type StopPoint } from './stoppable-couch.ts';

const TODAY = '2026-11-20';
const NOON = new Date(`${TODAY}T12:00:00Z`);
const POINTS: StopPoint[] = ['before', 'after'];

const tally = createFaultTally();
afterAll(() => console.log(tally.summary()));

/**
 * Two Hapi instances behind a load balancer (a fault proxy): B serves until it is killed at one of
 * its CouchDB calls; the balancer then sends the retry (Stripe's redelivery, a device's retry) to A.
 */
describe('fault matrix: a server instance killed mid-request', () => {
  let stack: TestStack;
  let a: Server;
  let balancer: FaultProxy;
  let gymId: string;

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOON;
    a = stack.server;
    gymId = await givenSellingGym(stack);
    balancer = await startFaultProxy(a.info.uri);
    stack.provider.setWebhookUrl(`${balancer.origin}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await stack.stop();
    await balancer.close();
  });

  let payer: Awaited<ReturnType<typeof givenPayingMember>> | null = null;
  /** A member's checkout of a day pass on A (the charge happens when the hosted page is paid). */
  async function checkout(date: string) {
    payer ??= await givenPayingMember(stack);
    const member = payer;
    const res = await a.inject({
      method: 'POST',
      url: '/api/booking/createCheckoutSessionAdultDayPass',
      headers: member.headers,
      payload: { user_id: member.memberId, gym_id: gymId, passDayDate: date },
    });
    expect(res.statusCode, res.payload).toBe(200);
    return { member, url: (JSON.parse(res.payload) as { url: string }).url };
  }

  /** Every copy and record the paid checkout must leave, once each. */
  async function copiesOf(sessionId: string, memberId: string) {
    const passId = await checkoutPassId(sessionId);
    const gymCopies = (await dayPasses(stack, 'gym', gymId)).filter((p) => p.passId === passId);
    const memberCopies = (await dayPasses(stack, 'member', memberId)).filter((p) => p.passId === passId);
    const claims = await stack.couch.use(DB.accounts).find({ selector: { type: 'entry-code-claim', passId } });
    const payment = await stack.couch
      .use(DB.payments)
      .get(paymentDocId(passId))
      .catch(() => null);
    return { gym: gymCopies.length, member: memberCopies.length, claims: claims.docs.length, payment: payment ? 1 : 0 };
  }

  it("creates exactly one pass when the instance handling Stripe's webhook dies at any write after the charge, from the redelivery", async () => {
    // A clean delivery through B: the writes its handling makes are the kill points.
    const b = await startKillableInstance(stack);
    balancer.retarget(b.origin);
    // The member's database exists from the second payment on: the writes of that one are the points.
    await submitHostedForm((await checkout('2026-11-21')).url, 'pay');
    const first = await checkout('2026-11-21');
    const before = b.calls().length;
    await submitHostedForm(first.url, 'pay');
    const writes = b.calls().slice(before).filter(isWebhookWrite).length;
    // Killed below before each run, as a process manager restarts a dead process.
    await b.close();
    expect(await copiesOf(checkoutSessionIdOf(first.url), first.member.memberId)).toEqual({
      gym: 1,
      member: 1,
      claims: 1,
      payment: 1,
    });
    expect(writes).toBeGreaterThanOrEqual(3);

    for (let nth = 1; nth <= writes; nth += 1) {
      for (const point of POINTS) {
        await b.revive();
        balancer.retarget(b.origin);
        const { member, url } = await checkout('2026-11-22');
        b.killOn(isWebhookWrite, nth, point, () => balancer.retarget(a.info.uri));
        // Paying charges the card; the provider delivers to B, which dies, then redelivers (to A).
        await submitHostedForm(url, 'pay');
        await b.killed();
        const sessionId = checkoutSessionIdOf(url);
        const delivery = stack.provider
          .deliveries()
          .find(
            (d) =>
              d.event.type === 'checkout.session.completed' && (d.event.data.object as { id: string }).id === sessionId,
          )!;
        expect(delivery.status).toBe('delivered');
        expect(delivery.attempts.length, `write ${nth} ${point}`).toBeGreaterThanOrEqual(2);
        expect(delivery.attempts[0].statusCode).toBeUndefined(); // B never answered
        const copies = await copiesOf(sessionId, member.memberId);
        expect(copies, `write ${nth} ${point}`).toEqual({ gym: 1, member: 1, claims: 1, payment: 1 });
        const lost = Math.abs(copies.gym - 1) + Math.abs(copies.member - 1);
        tally.record('Hapi killed between the charge and the pass write (webhook redelivered)', lost);
      }
    }
  });

  it("completes a front desk's check-in push on the other instance when one dies at any CouchDB call of it; the retry counts it once", async () => {
    const deskGym = newId();
    const headers = { ...(await bearerFor(stack, 'gym', deskGym)), 'content-type': 'application/json' };
    const gymDb = stack.couch.use<DayPassDoc | CheckInDoc | CheckInOutcomeDoc>(tenantDbName('gym', deskGym));
    /** As the front desk's sender: post, and on a network error post the same batch again after a pause. */
    async function pushWithRetry(docs: unknown[]) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const res = await fetch(`${balancer.origin}/sync/gym/${deskGym}/_bulk_docs`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ docs }),
          });
          return { status: res.status, attempts: attempt, body: await res.text() };
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }

    const b = await startKillableInstance(stack);
    balancer.retarget(b.origin);
    await givenDayPass(stack, deskGym, TODAY);
    const warmUp = await givenDayPass(stack, deskGym, TODAY);
    expect((await pushWithRetry([deviceCheckIn(warmUp, `${TODAY}T09:00:00.000Z`)])).status).toBe(201);
    const before = b.calls().length;
    expect((await pushWithRetry([deviceCheckIn(warmUp, `${TODAY}T10:30:00.000Z`)])).status).toBe(201);
    const calls = b.calls().length - before;
    await b.close();

    for (let nth = 1; nth <= calls; nth += 1) {
      for (const point of POINTS) {
        await b.revive();
        balancer.retarget(b.origin);
        const pass = await givenDayPass(stack, deskGym, TODAY);
        const checkIn = deviceCheckIn(pass, `${TODAY}T11:00:00.000Z`);
        b.killOn(
          () => true,
          nth,
          point,
          () => balancer.retarget(a.info.uri),
        );
        const pushed = await pushWithRetry([checkIn]);
        await b.killed();
        expect(pushed.status, pushed.body).toBe(201);
        expect(pushed.attempts).toBeGreaterThanOrEqual(2);
        const [record, outcomeDoc] = (
          await gymDb.fetch({ keys: [checkIn._id, checkInOutcomeId(checkIn._id)] })
        ).rows.map((r) => ('doc' in r && r.doc ? r.doc : null));
        const decision = await storedDecision(gymDb, checkIn);
        const stored = (await gymDb.get(pass._id)) as DayPassDoc;
        // Counted once, on the pass only: a counted record has no outcome document (decision 197).
        expect(record, `write ${nth} ${point}: the record is stored`).toMatchObject({ _id: checkIn._id });
        expect(outcomeDoc, `write ${nth} ${point}: no outcome document for a counted record`).toBeNull();
        expect(decision, `write ${nth} ${point}`).toEqual({ outcome: 'counted' });
        expect(stored.countedCheckIns?.map((c) => c.checkInId)).toEqual([checkIn._id]);
        expect(stored.checkIns.all_check_ins).toEqual([checkIn.checkedInAt]);
        tally.record(
          'two instances, one killed mid-request (check-in push retried)',
          record !== null && decision?.outcome === 'counted' && stored.checkIns.all_check_ins.length === 1 ? 0 : 1,
        );
      }
    }
  });
});
