/**
 * GET /api/me/gyms for a busy gym (issue 9: p95 ≤ 100 ms): the 10,000-pass bench gym (2,000 members,
 * 2,000 of today's passes, the rest over the past 60 and next 30 days, 5 % Mastr passes), its
 * schedule weeks, the Mastr class on, three registered coaches and one pending. Over loopback HTTP
 * with fetch, the body read whole, one call after another:
 *  1. 50 calls after 10 warm-up calls, nothing written in between;
 *  2. 50 calls each after a front-desk check-in (a tablet's push through the sync gateway: the
 *     record, its outcome and the pass written), so every call has changes to catch up on, as
 *     during a busy evening;
 * next to baselines in the same run, alternating: GET /api/gyms/{id} (the public profile: profile,
 * memberships and schedule, no passes), and a bare `_all_docs` of the gym's day passes with their
 * documents (what reading the passes afresh on every call would cost). The first call (the gym's
 * snapshot loaded) is printed on its own.
 * Run: npx tsx bench/me-gym.bench.ts
 */
import { gzipSync } from 'node:zlib';
import type { GymMe } from '@mastr/rules/api/me.ts';
import { passDocPrefix, profileDocId } from '@mastr/rules/doc-ids.ts';
import { connectCouch } from '../sync-server/src/couch/couch.ts';
import { tenantDbName } from '../sync-server/src/couch/databases.ts';
import {
  coachDoc,
  givenGym,
  givenProfiles,
  idOf,
  membershipDoc,
} from '../sync-server/src/test-support/directory-fixtures.ts';
import { deviceCheckIn } from '../sync-server/src/test-support/sync-fixtures.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { seedGym } from './support/gym-data.ts';
import { runBench } from './support/run.ts';
import { ms, ratio, summarise, timed, verdict, type Summary } from './support/stats.ts';

const WARM_UP = 10;
const CALLS = 50;
const BARE_READS = 5;
const TARGET_P95_MS = 100;

const row = (label: string, s: Summary) =>
  `${label.padEnd(52)} n=${String(s.n).padStart(3)}  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}`;

await runBench('GET /api/me/gyms for a gym with 10,000 passes', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const gym = await seedGym(stack);
  // Thursdays 18:00; the profile as registration and go-live leave it.
  await givenGym(stack, {
    _id: profileDocId('gym', gym.gymId),
    gymName: 'Iron Temple',
    mastrClassActive: true,
    mastrClassDefault: { weekday: 4, time: 64800, cancelled: false },
  });
  const coaches = Array.from({ length: 4 }, () => coachDoc());
  await givenProfiles(stack, [
    ...coaches,
    ...coaches.map((c, i) => membershipDoc(gym.gymId, idOf(c), i < 3 ? 'registered' : 'pending')),
  ]);
  const headers = { authorization: `Bearer ${await stack.gymToken(gym.gymId)}` };

  const call = async (path: string, auth = true) => {
    const res = await fetch(`${stack.origin}${path}`, auth ? { headers } : {});
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { body, encoding: res.headers.get('content-encoding') ?? 'identity' };
  };
  const me = () => call('/api/me/gyms');
  const publicProfile = () => call(`/api/gyms/${gym.gymId}`, false);
  // The bench's own client: a whole read of the passes may outlast the server's 5 s timeout on a busy box.
  const gymDb = connectCouch(stack.config.couchUrl!, 60_000).use(tenantDbName('gym', gym.gymId));
  const bareRead = () =>
    gymDb.list({
      startkey: passDocPrefix('day-pass'),
      endkey: `${passDocPrefix('day-pass')}\ufff0`,
      include_docs: true,
    });

  const first = await timed(me);
  const answer = JSON.parse(first.value.body) as GymMe;
  console.log(
    `answer: ${answer.upcomingDayPassesInformation.length} upcoming and ${answer.expiredDayPassesInformation.length} expired day passes, ` +
      `${answer.allMastrPasses.length} Mastr passes, ${answer.visitors.length} visitors, ${answer.coachesInformation.length} coaches, ` +
      `${answer.requestsInformation.length} requests, ${answer.schedule.length} days, ${answer.mastrClassAvailability.length} Mastr classes; ` +
      `${(first.value.body.length / 1e6).toFixed(2)} MB JSON, ${(gzipSync(first.value.body, { level: 1 }).length / 1e3).toFixed(0)} kB at gzip level 1 (the route's); sent as ${first.value.encoding}`,
  );
  console.log(`first call (the gym's passes read whole into its snapshot): ${ms(first.ms)}`);
  for (let i = 0; i < WARM_UP; i += 1) {
    await me();
    await publicProfile();
  }

  const quiet: number[] = [];
  const quietBase: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    const pair = i % 2 ? [me, publicProfile] : [publicProfile, me];
    for (const work of pair) (work === me ? quiet : quietBase).push((await timed(work)).ms);
  }

  const afterCheckIn: number[] = [];
  const checkInMs: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const pass = gym.todayPasses[i];
    const checkIn = await timed(() =>
      fetch(`${stack.origin}/sync/gym/${gym.gymId}/_bulk_docs`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ docs: [deviceCheckIn(pass, new Date().toISOString())] }),
      }),
    );
    if (checkIn.value.status !== 201) throw new Error(`check-in: ${checkIn.value.status}`);
    await checkIn.value.arrayBuffer();
    checkInMs.push(checkIn.ms);
    afterCheckIn.push((await timed(me)).ms);
  }
  const last = JSON.parse((await me()).body) as GymMe;
  const checkedIn = last.upcomingDayPassesInformation.filter((p) => p.checkIns.latest_check_in !== null).length;
  if (checkedIn !== CALLS) throw new Error(`${checkedIn} passes show a check-in, expected ${CALLS}`);

  const bare: number[] = [];
  for (let i = 0; i < BARE_READS; i += 1) bare.push((await timed(bareRead)).ms);

  const s = {
    quiet: summarise(quiet),
    base: summarise(quietBase),
    afterCheckIn: summarise(afterCheckIn),
    checkIn: summarise(checkInMs),
    bare: summarise(bare),
  };
  console.log(row('GET /api/me/gyms', s.quiet));
  console.log(row('GET /api/gyms/{id} (baseline, same run)', s.base));
  console.log(row('GET /api/me/gyms, each after a check-in', s.afterCheckIn));
  console.log(row("  the check-ins (a tablet's push: POST /sync/gym/{id}/_bulk_docs)", s.checkIn));
  console.log(row('bare _all_docs of the day passes, include_docs', s.bare));
  console.log(
    `ratio to GET /api/gyms/{id}: p50 ${ratio(s.quiet.p50, s.base.p50)}, p95 ${ratio(s.quiet.p95, s.base.p95)}; ` +
      `to a bare read of the passes: p50 ${ratio(s.quiet.p50, s.bare.p50)}`,
  );
  console.log(`after the run the answer shows ${checkedIn} passes checked in`);
  verdict(
    `GET /api/me/gyms p95 ≤ ${TARGET_P95_MS} ms`,
    s.quiet.p95 <= TARGET_P95_MS,
    `${ms(s.quiet.p95)} (p50 ${ms(s.quiet.p50)})`,
  );
  verdict(
    `… each after a check-in, p95 ≤ ${TARGET_P95_MS} ms`,
    s.afterCheckIn.p95 <= TARGET_P95_MS,
    `${ms(s.afterCheckIn.p95)} (p50 ${ms(s.afterCheckIn.p50)})`,
  );
});
