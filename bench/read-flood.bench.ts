/**
 * One client flooding reads (issue 22): while one client sends 1,000 reads at once every second
 * (the outside probe's "1,000 parallel", repeated; Retry-After ignored, as an attacker would), a
 * normal client times GET /api/health and the public list GET /api/gyms every 200 ms. Two floods: an
 * anonymous address on GET /api/coaches/{id}, and one gym account on GET /api/me/gyms. Printed:
 * the normal client's p95 for both calls and its failures, the same-run baseline with no flood, and
 * the flood's status mix. Then the same with the protections lifted (budgets and in-flight cap set
 * past any flood): the instance as it was before.
 *
 * The server runs in a process of its own on the production defaults (config.ts), behind this
 * process as its one trusted proxy (TRUST_PROXY_HOPS=1): the normal client and the flood are told
 * apart by the X-Forwarded-For entry, as a load balancer would append it.
 *
 * The flood runs in a process of its own (support/read-flood-process.ts), so its thousand connections
 * do not share the normal client's event loop.
 *
 * Run: npx tsx bench/read-flood.bench.ts   (READ_FLOOD_SECONDS=10 of flood per phase)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { loadConfig } from '../sync-server/src/config.ts';
import { connectCouch, setupDatabases } from '../sync-server/src/couch/couch.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import { startEmbeddedCouch } from '../sync-server/src/couch/embedded-couch.ts';
import { mintAccessToken } from '../sync-server/src/test-support/access-fixtures.ts';
import { LIFTED_CLIENT_BUDGETS } from './support/bench-stack.ts';
import { runBench } from './support/run.ts';
import { ms, summarise, verdict } from './support/stats.ts';
import { ukDirectory } from './support/uk-directory.ts';

const FLOOD = 1_000;
const SECONDS = Number(process.env.READ_FLOOD_SECONDS ?? 10);
const GYMS = 200;
const TARGET_P95_MS = 250;
const NORMAL_CLIENT = '198.51.100.7';
const PACE_MS = 200;
const FLOODER = '203.0.113.66';
/** Far past any flood: the instance as it was before issue 22. */
const UNPROTECTED = { ...LIFTED_CLIENT_BUDGETS, MAX_IN_FLIGHT_REQUESTS: '1000000000' };

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(path.join(import.meta.dirname, 'support', 'server-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, NODE_ENV: 'test', TRUST_PROXY_HOPS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, origin: (message as { origin: string }).origin }));
    child.once('exit', (code) => reject(new Error(`server-process.ts exited (${code}) before it started`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Each client has its own connection pool, as separate machines would. */
const normalPool = new Agent({ connections: 4 });

async function call(origin: string, path: string, headers: Record<string, string>, dispatcher: Agent) {
  const res = await request(`${origin}${path}`, { headers, dispatcher });
  await res.body.dump();
  return res.statusCode;
}

interface Timings {
  health: number[];
  list: number[];
  /** Answers other than 200 the normal client got, by call and status. */
  failures: Record<string, number>;
}

/**
 * The normal client: health, then the public list, every PACE_MS (a person browsing and a load
 * balancer polling, several times over: 5 list calls a second, within an address's budget), until `stop`.
 */
async function normalClient(origin: string, stop: AbortSignal, atLeast: number): Promise<Timings> {
  const timings: Timings = { health: [], list: [], failures: {} };
  const headers = { 'x-forwarded-for': NORMAL_CLIENT };
  for (let i = 0; !stop.aborted || i < atLeast; i += 1) {
    const next = performance.now() + PACE_MS;
    for (const [name, path, into] of [
      ['health', '/api/health', timings.health],
      ['list', '/api/gyms', timings.list],
    ] as const) {
      const started = performance.now();
      const status = await call(origin, path, headers, normalPool).catch(() => 0);
      into.push(performance.now() - started);
      if (status !== 200) timings.failures[`${name} ${status}`] = (timings.failures[`${name} ${status}`] ?? 0) + 1;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  return timings;
}

/** One client sending FLOOD reads at once every second for SECONDS, from its own process; answers counted by status (0 = no answer). */
function flood(url: string, headers: Record<string, string>): Promise<Record<number, number>> {
  const child = fork(path.join(import.meta.dirname, 'support', 'read-flood-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      FLOOD_URL: url,
      FLOOD_HEADERS: JSON.stringify(headers),
      FLOOD_CONCURRENCY: String(FLOOD),
      FLOOD_SECONDS: String(SECONDS),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve((message as { mix: Record<number, number> }).mix));
    child.once('exit', (code) => reject(new Error(`read-flood-process.ts exited (${code}) without its figures`)));
  });
}

const describeMix = (mix: Record<number, number>) => {
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  return `${total} answers: ${Object.entries(mix)
    .map(([status, n]) => `${status === '0' ? 'no answer' : status} ${n} (${((100 * n) / total).toFixed(0)}%)`)
    .join(', ')}`;
};

const line = (label: string, t: Timings) => {
  const health = summarise(t.health);
  const list = summarise(t.list);
  const failed = Object.entries(t.failures);
  console.log(
    `${label.padEnd(46)} health p50 ${ms(health.p50).padStart(8)} p95 ${ms(health.p95).padStart(8)} · list p50 ${ms(list.p50).padStart(8)} p95 ${ms(list.p95).padStart(8)} · n=${health.n} · failed ${failed.length ? failed.map(([k, n]) => `${k}×${n}`).join(', ') : 'none'}`,
  );
  return { health, list, failed: failed.length };
};

await runBench('One client flooding reads: health and the public list for everyone else', async (cleanup) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-read-flood-'));
  cleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const couchServer = await startEmbeddedCouch({ port: 0, dataDir });
  cleanup(() => couchServer.close());
  const couch = connectCouch(couchServer.url);
  await setupDatabases(couch);
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' } as NodeJS.ProcessEnv);
  const directory = ukDirectory(GYMS, 7);
  await couch.use(DB.profiles).bulk({ docs: [...directory.gyms, ...directory.coaches, ...directory.memberships] });
  const coachId = directory.coaches[0]!._id.split(':').pop()!;
  const gymId = directory.gyms[0]!._id.split(':').pop()!;
  const gymToken = await mintAccessToken({ couch, config }, 'gym', gymId);
  console.log(
    `${FLOOD} reads at once every second from one client for ${SECONDS} s per phase · ${GYMS} public gyms · server in its own process, this process its trusted proxy · normal client: health then GET /api/gyms every ${PACE_MS} ms`,
  );

  const floods: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: `anonymous GET /api/coaches/{id}`, path: `/api/coaches/${coachId}`, headers: {} },
    {
      name: 'one gym token GET /api/me/gyms',
      path: '/api/me/gyms',
      headers: { authorization: `Bearer ${gymToken}` },
    },
  ];
  const results: Record<string, { p95Health: number; p95List: number; failed: number }> = {};
  for (const [mode, env] of [
    ['protected (defaults)', {}],
    ['unprotected (limits lifted)', UNPROTECTED],
  ] as const) {
    const server = await startServer({ COUCHDB_URL: couchServer.url, DATA_DIR: dataDir, ...env });
    console.log(`\n## ${mode}`);
    try {
      // Warm: the directory memo and the connection pools.
      for (let i = 0; i < 20; i += 1)
        await call(server.origin, '/api/gyms', { 'x-forwarded-for': NORMAL_CLIENT }, normalPool);
      const quiet = new AbortController();
      setTimeout(() => quiet.abort(), SECONDS * 1000 - 1_000);
      line('baseline, no flood', await normalClient(server.origin, quiet.signal, 20));
      for (const f of floods) {
        const stop = new AbortController();
        const flooding = flood(`${server.origin}${f.path}`, { ...f.headers, 'x-forwarded-for': FLOODER });
        // The flooder's connections open first; then the normal client is timed for the flood's length.
        await new Promise((resolve) => setTimeout(resolve, 500));
        setTimeout(() => stop.abort(), SECONDS * 1000 - 1_000);
        const t = line(`during flood: ${f.name}`, await normalClient(server.origin, stop.signal, 20));
        console.log(`  flood: ${describeMix(await flooding)}`);
        results[`${mode} ${f.name}`] = { p95Health: t.health.p95, p95List: t.list.p95, failed: t.failed };
        // Let the instance drain before the next phase.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    } finally {
      await stopServer(server.child);
    }
  }
  console.log('');
  for (const f of floods) {
    const r = results[`protected (defaults) ${f.name}`]!;
    verdict(
      `normal client during ${f.name}: every call answered 200, health and list p95 ≤ ${TARGET_P95_MS} ms`,
      r.failed === 0 && r.p95Health <= TARGET_P95_MS && r.p95List <= TARGET_P95_MS,
      `health p95 ${ms(r.p95Health)}, list p95 ${ms(r.p95List)}, ${r.failed} kinds of failure`,
    );
  }
});
