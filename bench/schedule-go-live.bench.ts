/**
 * What deriving a gym's status after every schedule write costs (issue 24: a class in the Default
 * Schedule is a go-live step, design/decisions.md 69). A gym with its details and prices, one call
 * after another over loopback HTTP, alternating in the same run:
 *  1. the online call POST /api/me/gyms/schedule/{day}/default (then PUT to delete the class again,
 *     so the default keeps its size), each now followed by the status derivation;
 *  2. a gym device's `_bulk_docs` of its default week through the sync gateway, likewise;
 *  3. the same week written straight to CouchDB (`bulk`, no gateway, no derivation): the baseline;
 *  4. `applyGoLive` alone on the same gym: the share the derivation adds to 1 and 2 (three reads in
 *     parallel, then the profile read and, only when the status changes, written).
 * Run: npx tsx bench/schedule-go-live.bench.ts
 */
import type { GymTimetable } from '@mastr/rules/api/directory.ts';
import { profileDocId, scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../sync-server/src/couch/databases.ts';
import { applyGoLive } from '../sync-server/src/services/accounts/index.ts';
import { givenGym } from '../sync-server/src/test-support/directory-fixtures.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { runBench } from './support/run.ts';
import { ms, summarise, timed, type Summary } from './support/stats.ts';

const WARM_UP = 10;
const ROUNDS = 60;

const row = (label: string, s: Summary) =>
  `${label.padEnd(58)} n=${String(s.n).padStart(3)}  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}`;

const boxing = (startTime: number) => ({
  startTime,
  endTime: startTime + 3600,
  discipline: 'Boxing',
  kidsClass: false,
  difficulty: 'Fundamentals',
  location: 'Main mat',
});

await runBench('Schedule writes with the go-live derivation after each', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const gymId = await givenGym(stack, { status: false });
  const headers = { authorization: `Bearer ${await stack.gymToken(gymId)}`, 'content-type': 'application/json' };
  const db = stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId));

  const call = async (method: string, path: string, body: unknown, status = 200) => {
    const res = await fetch(`${stack.origin}${path}`, { method, headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text;
  };
  // The default, with a class every evening, made by the online call (the day ids are its own).
  let timetable = JSON.parse(
    await call('POST', `/api/me/gyms/schedule/${gymId}-1/default`, boxing(18 * 3600)),
  ) as GymTimetable;
  for (const day of timetable.schedule.slice(1))
    timetable = JSON.parse(
      await call('POST', `/api/me/gyms/schedule/${day._id}/default`, boxing(18 * 3600)),
    ) as GymTimetable;
  const monday = timetable.schedule[0]._id;

  const online = async () => {
    const added = JSON.parse(
      await call('POST', `/api/me/gyms/schedule/${monday}/default`, boxing(7 * 3600)),
    ) as GymTimetable;
    const item = added.schedule[0].defaultClasses.find((c) => c.startTime === 7 * 3600)!;
    await call('PUT', `/api/me/gyms/schedule/${monday}/default`, { classObjectId: item._id });
  };
  const week = async () => {
    const stored = await db.get(scheduleDocId(null));
    return { ...stored, updatedAt: new Date().toISOString() };
  };
  const gateway = async () => {
    const doc = await week();
    const rows = JSON.parse(await call('POST', `/sync/gym/${gymId}/_bulk_docs`, { docs: [doc] }, 201)) as {
      ok?: boolean;
    }[];
    if (!rows[0]?.ok) throw new Error(`gateway: ${JSON.stringify(rows)}`);
  };
  const bare = async () => {
    const [row0] = await db.bulk({ docs: [await week()] });
    if (!row0.rev) throw new Error(`bare bulk: ${JSON.stringify(row0)}`);
  };
  const derive = async () => {
    await applyGoLive(stack.deps, 'gym', gymId);
  };

  const samples = { online: [] as number[], gateway: [] as number[], bare: [] as number[], derive: [] as number[] };
  const work = { online, gateway, bare, derive } as const;
  const order = ['online', 'gateway', 'bare', 'derive'] as const;
  for (let i = 0; i < WARM_UP; i += 1) for (const name of order) await work[name]();
  for (let i = 0; i < ROUNDS; i += 1) {
    // Rotate which goes first, so none always runs on a warmer cache.
    for (let j = 0; j < order.length; j += 1) {
      const name = order[(i + j) % order.length];
      samples[name].push((await timed(work[name])).ms);
    }
  }
  const profile = await stack.couch
    .use<{ status: boolean }>(DB.profiles)
    .get(profileDocId('gym', gymId))
    .catch(() => null);
  console.log(
    `gym status at the end: ${String(profile?.status)} (no payments account: Inactive, nothing written by the derivation)`,
  );
  console.log(row('online add + delete of a default class (2 calls)', summarise(samples.online)));
  console.log(row("device's default week through the gateway (_bulk_docs)", summarise(samples.gateway)));
  console.log(row('baseline: the same week straight to CouchDB (bulk)', summarise(samples.bare)));
  console.log(row('applyGoLive alone (what each write now adds)', summarise(samples.derive)));
});
