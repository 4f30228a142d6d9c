/**
 * Live devices on one server instance (issue 13): how many signed-in devices, each holding its live
 * sync feed as RxDB holds it, one Hapi instance carries on this machine while `/api` p95 stays
 * ≤ 50 ms, and the instance's memory per device.
 *
 * The Hapi instance runs in a process of its own (bench/support/server-process.ts) so its memory
 * and event loop are its own; the devices (long-polls re-polled at once when answered, as RxDB's
 * CouchDB replication does) and the embedded CouchDB run in this process. Devices are spread over
 * tenants as a real mix would be: two devices per account (a gym's two front-desk tablets, a
 * coach's phone and laptop, a member's phone and laptop). While they are held, a writer adds a
 * document to a random tenant WRITES_PER_SECOND times a second, so feeds are answered and re-polled
 * (CouchDB's long-poll bound answers the rest every 30 s), and `/api` is timed: the public gym list
 * (a directory read) and a signed-in call (GET /api/me/coaches/... is tenant data; here the
 * member's /api/me), one after another.
 *
 * With LIVE_INSTANCES=2 (issue 23), two such instances run behind Debian's HAProxy (health
 * /api/health), the devices' feeds and the /api probe go through the balancer, and the server RSS is
 * both instances'. BENCH_DATABASE chooses the CouchDB (support/bench-couch.ts: embedded, apache,
 * cluster).
 *
 * Run: npx tsx bench/live-devices.bench.ts   (LIVE_DEVICES=500,1000,2000,3000 to change the steps;
 * LIVE_ALL_STEPS=1 to time every step, not only until the first miss; LIVE_API_SAMPLES=300 and
 * LIVE_API_SECONDS=600 bound the /api timing per step)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch as devicesFetch } from 'undici';
import { loadConfig } from '../sync-server/src/config.ts';
import { connectCouch, ensureDatabase, setupDatabases } from '../sync-server/src/couch/couch.ts';
import { tenantDbName } from '../sync-server/src/couch/databases.ts';
import { newId } from '../sync-server/src/couch/ids.ts';
import { mintAccessToken } from '../sync-server/src/test-support/access-fixtures.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../sync-server/src/seed/demo-data.ts';
import { seedDemoData } from '../sync-server/src/seed/seed-demo.ts';
import { startBenchCouch } from './support/bench-couch.ts';
import { LIFTED_CLIENT_BUDGETS } from './support/bench-stack.ts';
import { behindBalancer, startInstance, stopInstance } from './support/instances.ts';
import { runBench } from './support/run.ts';
import { figure, ms, summarise, verdict, waitUntil, type Summary } from './support/stats.ts';

const STEPS = (process.env.LIVE_DEVICES ?? '250,500,1000,1500,2000,2500,3000').split(',').map(Number);
const INSTANCES = Number(process.env.LIVE_INSTANCES ?? 1);
/** LIVE_ALL_STEPS=1: time /api at every step, not only until the first miss (figures side by side). */
const ALL_STEPS = process.env.LIVE_ALL_STEPS === '1';
const DEVICES_PER_ACCOUNT = 2;
const KINDS: { tenant: TenantKind; account: 'gym' | 'coach' | 'user' }[] = [
  { tenant: 'gym', account: 'gym' },
  { tenant: 'coach', account: 'coach' },
  { tenant: 'member', account: 'user' },
];
/** /api calls timed per step (half as many straight to CouchDB); LIVE_API_SAMPLES bounds a slow run. */
const API_SAMPLES = Number(process.env.LIVE_API_SAMPLES ?? 300);
/** …or for at most this long per step (at least 10 calls), so a slow step still gives its figure. */
const API_MAX_MS = Number(process.env.LIVE_API_SECONDS ?? 600) * 1000;
const WRITES_PER_SECOND = 20;
const TARGET_P95_MS = 50;
const TARGET_DEVICES = 2_000;
/** RxDB's pause before it retries a failed long-poll (the store's retryTime). */
const RETRY_MS = 1_000;

interface Tenant {
  kind: TenantKind;
  id: string;
  token: string;
}

interface Tally {
  /** Answers other than 200 (refusals, 5xx) and network errors. */
  failed: number;
  /** Long-polls answered (a change came, or the bound passed). */
  answered: number;
  /** Long-polls open now. */
  open: number;
  /** Failures by status (0: the connection failed). */
  why: Map<number, number>;
}

const count = (tally: Tally, status: number) => {
  tally.failed += 1;
  tally.why.set(status, (tally.why.get(status) ?? 0) + 1);
};

/** The devices' own connection pool: no per-origin cap, so every device holds its own socket. */
const devicesAgent = new Agent({ connections: null, pipelining: 0, keepAliveTimeout: 60_000 });

function longPollUrl(origin: string, tenant: Tenant, since: string): string {
  return `${origin}/sync/${tenant.kind}/${tenant.id}/_changes?style=all_docs&feed=longpoll&since=${since}&include_docs=true&heartbeat=60000&limit=20&seq_interval=20`;
}

