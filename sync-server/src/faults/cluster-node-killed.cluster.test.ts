import 'fake-indexeddb/auto';
import type { Server } from '@hapi/hapi';
import { addDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc, EntryCodeClaimDoc } from '@mastr/rules/documents.ts';
import { recordCheckIn, frontDeskLists, frontDeskWindow } from '../../../pwa/src/front-desk/index.ts';
import type { TenantStore } from '../../../pwa/src/data/tenant-store.ts';
import {
  eventually,
  latestStatus,
  localDecisions,
  localDocs,
  startSyncKit,
  type SyncKit,
} from '../../../pwa/src/data/test-support/sync-test-kit.ts';
import { firstValueFrom } from 'rxjs';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import {
  checkoutSessionIdOf,
  dayPasses,
  deliverEvent,
  givenPayingMember,
  givenSellingGym,
  payWithoutDelivery,
} from '../test-support/payment-fixtures.ts';
import { bearerFor, bulkDocs, deviceCheckIn, givenDayPass } from '../test-support/sync-fixtures.ts';
import type { ClusterNode } from '../test-support/test-couch.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { createFaultTally } from './fault-matrix.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { isWebhookWrite } from './stoppable-couch.ts';

/**
 * The fault matrix on a three-node Apache CouchDB cluster (q=2, n=3) behind HAProxy
 * (design/faults.md): a node is killed (SIGKILL) in the middle of the work, then started again with
 * its data. "Lost" is the matrix's: something acknowledged (or retried until acknowledged) not in
 * CouchDB exactly once when the fault has passed and the caller's own retry has run.
 */
const tally = createFaultTally();
/** Each run restarts a node (~3 s idle, far longer on a loaded 2-core box): generous bounds per cell. */
const CELL_TIMEOUT_MS = 900_000;
/** A day the gym sells passes for, whatever day the run is on. */
const tomorrow = () => ukDateKey(addDays(new Date(), 1));
afterAll(() => console.log(tally.summary()));

/** A node of the cluster killed now and started again when `restart` is called. */
const killed = async (node: ClusterNode) => {
  await node.kill();
  return () => node.restart();
};

