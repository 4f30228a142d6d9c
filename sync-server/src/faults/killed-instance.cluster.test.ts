import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { checkInOutcomeId, paymentDocId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { REPO_ROOT } from '../cli/repo-root.ts';
import { startClusterStack, type ClusterStack } from '../cluster/cluster-stack.ts';
import { freePort } from '../cluster/couch-cluster.ts';
import { loadConfig } from '../config.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import { DEMO_GYM, DEMO_MEMBERS, DEMO_PASSWORD } from '../seed/demo-data.ts';
import { createDayPass } from '../services/passes/index.ts';
import { mintAccessToken } from '../test-support/access-fixtures.ts';
import { storedDecision } from '../test-support/check-in-decisions.ts';
import { checkoutSessionIdOf, submitHostedForm } from '../test-support/payment-fixtures.ts';
import { deviceCheckIn } from '../test-support/sync-fixtures.ts';
import { createFaultTally } from './fault-matrix.ts';
import { locateCouchRelease } from '../test-support/couchdb-release.ts';
import { startFaultProxy, type FaultProxy, type SeenRequest } from './fault-proxy.ts';
import { isWebhookWrite, type StopPoint } from './stoppable-couch.ts';

const POINTS: StopPoint[] = ['before', 'after'];
const tally = createFaultTally();
afterAll(() => console.log(tally.summary()));

/** Calls an instance makes by itself (its health probe, its one `_db_updates` feed): never a kill point. */
const isBackground = (request: SeenRequest) =>
  request.url.startsWith('/_all_dbs') || request.url.startsWith('/_db_updates');

/**
 * The stack `npm run start:cluster` runs — three Apache CouchDB nodes, two Hapi instances each in a
 * process of its own, Debian's HAProxy in front of both, one payment provider whose webhooks go to the
 * balancer — with a proxy between each instance and the CouchDB frontend. The proxy puts the kill at
 * the instance's n-th CouchDB call, before CouchDB receives it or after CouchDB applied it, and the
 * kill is a real SIGKILL of the instance's process: its connections die with it, the balancer answers
 * the caller 502, and the caller's own retry (the front desk's sender, the provider's redelivery) goes
 * through HAProxy to the other instance. Each run, the killed instance is started again as a process
 * manager would.
 */
describe('fault matrix on the cluster stack: a Hapi instance killed behind the balancer', () => {
  let stack: ClusterStack;
  /** Kept so that a start still running when the hook gives up is stopped once it is done. */
  let starting: Promise<ClusterStack> | undefined;
  let dataDir: string;
  const proxies: FaultProxy[] = [];
  /** The kill armed: at the n-th call matching, whichever instance makes it. */
  let armed: { matches: (r: SeenRequest) => boolean; nth: number; point: StopPoint; seen: number } | null = null;
  let killedIndex: number | null = null;

  const kill = (index: number) => {
    killedIndex = index;
    process.kill(stack.instances[index].pid()!, 'SIGKILL');
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-cluster-stack-'));
    // No background jobs: their CouchDB calls would land among the counted kill points.
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SWEEP_INTERVAL_MS: '0',
      REMINDER_INTERVAL_MS: '0',
    };
    // The cluster project's set-up named the release (cluster-global-setup.ts).
    const { release, scripts } = await locateCouchRelease();
    for (let i = 0; i < 2; i += 1) {
      const index = i;
      const proxy = await startFaultProxy('http://127.0.0.1:1', (action) => {
        if (action === 'drop-answer') kill(index);
      });
      proxy.decide((request) => {
        if (!armed || isBackground(request) || !armed.matches(request)) return 'pass';
        armed.seen += 1;
        if (armed.seen !== armed.nth) return 'pass';
        const { point } = armed;
        armed = null;
        if (point === 'before') kill(index);
        return point === 'before' ? 'drop-request' : 'drop-answer';
      });
      proxies.push(proxy);
    }
    const config = loadConfig(
      { ...env, DATA_DIR: dataDir, PORT: String(await freePort()), STRIPE_TEST_PROVIDER_PORT: '0' },
      REPO_ROOT,
    );
    starting = startClusterStack({
      config,
      env,
      release,
      scripts,
      couchDir: path.join(dataDir, 'couchdb-cluster'),
      instances: 2,
      seed: true,
      // A killed instance is out of rotation within about half a second; quick redeliveries.
      balancerTimings: { checkIntervalMs: 250, serverTimeoutMs: 75_000 },
      webhookRetryDelaysMs: [200, 1_000, 3_000],
      instanceCouchUrl(index, couchUrl) {
        const through = new URL(couchUrl);
        proxies[index].retarget(through.origin);
        const proxied = new URL(proxies[index].origin);
        proxied.username = through.username;
        proxied.password = through.password;
        return proxied.href.replace(/\/$/, '');
      },
      log: () => {},
    });
    stack = await starting;
    // Three CouchDB nodes, two instance processes, the demo data and its payees' onboarding: minutes on
    // a 2-core box shared with other runs.
  }, 600_000);
  afterAll(async () => {
    await starting?.then((started) => started.stop()).catch(() => undefined);
    for (const proxy of proxies) await proxy.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Counts the calls matching `matches` that `work` makes (through whichever instance), killing none. */
  async function callsOf(matches: (r: SeenRequest) => boolean, work: () => Promise<unknown>): Promise<number> {
    armed = { matches, nth: Number.POSITIVE_INFINITY, point: 'before', seen: 0 };
    const counter = armed;
    await work();
    armed = null;
    return counter.seen;
  }

  /** The killed instance started again, and back in the balancer's rotation (two passed checks). */
  async function reviveKilled(): Promise<void> {
    if (killedIndex === null) return;
    const instance = stack.instances[killedIndex];
    killedIndex = null;
    await instance.kill(); // resolves once the SIGKILLed process is gone
    await instance.restart();
    await new Promise((resolve) => setTimeout(resolve, 600));
  }

  const bearer = async (kind: 'gym' | 'user', id: string) => ({
    authorization: `Bearer ${await mintAccessToken({ couch: stack.couch, config: stack.config }, kind, id)}`,
  });

  it("makes exactly one pass per payment when the instance handling the provider's webhook is killed at any write of it", async () => {
    const signIn = await fetch(`${stack.url}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_MEMBERS[0].email, pwd: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const member = DEMO_MEMBERS[0].profileId;
    const date = addDaysToKey(ukDateKey(), 1);
    const checkout = async () => {
      const res = await fetch(`${stack.url}/api/booking/createCheckoutSessionAdultDayPass`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ user_id: member, gym_id: DEMO_GYM.profileId, passDayDate: date }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { url: string }).url;
    };
    const copiesOf = async (sessionId: string) => {
      const passId = await checkoutPassId(sessionId);
      const copies = async (kind: 'gym' | 'member', id: string) => {
        const listed = await stack.couch
          .use<DayPassDoc>(tenantDbName(kind, id))
          .list({ include_docs: true })
          .catch(() => ({ rows: [] as { doc?: DayPassDoc }[] }));
        return listed.rows.filter((row) => row.doc?.type === 'day-pass' && row.doc.passId === passId).length;
      };
      const claims = await stack.couch.use(DB.accounts).find({ selector: { type: 'entry-code-claim', passId } });
      const payment = await stack.couch
        .use(DB.payments)
        .get(paymentDocId(passId))
        .catch(() => null);
      return {
        gym: await copies('gym', DEMO_GYM.profileId),
        member: await copies('member', member),
        claims: claims.docs.length,
        payment: payment ? 1 : 0,
      };
    };

    // A clean payment: the writes its webhooks make are the kill points.
    const clean = await checkout();
    const writes = await callsOf(isWebhookWrite, () => submitHostedForm(clean, 'pay'));
    expect(writes).toBeGreaterThanOrEqual(3);
    expect(await copiesOf(checkoutSessionIdOf(clean))).toEqual({ gym: 1, member: 1, claims: 1, payment: 1 });

    for (let nth = 1; nth <= writes; nth += 1) {
      for (const point of POINTS) {
        await reviveKilled();
        const url = await checkout();
        const sessionId = checkoutSessionIdOf(url);
        const sentBefore = stack.provider!.deliveries().length;
        armed = { matches: isWebhookWrite, nth, point, seen: 0 };
        // Paying charges the card; the provider delivers through the balancer to whichever instance,
        // which is killed at its n-th write, and redelivers; HAProxy sends that to the other one.
        await submitHostedForm(url, 'pay');
        const at = `write ${nth} ${point}`;
        expect(killedIndex, `${at}: no instance was killed`).not.toBeNull();
        const deliveries = stack.provider!.deliveries().slice(sentBefore);
        expect(
          deliveries.every((d) => d.status === 'delivered'),
          at,
        ).toBe(true);
        // The killed instance never answered: the first failed attempt is a cut connection or HAProxy's
        // 502, never the instance's own 503; a redelivery got through (later ones may meet a busy box).
        const attempts = deliveries.flatMap((d) => d.attempts.map((a) => a.statusCode));
        const firstFailure = attempts.findIndex((status) => status !== 200);
        expect(firstFailure, `${at}: ${attempts.join()}`).toBeGreaterThanOrEqual(0);
        expect([undefined, 502], `${at}: ${attempts.join()}`).toContain(attempts[firstFailure]);
        const copies = await copiesOf(sessionId);
        expect(copies, at).toEqual({ gym: 1, member: 1, claims: 1, payment: 1 });
        tally.record(
          'cluster: Hapi process killed during a webhook delivery (redelivered through HAProxy)',
          Math.abs(copies.gym - 1) + Math.abs(copies.member - 1) + Math.abs(copies.claims - 1),
        );
      }
    }
  }, 900_000);

  it("counts a front desk's check-in once when the instance it reached is killed at any CouchDB call of the push, and the 60-minute rule holds", async () => {
    await reviveKilled();
    const deskGym = newId();
    const headers = { ...(await bearer('gym', deskGym)), 'content-type': 'application/json' };
    const gymDb = stack.couch.use<DayPassDoc | CheckInDoc | CheckInOutcomeDoc>(tenantDbName('gym', deskGym));
    /** A record and its own outcome document as stored (null: none). */
    const recordAndOutcomeDoc = async (checkIn: { _id: string }) =>
      (await gymDb.fetch({ keys: [checkIn._id, checkInOutcomeId(checkIn._id)] })).rows.map((r) =>
        'doc' in r && r.doc ? r.doc : null,
      );
    // The check-ins below are dated up to 120 minutes back, and a check-in counts only on its pass's
    // UK day (judged at the check-in's own time). In the two hours after UK midnight the desk's clock
    // is therefore set back to the evening before, so the test means the same at any hour.
    const ONE_MINUTE = 60_000;
    const nowMs = Date.now();
    const sameDayTwoHoursBack = ukDateKey(new Date(nowMs - 125 * ONE_MINUTE)) === ukDateKey(new Date(nowMs));
    const deskClock = sameDayTwoHoursBack ? nowMs : nowMs - 130 * ONE_MINUTE;
    const today = ukDateKey(new Date(deskClock));
    const givenPass = async () =>
      (
        await createDayPass(
          { couch: stack.couch, now: () => new Date(), config: stack.config },
          {
            gym: { profileId: deskGym, gymName: 'Iron Temple' },
            member: { profileId: newId(), name: 'Alex', email: 'alex@example.com' },
            passType: 'Adult',
            date: today,
            pricePence: 1500,
          },
        )
      ).pass;
    /**
     * As the front desk's sender: a network error or a 5xx sends the same batch again after a pause,
     * for as long as it takes (here up to a minute; the sender never gives up).
     */
    async function push(docs: unknown[]) {
      const failures: string[] = [];
      for (let attempt = 1; ; attempt += 1) {
        const res = await fetch(`${stack.url}/sync/gym/${deskGym}/_bulk_docs`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ docs }),
        }).catch(() => null);
        if (res && res.status < 500) return { status: res.status, attempts: attempt, failures, body: await res.text() };
        await res?.body?.cancel();
        failures.push(String(res?.status ?? 'cut'));
        if (attempt >= 120) throw new Error(`the push never got through: ${failures.join()}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const minutesAgo = (minutes: number) => new Date(deskClock - minutes * ONE_MINUTE).toISOString();
    // The push's own calls on the gym's database. An instance's first call for a tenant also creates
    // its database and publishes its signing key, and its session memory lasts 10 s (soft state that a
    // restart forgets): both instances are warmed first, so every run has the same kill points.
    const gymPath = `/${tenantDbName('gym', deskGym)}/`;
    const everyCall = (request: SeenRequest) => request.url.startsWith(gymPath);
    const warmBoth = async () => {
      for (const instance of stack.instances) {
        const res = await fetch(`${instance.origin}/sync/gym/${deskGym}/`, { headers });
        expect(res.status).toBeLessThan(500);
        await res.body?.cancel();
      }
    };

    const warmUp = await givenPass();
    expect((await push([deviceCheckIn(warmUp, minutesAgo(120))])).status).toBe(201);
    await warmBoth();
    const calls = await callsOf(everyCall, async () =>
      expect((await push([deviceCheckIn(warmUp, minutesAgo(30))])).status).toBe(201),
    );
    expect(calls).toBeGreaterThanOrEqual(2);

    for (let nth = 1; nth <= calls; nth += 1) {
      for (const point of POINTS) {
        await reviveKilled();
        const pass = await givenPass();
        const checkIn = deviceCheckIn(pass, minutesAgo(30));
        await warmBoth();
        armed = { matches: everyCall, nth, point, seen: 0 };
        const pushed = await push([checkIn]);
        const at = `call ${nth} ${point}`;
        expect(killedIndex, `${at}: no instance was killed`).not.toBeNull();
        expect(pushed.status, pushed.body).toBe(201);
        expect(pushed.attempts, at).toBeGreaterThanOrEqual(2);
        // The first failure is the killed instance's: a cut connection or HAProxy's 502, never its own 503.
        expect(['cut', '502'], `${at}: ${pushed.failures.join()}`).toContain(pushed.failures[0]);
        // Counted, on its pass only: a counted record has no outcome document (decision 197).
        expect(await storedDecision(gymDb, checkIn), at).toEqual({ outcome: 'counted' });
        const [record, outcomeDoc] = await recordAndOutcomeDoc(checkIn);
        expect(record, `${at}: the record is stored`).toMatchObject({ _id: checkIn._id });
        expect(outcomeDoc, `${at}: no outcome document for a counted record`).toBeNull();
        // Another tablet's check-in of the same pass 20 minutes later: inside the 60 minutes, a duplicate,
        // kept as an outcome document of its own.
        const again = deviceCheckIn(pass, minutesAgo(10), 'tablet-2');
        expect((await push([again])).status).toBe(201);
        expect(await storedDecision(gymDb, again), at).toMatchObject({
          outcome: 'duplicate',
          duplicateOf: checkIn._id,
        });
        const [, secondOutcomeDoc] = await recordAndOutcomeDoc(again);
        expect(secondOutcomeDoc, at).toMatchObject({ outcome: 'duplicate', duplicateOf: checkIn._id });
        const stored = (await gymDb.get(pass._id)) as DayPassDoc;
        expect(
          stored.countedCheckIns?.map((c) => c.checkInId),
          at,
        ).toEqual([checkIn._id]);
        expect(stored.checkIns.all_check_ins, at).toEqual([checkIn.checkedInAt]);
        tally.record(
          'cluster: Hapi process killed during a check-in push (retried through HAProxy)',
          Math.abs(stored.checkIns.all_check_ins.length - 1) + (record === null ? 1 : 0),
        );
      }
    }
  }, 900_000);
});