/** One device's live feed as RxDB runs it, until stopped. */
async function holdFeed(origin: string, tenant: Tenant, stopped: AbortSignal, tally: Tally): Promise<void> {
  let since = 'now';
  while (!stopped.aborted) {
    tally.open += 1;
    try {
      const res = await devicesFetch(longPollUrl(origin, tenant, since), {
        headers: { authorization: `Bearer ${tenant.token}` },
        signal: stopped,
        dispatcher: devicesAgent,
      });
      if (res.status !== 200) {
        count(tally, res.status);
        await res.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      const body = (await res.json()) as { last_seq: string | number };
      tally.answered += 1;
      since = String(body.last_seq);
    } catch {
      if (!stopped.aborted) count(tally, 0);
    } finally {
      tally.open -= 1;
    }
  }
}

interface ApiTimes {
  list: Summary;
  me: Summary;
  all: Summary;
  /** The same directory read's CouchDB call made straight to CouchDB from here (no Hapi). */
  couch: Summary;
  /** Probe calls answered 5xx (timed all the same: a shed or timed-out call is a slow answer). */
  failed: number;
  /** The first 5xx answer, as the instance gave it. */
  firstFailure: string;
}

async function apiTimes(origin: string, member: Tenant, couchUrl: string): Promise<ApiTimes> {
  const list: number[] = [];
  const me: number[] = [];
  const direct: number[] = [];
  let failed = 0;
  let firstFailure = '';
  const profiles = new URL('mastr_profiles', couchUrl.endsWith('/') ? couchUrl : `${couchUrl}/`);
  const couchAuth = profiles.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(profiles.username)}:${decodeURIComponent(profiles.password)}`).toString('base64')}`
    : undefined;
  profiles.username = '';
  profiles.password = '';
  const began = performance.now();
  const within = (share: number, taken: number) => taken < 10 || performance.now() - began < share * API_MAX_MS;
  for (let i = 0; i < API_SAMPLES / 2 && within(1 / 3, i); i += 1) {
    const started = performance.now();
    const res = await fetch(profiles, { headers: couchAuth ? { authorization: couchAuth } : {} });
    await res.text();
    direct.push(performance.now() - started);
  }
  for (let i = 0; i < API_SAMPLES && within(1, i); i += 1) {
    const signedIn = i % 2 === 1;
    const started = performance.now();
    const res = await fetch(`${origin}${signedIn ? '/api/me/users' : '/api/gyms'}`, {
      headers: signedIn ? { authorization: `Bearer ${member.token}` } : {},
    });
    const body = await res.text();
    if (res.status >= 500) {
      failed += 1;
      firstFailure ||= `${res.status} ${body.slice(0, 200)}`;
    } else if (res.status !== 200)
      throw new Error(`${signedIn ? '/api/me/users' : '/api/gyms'} answered ${res.status}`);
    (signedIn ? me : list).push(performance.now() - started);
  }
  return {
    list: summarise(list),
    me: summarise(me),
    all: summarise([...list, ...me]),
    couch: summarise(direct),
    failed,
    firstFailure,
  };
}