describe('fault matrix on a cluster: a CouchDB node killed during a front desk’s sync', () => {
  let kit: SyncKit;
  beforeAll(async () => {
    kit = await startSyncKit();
  });
  afterAll(() => kit?.stop());

  const frontDeskDocsOn = (store: TenantStore) => firstValueFrom(store.frontDesk.watch(frontDeskWindow(new Date())));
  async function checkInOn(store: TenantStore, passId: string) {
    const { passes, checkIns, outcomes } = await frontDeskDocsOn(store);
    const view = frontDeskLists(passes, checkIns, outcomes, new Date()).today.find((v) => v.passId === passId);
    if (!view) throw new Error(`Pass ${passId} is not on today's list of this device`);
    return recordCheckIn(store, view, 'tap');
  }

  it(
    'counts every check-in pushed while a node dies exactly once, and a re-check-in within 60 minutes not at all',
    { timeout: CELL_TIMEOUT_MS },
    async () => {
      const nodes = kit.stack.couchServer.nodes;
      expect(nodes).toHaveLength(3);
      for (let run = 0; run < nodes.length; run += 1) {
        const passes: DayPassDoc[] = [];
        for (let n = 0; n < 6; n += 1) passes.push(await kit.sellDayPass());
        const { store, cable } = await kit.openDevice();
        await eventually(
          () => localDocs<DayPassDoc>(store, 'day-pass'),
          (docs) => passes.every((p) => docs.some((d) => d._id === p._id)),
          60_000,
        );
        await cable.cut();
        for (const pass of passes) expect(await checkInOn(store, pass.passId)).toMatchObject({ tone: 'success' });
        const ids = new Set(passes.map((p) => p.passId));
        const mine = <T extends { passId: string }>(docs: T[]) => docs.filter((d) => ids.has(d.passId));
        // The records the device made (still in its journal: offline, nothing has come back yet).
        const made = mine((await frontDeskDocsOn(store)).checkIns);
        expect(made).toHaveLength(passes.length);
        await cable.restore();
        // The push starts as the cable comes back; the node dies under it.
        const restart = await killed(nodes[run]);
        // Every record the device made is stored and decided by the server (a counted one on its pass).
        const decisions = await eventually(
          async () => {
            const [stored, decided] = await Promise.all([
              kit.serverDocs<CheckInDoc>('checkin:'),
              kit.serverDecisions(),
            ]);
            const storedIds = new Set(stored.map((c) => c._id));
            return made.flatMap((c) => {
              const decision = decided.get(c._id);
              return storedIds.has(c._id) && decision ? [decision] : [];
            });
          },
          (found) => found.length === made.length,
          60_000,
        );
        await restart();

        // Within 60 minutes of a counted check-in, the same pass again (another tablet) counts nothing,
        // with another node down meanwhile.
        const restartOther = await killed(nodes[(run + 1) % nodes.length]);
        const checkIns = mine(await kit.serverDocs<CheckInDoc>('checkin:'));
        const again = passes.slice(0, 2).map((pass) => {
          const first = checkIns.find((c) => c.passId === pass.passId)!;
          return deviceCheckIn(pass, new Date(Date.parse(first.checkedInAt) + 60_000).toISOString(), 'tablet-2');
        });
        const res = await bulkDocs(kit.stack.server, kit.stack, 'gym', kit.gymId, again);
        expect(res.statusCode, res.payload).toBe(201);
        await restartOther();

        const stored = await Promise.all(passes.map((p) => kit.serverDoc<DayPassDoc>(p._id)));
        // `_all_docs` reads one copy of each shard: right after a node comes back, its copy may not
        // hold yet what was written while it was down (design/sync.md "On a CouchDB cluster").
        const serverDecided = await eventually(
          () => kit.serverDecisions(),
          (found) => again.every((c) => found.has(c._id)),
          30_000,
        );
        const repeats = again.map((c) => serverDecided.get(c._id));
        expect(repeats.map((o) => o?.outcome)).toEqual(['duplicate', 'duplicate']);
        // A duplicate keeps its decision as an outcome document of its own.
        const repeatDocs = await Promise.all(
          again.map((c) => kit.serverDoc<CheckInOutcomeDoc>(`checkin-outcome:${c._id}`)),
        );
        expect(repeatDocs.map((o) => o.outcome)).toEqual(['duplicate', 'duplicate']);
        const counted = stored.map((p) => p.countedCheckIns?.length ?? 0);
        expect(counted).toEqual(passes.map(() => 1));
        expect(decisions.every((o) => o.outcome === 'counted')).toBe(true);
        // Each counted record is the one on its pass, and has no outcome document (decision 197).
        expect(stored.map((p) => p.countedCheckIns?.map((c) => c.checkInId))).toEqual(
          passes.map((p) => made.filter((c) => c.passId === p.passId).map((c) => c._id)),
        );
        const madeIds = new Set(made.map((c) => c._id));
        expect(
          mine(await kit.serverDocs<CheckInOutcomeDoc>('checkin-outcome:')).filter((o) => madeIds.has(o.checkInId)),
        ).toEqual([]);
        // The device gets every decision (the counted ones on its copy of the passes, the duplicates as
        // outcome documents), the same as the server's, and has nothing left to send.
        const everyId = [...made, ...again].map((c) => c._id);
        const local = await eventually(
          () => localDecisions(store),
          (decided) => everyId.every((id) => decided.has(id)),
          60_000,
        );
        expect(everyId.map((id) => local.get(id))).toEqual(everyId.map((id) => serverDecided.get(id)));
        await eventually(
          () => latestStatus(store),
          (s) => s.pending === 0,
          60_000,
        );
        const lost =
          counted.filter((c) => c !== 1).length +
          decisions.filter((o) => o.outcome !== 'counted').length +
          repeats.filter((o) => o?.outcome !== 'duplicate').length;
        tally.record('CouchDB node killed during a front desk’s sync (6 check-ins, 2 re-check-ins)', lost);
      }
    },
  );
});

