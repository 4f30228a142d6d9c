/**
 * API throughput on one instance (issue 13): the public gym list (GET /api/gyms) and a booking
 * request (POST /api/booking/handlePrivateSessionGymRequest, a member's PT request to a gym: token
 * check, joi validation, two profile reads, a copy written to the gym's and the member's database),
 * each as a ratio to a bare Hapi route doing the same CouchDB work in the same run
 * (bench/support/bare-server-process.ts: the same service functions, without the auth strategy,
 * validation, security headers and logging). Target: ≥ 50%.
 *
 * autocannon drives loopback HTTP for a fixed time per phase; the real and the bare server each run
 * in a process of their own over one embedded CouchDB in this process. Phases run real, bare, bare,
 * real (ABBA), so drift on a shared machine falls on both sides. BENCH_DATABASE chooses the CouchDB
 * (support/bench-couch.ts: embedded, apache, cluster).
 *
 * Run: npx tsx bench/api-throughput.bench.ts   (THROUGHPUT_SECONDS=10, THROUGHPUT_CONNECTIONS=16)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { profileDocId } from '@mastr/rules/doc-ids.ts';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import { loadConfig } from '../sync-server/src/config.ts';
import { connectCouch, setupDatabases } from '../sync-server/src/couch/couch.ts';
import { DB } from '../sync-server/src/couch/databases.ts';
import { newId } from '../sync-server/src/couch/ids.ts';
import { mintAccessToken } from '../sync-server/src/test-support/access-fixtures.ts';
import { ukDirectory } from './support/uk-directory.ts';
import { startBenchCouch } from './support/bench-couch.ts';
import { LIFTED_CLIENT_BUDGETS } from './support/bench-stack.ts';
import { startInstance, stopInstance } from './support/instances.ts';
import { runBench } from './support/run.ts';
import { figure, ms, verdict } from './support/stats.ts';

const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.THROUGHPUT_CONNECTIONS ?? 16);
const GYMS = 200;
const TARGET_RATIO = 0.5;

interface Phase {
  requests: number;
  perSecond: number;
  p50: number;
  p97_5: number;
  non2xx: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Phase> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    requests: result.requests.total,
    // Only 2xx answers count as throughput (a refusal is cheap and would flatter a side).
    perSecond: result['2xx'] / SECONDS,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const line = (label: string, phase: Phase) =>
  console.log(
    `${label.padEnd(40)} ${phase.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(phase.p50).padStart(8)}  p97.5 ${ms(phase.p97_5).padStart(8)}  (${phase.requests} requests, non-2xx ${phase.non2xx}, errors ${phase.errors})`,
  );

await runBench(
  'API throughput on one instance against a bare Hapi route doing the same CouchDB work',
  async (cleanup) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-throughput-'));
    cleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const couchServer = await startBenchCouch(dataDir);
    cleanup(() => couchServer.close());
    const couch = connectCouch(couchServer.url);
    await setupDatabases(couch);
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' } as NodeJS.ProcessEnv);

    // A directory of public gyms, and one member who requests sessions at them.
    const directory = ukDirectory(GYMS, 7);
    await couch.use(DB.profiles).bulk({ docs: [...directory.gyms, ...directory.coaches, ...directory.memberships] });
    const memberId = newId();
    await couch.use(DB.profiles).insert({
      _id: profileDocId('user', memberId),
      type: 'user',
      name: 'Bench Member',
      profileImage: '',
      coachProfileId: null,
      createdAt: new Date().toISOString(),
    } as never);
    const token = await mintAccessToken({ couch, config }, 'user', memberId);
    const gymIds = directory.gyms.map((gym) => gym._id.split(':').pop()!);

    const env = { COUCHDB_URL: couchServer.url, DATA_DIR: dataDir, ...LIFTED_CLIENT_BUDGETS };
    const real = await startInstance('server-process.ts', env);
    const bare = await startInstance('bare-server-process.ts', env);
    cleanup(() => Promise.all([real, bare].map(stopInstance)));
    console.log(
      `${SECONDS} s per phase · ${CONNECTIONS} connections · ${GYMS} public gyms · phases real, bare, bare, real`,
    );

    const date = addDaysToKey(ukDateKey(new Date()), 3);
    let next = 0;
    const requestBody = (withMember: boolean) => {
      next += 1;
      return JSON.stringify({
        gym_id: gymIds[next % gymIds.length],
        selectedDate: date,
        selectedTime: HOURLY_SLOTS[next % HOURLY_SLOTS.length],
        selectedDiscipline: 'Boxing',
        selectedExperienceLevel: 'Beginner',
        ...(withMember ? { member_id: memberId } : {}),
      });
    };
    const list = (origin: string, route: string) => load({ url: `${origin}${route}` });
    const booking = (origin: string, route: string, withMember: boolean) =>
      load({
        url: `${origin}${route}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        requests: [{ setupRequest: (request) => ({ ...request, body: requestBody(withMember) }) }],
      });

    // One of each first: both sides must accept the requests they are about to be loaded with.
    for (const [url, withMember, auth] of [
      [`${real.origin}/api/booking/handlePrivateSessionGymRequest`, false, true],
      [`${bare.origin}/bare/gym-request`, true, false],
    ] as const) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
        body: requestBody(withMember),
      });
      if (res.status !== 201) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    }
    // Warm both sides (the directory memo, the JIT), then measure.
    await load({ url: `${real.origin}/api/gyms`, duration: 2 });
    await load({ url: `${bare.origin}/bare/gyms`, duration: 2 });

    const listReal = [await list(real.origin, '/api/gyms')];
    const listBare = [await list(bare.origin, '/bare/gyms'), await list(bare.origin, '/bare/gyms')];
    listReal.push(await list(real.origin, '/api/gyms'));
    const bookReal = [await booking(real.origin, '/api/booking/handlePrivateSessionGymRequest', false)];
    const bookBare = [
      await booking(bare.origin, '/bare/gym-request', true),
      await booking(bare.origin, '/bare/gym-request', true),
    ];
    bookReal.push(await booking(real.origin, '/api/booking/handlePrivateSessionGymRequest', false));

    listReal.forEach((p, i) => line(`GET /api/gyms (run ${i + 1})`, p));
    listBare.forEach((p, i) => line(`bare GET, same CouchDB work (run ${i + 1})`, p));
    bookReal.forEach((p, i) => line(`POST booking request (run ${i + 1})`, p));
    bookBare.forEach((p, i) => line(`bare POST, same CouchDB work (run ${i + 1})`, p));

    const rate = (phases: Phase[]) => phases.reduce((sum, p) => sum + p.perSecond, 0) / phases.length;
    const listRatio = rate(listReal) / rate(listBare);
    const bookRatio = rate(bookReal) / rate(bookBare);
    const failures = [...listReal, ...listBare, ...bookReal, ...bookBare].reduce(
      (sum, p) => sum + p.non2xx + p.errors,
      0,
    );
    console.log(
      `public list: ${rate(listReal).toFixed(0)} / ${rate(listBare).toFixed(0)} req/s = ${(listRatio * 100).toFixed(0)}% · booking request: ${rate(bookReal).toFixed(0)} / ${rate(bookBare).toFixed(0)} req/s = ${(bookRatio * 100).toFixed(0)}%`,
    );
    figure('throughput.list', rate(listReal), 'req/s');
    figure('throughput.list.bare', rate(listBare), 'req/s');
    figure('throughput.booking', rate(bookReal), 'req/s');
    figure('throughput.booking.bare', rate(bookBare), 'req/s');
    verdict(
      `public list ≥ ${TARGET_RATIO * 100}% of the bare route`,
      listRatio >= TARGET_RATIO,
      `${(listRatio * 100).toFixed(0)}%`,
    );
    verdict(
      `booking request ≥ ${TARGET_RATIO * 100}% of the bare route`,
      bookRatio >= TARGET_RATIO,
      `${(bookRatio * 100).toFixed(0)}%`,
    );
    verdict('every answer 2xx', failures === 0, `${failures} not 2xx or failed`);
  },
  'autocannon over loopback · real and bare Hapi each in its own process',
);