/** Resident memory of a process, in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** A member signed in through the API, as a device would be. */
async function signIn(origin: string, email: string): Promise<Tenant> {
  const res = await fetch(`${origin}/api/auth/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, pwd: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Signing in ${email} answered ${res.status}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { kind: 'member', id: '', token: accessToken };
}

/** Adds tenants (accounts with a session) to `tenants` until it holds `count`. */
async function makeTenants(
  tenants: Tenant[],
  count: number,
  env: Parameters<typeof mintAccessToken>[0],
): Promise<void> {
  for (let i = tenants.length; i < count; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const { tenant, account } = KINDS[(i + j) % KINDS.length];
        const id = newId();
        const token = await mintAccessToken(env, account, id);
        // A signed-up account's database exists before its devices come online.
        await ensureDatabase(env.couch, tenantDbName(tenant, id));
        return { kind: tenant, id, token };
      }),
    );
    tenants.push(...batch);
  }
}

await runBench(
  `Live devices on ${INSTANCES === 1 ? 'one server instance' : `${INSTANCES} server instances behind HAProxy`}: /api p95 and memory per device`,
  async (cleanup) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-live-devices-'));
    cleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const couchServer = await startBenchCouch(dataDir);
    cleanup(() => couchServer.close());
    const couch = connectCouch(couchServer.url);
    await setupDatabases(couch);
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' } as NodeJS.ProcessEnv);
    const instances = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        startInstance('server-process.ts', {
          COUCHDB_URL: couchServer.url,
          DATA_DIR: dataDir,
          ...LIFTED_CLIENT_BUDGETS,
        }),
      ),
    );
    cleanup(() => Promise.all(instances.map(stopInstance)));
    const origin = INSTANCES === 1 ? instances[0].origin : await behindBalancer(instances, cleanup);
    const serverRss = () => instances.reduce((sum, { child }) => sum + rssMiB(child.pid!), 0);
    console.log(
      `${INSTANCES === 1 ? 'one instance' : `${INSTANCES} instances behind HAProxy at ${origin}`} · long-poll bound ${config.longPollTimeoutMs / 1000} s · ${DEVICES_PER_ACCOUNT} devices per account (gym, coach, member in turn) · ${WRITES_PER_SECOND} writes/s to random tenants`,
    );

    const tenants: Tenant[] = [];
    // The demo data: the public list has real gyms, and the signed-in probe is a real member.
    await seedDemoData(couch, new Date(), config.passSigningKey);
    const probeMember = await signIn(origin, DEMO_MEMBERS[0].email);
    // Warm both paths once (the directory memo, the member's database).
    await apiTimes(origin, probeMember, couchServer.url);

    const idle = await apiTimes(origin, probeMember, couchServer.url);
    const idleRss = serverRss();
    console.log(
      `${'0 devices'.padEnd(14)} /api p50 ${ms(idle.all.p50).padStart(8)}  p95 ${ms(idle.all.p95).padStart(8)}  (${idle.all.n} calls; list p95 ${ms(idle.list.p95)}, me p95 ${ms(idle.me.p95)}, CouchDB alone p95 ${ms(idle.couch.p95)})  server RSS ${idleRss.toFixed(0)} MiB · /api 5xx ${idle.failed}${idle.failed ? ` (first: ${idle.firstFailure})` : ''}`,
    );

    figure('live.p95.0', idle.all.p95, 'ms');

    const stop = new AbortController();
    setMaxListeners(0, stop.signal); // every device listens on the one stop signal
    const tally: Tally = { failed: 0, answered: 0, open: 0, why: new Map() };
    const feeds: Promise<void>[] = [];
    let writes = 0;
    const writer = setInterval(() => {
      const tenant = tenants[Math.floor(Math.random() * Math.min(tenants.length, feeds.length / DEVICES_PER_ACCOUNT))];
      if (!tenant) return;
      writes += 1;
      void couch
        .use(tenantDbName(tenant.kind, tenant.id))
        .insert({ _id: `bench:${newId()}` })
        .catch(() => {});
    }, 1000 / WRITES_PER_SECOND);
    cleanup(async () => {
      clearInterval(writer);
      stop.abort();
      await Promise.allSettled(feeds);
    });

    let carried = 0;
    let previous = 0;
    for (const devices of STEPS) {
      const failedBefore = tally.failed;
      // Accounts for this step's devices (their sign-up is not timed).
      await makeTenants(tenants, Math.ceil(devices / DEVICES_PER_ACCOUNT), { couch, config });
      const opened = performance.now();
      while (feeds.length < devices) {
        const tenant = tenants[Math.floor(feeds.length / DEVICES_PER_ACCOUNT)];
        feeds.push(holdFeed(origin, tenant, stop.signal, tally));
        // Devices come online over a few seconds, not in one instant.
        if (feeds.length % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitUntil(() => tally.open >= devices, { timeoutMs: 120_000, everyMs: 100, what: `${devices} feeds open` });
      // Let the set-up burst pass: every device's first poll has reached CouchDB and is held.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const settled = performance.now() - opened;
      const answeredBefore = tally.answered;
      const timedFrom = performance.now();
      const during = await apiTimes(origin, probeMember, couchServer.url);
      const perSecond = ((tally.answered - answeredBefore) / (performance.now() - timedFrom)) * 1000;
      const rss = serverRss();
      const perDevice = ((rss - idleRss) * 1024) / devices;
      console.log(
        `${`${devices} devices`.padEnd(14)} /api p50 ${ms(during.all.p50).padStart(8)}  p95 ${ms(during.all.p95).padStart(8)}  (${during.all.n} calls; list p95 ${ms(during.list.p95)}, me p95 ${ms(during.me.p95)}, CouchDB alone p95 ${ms(during.couch.p95)})  server RSS ${rss.toFixed(0)} MiB = ${perDevice.toFixed(1)} KiB/device · open ${tally.open} · ${perSecond.toFixed(0)} polls answered/s · failures ${tally.failed - failedBefore} · /api 5xx ${during.failed}${during.failed ? ` (first: ${during.firstFailure})` : ''} · set up in ${ms(settled)}`,
      );
      figure(`live.p95.${devices}`, during.all.p95, 'ms');
      const held = during.all.p95 <= TARGET_P95_MS && tally.failed === failedBefore && during.failed === 0;
      if (held && carried === previous) carried = devices;
      previous = devices;
      if (!held && !ALL_STEPS) break;
    }
    console.log(
      `writes during the run: ${writes}; polls answered: ${tally.answered}; failures: ${tally.failed} ${JSON.stringify(Object.fromEntries(tally.why))}`,
    );
    figure('live.carried', carried, 'devices');
    verdict(
      `${INSTANCES === 1 ? 'one instance carries' : `${INSTANCES} instances carry`} ≥ ${TARGET_DEVICES} live devices with /api p95 ≤ ${TARGET_P95_MS} ms and no failures`,
      carried >= TARGET_DEVICES,
      `${carried} devices`,
    );
  },
  `HTTP long-polls from this process · ${INSTANCES === 1 ? 'Hapi in its own process' : `${INSTANCES} Hapi processes behind HAProxy`}`,
);