describe('fault matrix on a cluster: a CouchDB node killed during a webhook’s writes', () => {
  let stack: TestStack;
  let proxy: FaultProxy;
  let server: Server;
  let gymId: string;
  let member: Awaited<ReturnType<typeof givenPayingMember>>;

  beforeAll(async () => {
    stack = await startTestStack();
    // In front of the balancer: it sees the instance's CouchDB calls and kills a node at the chosen one.
    proxy = await startFaultProxy(stack.couchServer.origin);
    const url = new URL(proxy.origin);
    const credentials = new URL(stack.couchServer.url);
    url.username = credentials.username;
    url.password = credentials.password;
    server = await stack.startInstance({ couchUrl: url.href.replace(/\/$/, '') }, 'everything');
    gymId = await givenSellingGym(stack);
    member = await givenPayingMember(stack);
  });
  afterAll(async () => {
    await stack?.stop();
    await proxy?.close();
  });

  async function paidCheckout() {
    const res = await stack.server.inject({
      method: 'POST',
      url: '/api/booking/createCheckoutSessionAdultDayPass',
      headers: member.headers,
      payload: { user_id: member.memberId, gym_id: gymId, passDayDate: tomorrow() },
    });
    expect(res.statusCode, res.payload).toBe(200);
    const { url } = JSON.parse(res.payload) as { url: string };
    return { sessionId: checkoutSessionIdOf(url), payload: await payWithoutDelivery(stack, url) };
  }
  const claimsOf = async (passId: string) =>
    (
      await stack.couch
        .use<EntryCodeClaimDoc>(DB.accounts)
        .find({ selector: { type: 'entry-code-claim', passId }, use_index: 'by-type-pass', limit: 10 })
    ).docs.length;

  it(
    'issues exactly one pass per payment when a node dies at any of its writes, once Stripe delivers again',
    { timeout: CELL_TIMEOUT_MS },
    async () => {
      const nodes = stack.couchServer.nodes;
      // The member's database exists after a first payment: the writes of the second are the kill points.
      expect((await deliverEvent(stack, (await paidCheckout()).payload, server)).statusCode).toBe(200);
      let writes = 0;
      proxy.decide((request) => {
        if (isWebhookWrite(request)) writes += 1;
        return 'pass';
      });
      expect((await deliverEvent(stack, (await paidCheckout()).payload, server)).statusCode).toBe(200);
      expect(writes).toBeGreaterThanOrEqual(3);
      const points = writes;

      for (let nth = 1; nth <= points; nth += 1) {
        const node = nodes[nth % nodes.length];
        const { sessionId, payload } = await paidCheckout();
        let seen = 0;
        let dying: Promise<void> | null = null;
        proxy.decide((request) => {
          // SIGKILL goes out as the nth write leaves for the balancer: it may reach the dying node.
          if (isWebhookWrite(request) && (seen += 1) === nth) dying = node.kill();
          return 'pass';
        });
        const first = await deliverEvent(stack, payload, server);
        proxy.decide(() => 'pass');
        await dying;
        // Whatever the first answer, Stripe delivers again until one is 2xx; with the node still down first.
        const redelivered = await deliverEvent(stack, payload, server);
        await node.restart();
        expect(redelivered.statusCode, `write ${nth} (first answered ${first.statusCode})`).toBe(200);
        expect((await deliverEvent(stack, payload, server)).statusCode).toBe(200);
        const passId = await checkoutPassId(sessionId);
        const count = async (kind: 'gym' | 'member', id: string) =>
          (await dayPasses(stack, kind, id)).filter((p) => p.passId === passId).length;
        const found = await eventually(
          async () => ({
            gym: await count('gym', gymId),
            member: await count('member', member.memberId),
            claims: await claimsOf(passId),
          }),
          (f) => f.gym >= 1 && f.member >= 1 && f.claims >= 1,
          30_000,
        );
        expect(found, `write ${nth}`).toEqual({ gym: 1, member: 1, claims: 1 });
        tally.record(
          'CouchDB node killed during a webhook’s writes (checkout.session.completed)',
          Math.abs(found.gym - 1) + Math.abs(found.member - 1) + Math.abs(found.claims - 1),
        );
      }
    },
  );
});

describe('fault matrix on a cluster: a CouchDB node killed during a live-feed long-poll', () => {
  let stack: TestStack;
  let server: Server;
  const gymId = newId();

  beforeAll(async () => {
    stack = await startTestStack();
    server = await stack.startInstance({ longPollTimeoutMs: 10_000 });
    await givenDayPass(stack, gymId, tomorrow());
  });
  afterAll(() => stack?.stop());

  /** A live feed as the device holds it, through the gateway. */
  async function longPoll(since: string) {
    return server.inject({
      url: `/sync/gym/${gymId}/_changes?style=all_docs&feed=longpoll&since=${encodeURIComponent(since)}&include_docs=true&heartbeat=60000&limit=20`,
      headers: await bearerFor(stack, 'gym', gymId),
    });
  }
  const updateSeq = async () => String((await stack.couch.use(tenantDbName('gym', gymId)).info()).update_seq);

  it(
    'delivers a change written while a node dies under an open long-poll, by the feed itself or the device’s next poll',
    { timeout: CELL_TIMEOUT_MS },
    async () => {
      const nodes = stack.couchServer.nodes;
      for (let run = 0; run < nodes.length; run += 1) {
        let since = await updateSeq();
        const open = longPoll(since);
        await new Promise((resolve) => setTimeout(resolve, 300)); // parked, waiting for a change
        const restart = await killed(nodes[run % nodes.length]);
        const pass = await givenDayPass(stack, gymId, tomorrow());
        // The device polls on from each answer's last_seq (or again from the same point after a failure).
        let pending: ReturnType<typeof longPoll> | null = open;
        const answers: number[] = [];
        let delivered = false;
        const deadline = Date.now() + 60_000;
        while (!delivered && Date.now() < deadline) {
          const res = await (pending ?? longPoll(since));
          pending = null;
          answers.push(res.statusCode);
          if (res.statusCode !== 200) continue;
          const body = JSON.parse(res.payload) as { results: { id: string }[]; last_seq: string };
          delivered = body.results.some((r) => r.id === pass._id);
          since = body.last_seq;
        }
        await restart();
        expect(delivered, `answers ${answers.join(',')}`).toBe(true);
        tally.record('CouchDB node killed during a long-poll', delivered ? 0 : 1);
      }
    },
  );
});
