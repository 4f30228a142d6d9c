/**
 * The public directory served from memory (issue 27, decisions 111, 143): GET /api/gyms (200 public
 * gyms), one gym's and one coach's profile as a browser asks for them (gzip), each against a bare Node `http` server sending the same
 * pre-serialised, pre-compressed bytes (support/bare-bytes-process.ts), in one run, phases real,
 * bare, bare, real. Target: ≥ 50% of the bare server. Also: a revalidation (`If-None-Match`, 304),
 * and how long an edit takes to show in the list on each of two instances.
 *
 * Run: npx tsx bench/public-directory.bench.ts   (DIRECTORY_SECONDS=10, DIRECTORY_CONNECTIONS=16)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { connectCouch, setupDatabases } from '../sync-server/src/couch/couch.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import { ukDirectory } from './support/uk-directory.ts';
import { startBenchCouch } from './support/bench-couch.ts';
import { LIFTED_CLIENT_BUDGETS } from './support/bench-stack.ts';
import { startInstance, stopInstance } from './support/instances.ts';
import { runBench } from './support/run.ts';
import { figure, ms, verdict } from './support/stats.ts';

const SECONDS = Number(process.env.DIRECTORY_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.DIRECTORY_CONNECTIONS ?? 16);
const GYMS = 200;
const TARGET_RATIO = 0.5;
const EDITS = 5;
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

interface Phase {
  perSecond: number;
  p50: number;
  p97_5: number;
  bytesPerRequest: number;
  wrong: number;
}

async function load(url: string, headers: Record<string, string>, expect: number): Promise<Phase> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const good = expect === 304 ? result['3xx'] : result['2xx'];
  return {
    perSecond: good / SECONDS,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
    wrong: result.requests.total - good + result.errors + result.timeouts,
  };
}

const line = (label: string, phase: Phase) =>
  console.log(
    `${label.padEnd(44)} ${phase.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(phase.p50).padStart(8)}  p97.5 ${ms(phase.p97_5).padStart(8)}  ${(phase.bytesPerRequest / 1024).toFixed(1)} kB/answer  (wrong ${phase.wrong})`,
  );

await runBench(
  'Public gym list from memory against a bare Node http server sending the same bytes',
  async (cleanup) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-directory-'));
    cleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const couchServer = await startBenchCouch(dataDir);
    cleanup(() => couchServer.close());
    const couch = connectCouch(couchServer.url);
    await setupDatabases(couch);
    const directory = ukDirectory(GYMS, 7);
    await couch.use(DB.profiles).bulk({ docs: [...directory.gyms, ...directory.coaches, ...directory.memberships] });

    const env = { COUCHDB_URL: couchServer.url, DATA_DIR: dataDir, ...LIFTED_CLIENT_BUDGETS };
    const real = await startInstance('server-process.ts', env);
    const other = await startInstance('server-process.ts', env);
    cleanup(() => Promise.all([real, other].map(stopInstance)));

    /**
     * One route from memory against a bare Node server sending the bytes it sent, phases real,
     * bare, bare, real, then revalidations (304). Resolves to the mean rates.
     */
    async function againstBare(route: string, name: string) {
      // The bytes the real route sends, for the bare server to send (read raw: fetch would unzip them).
      const zipped = await rawGet(`${real.origin}${route}`, GZIP);
      if (zipped.headers['content-encoding'] !== 'gzip') throw new Error(`${route} did not send gzip`);
      const gzipBytes = zipped.body;
      const json = gunzipSync(gzipBytes);
      const etag = String(zipped.headers.etag);
      const file = name.replace(/\W+/g, '-');
      writeFileSync(path.join(dataDir, `${file}.json.gz`), gzipBytes);
      writeFileSync(path.join(dataDir, `${file}.json`), json);
      const bare = await startInstance('bare-bytes-process.ts', {
        BARE_BODY_FILE: path.join(dataDir, `${file}.json.gz`),
        BARE_JSON_FILE: path.join(dataDir, `${file}.json`),
      });
      try {
        console.log(
          `GET ${route}: ${(json.length / 1024).toFixed(1)} kB JSON, ${(gzipBytes.length / 1024).toFixed(1)} kB gzip · phases real, bare, bare, real`,
        );
        // Warm both (the JIT, the memo's settle), then measure.
        await autocannon({ url: `${real.origin}${route}`, headers: GZIP, connections: CONNECTIONS, duration: 2 });
        await autocannon({ url: bare.origin, headers: GZIP, connections: CONNECTIONS, duration: 2 });
        const realRuns = [await load(`${real.origin}${route}`, GZIP, 200)];
        const bareRuns = [await load(bare.origin, GZIP, 200), await load(bare.origin, GZIP, 200)];
        realRuns.push(await load(`${real.origin}${route}`, GZIP, 200));
        const revalidated = await load(`${real.origin}${route}`, { ...GZIP, 'if-none-match': etag }, 304);
        realRuns.forEach((p, i) => line(`GET ${name}, gzip (run ${i + 1})`, p));
        bareRuns.forEach((p, i) => line(`bare Node http, same bytes (run ${i + 1})`, p));
        line(`GET ${name} with If-None-Match (304)`, revalidated);
        const rate = (phases: Phase[]) => phases.reduce((sum, p) => sum + p.perSecond, 0) / phases.length;
        const wrong = [...realRuns, ...bareRuns, revalidated].reduce((sum, p) => sum + p.wrong, 0);
        return { real: rate(realRuns), bare: rate(bareRuns), revalidated: revalidated.perSecond, wrong };
      } finally {
        await stopInstance(bare);
      }
    }

    console.log(`${SECONDS} s per phase · ${CONNECTIONS} connections · ${GYMS} public gyms`);
    const list = await againstBare('/api/gyms', 'gym list');
    // One gym's profile (decision 143): the profiles database and the gym's own are read for it.
    const profileGym = directory.gyms[0]!._id.split(':')[1]!;
    const profile = await againstBare(`/api/gyms/${profileGym}`, 'gym profile');
    const profileCoach = directory.coaches[0]!._id.split(':')[1]!;
    const coach = await againstBare(`/api/coaches/${profileCoach}`, 'coach profile');

    // An edit (a gym's name) made in CouchDB, polled on both instances until each list shows it.
    const visible: number[] = [];
    const profiles = couch.use<{ _id: string; gymName: string }>(DB.profiles);
    for (let edit = 0; edit < EDITS; edit += 1) {
      const doc = await profiles.get(directory.gyms[edit]!._id);
      const name = `${doc.gymName} (edit ${edit})`;
      const started = performance.now();
      await profiles.insert({ ...doc, gymName: name });
      const seenAt = await Promise.all(
        [real, other].map(async ({ origin }) => {
          for (;;) {
            const text = await (await fetch(`${origin}/api/gyms`, { headers: GZIP })).text();
            if (text.includes(JSON.stringify(name))) return performance.now() - started;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }),
      );
      visible.push(Math.max(...seenAt));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    console.log(`edit visible on both instances: ${visible.map((v) => ms(v)).join(', ')}`);

    const wrong = list.wrong + profile.wrong + coach.wrong;
    const routes = [
      ['public list', list],
      ['gym profile', profile],
      ['coach profile', coach],
    ] as const;
    for (const [label, route] of routes) {
      console.log(
        `${label}: ${route.real.toFixed(0)} / ${route.bare.toFixed(0)} req/s = ${((route.real / route.bare) * 100).toFixed(0)}% of the bare server · 304: ${route.revalidated.toFixed(0)} req/s`,
      );
    }
    figure('directory.list', list.real, 'req/s');
    figure('directory.list.bare', list.bare, 'req/s');
    figure('directory.list.304', list.revalidated, 'req/s');
    figure('directory.profile', profile.real, 'req/s');
    figure('directory.profile.bare', profile.bare, 'req/s');
    figure('directory.profile.304', profile.revalidated, 'req/s');
    figure('directory.coach-profile', coach.real, 'req/s');
    figure('directory.coach-profile.bare', coach.bare, 'req/s');
    figure('directory.edit-visible.max', Math.max(...visible), 'ms');
    for (const [label, route] of routes) {
      const ratio = route.real / route.bare;
      verdict(
        `${label} ≥ ${TARGET_RATIO * 100}% of the bare server`,
        ratio >= TARGET_RATIO,
        `${(ratio * 100).toFixed(0)}%`,
      );
    }
    verdict('an edit visible within 1 s on every instance', Math.max(...visible) <= 1_000, ms(Math.max(...visible)));
    verdict('every answer as expected', wrong === 0, `${wrong} not as expected`);
  },
  'autocannon over loopback · real Hapi and bare Node http each in its own process',
);
