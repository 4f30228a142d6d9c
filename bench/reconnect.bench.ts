/**
 * Reconnect: two front-desk tablets, each holding the gym's 10,000 passes, record 500 check-ins
 * each while the server is unreachable (100 passes checked in on both, minutes apart), then the
 * network comes back. Measured: until every record and its outcome are on the server, and until
 * both tablets have pulled every outcome; records lost (must be 0). The replication retries on its
 * own (the store's production retry pause, 1 s), so the figures are given from the moment the
 * network is back and from the first request that reached the server.
 * With BENCH_COUCH_TIMING=1 it also shows where the gateway's time goes, per CouchDB call.
 * BENCH_DATABASE chooses the CouchDB (support/bench-couch.ts: embedded, apache, cluster).
 * With BENCH_TIMELINE=1 it prints every sync request answered after the network came back (when,
 * how long, documents in a `_changes` answer) and when each tablet held every 100th outcome.
 * With BENCH_CPU_PROFILE=file.cpuprofile it profiles the one Node thread from the network's return
 * until every outcome is in (open in Chrome DevTools, or `npx tsx bench/support/profile-summary.ts`).
 * Run: npx tsx bench/reconnect.bench.ts   (breakdown: BENCH_COUCH_TIMING=1 npx tsx bench/reconnect.bench.ts)
 */
import type { CheckInDoc, CheckInOutcomeDoc } from '@mastr/rules/documents.ts';
import { startNetworkCable } from '../pwa/src/data/test-support/network-cable.ts';
import type { OpenedTenantStore } from '../pwa/src/data/tenant-store.ts';
import { startBenchStack } from './support/bench-stack.ts';
import {
  deviceCheckIns,
  deviceDecisions,
  firstSyncDone,
  latestStatus,
  openGymDevice,
  todayList,
} from './support/devices.ts';
import { recordCheckIn } from './support/front-desk-actions.ts';
import { seedGym, seedMemberCopies } from './support/gym-data.ts';
import { watchDeviceDecisions, watchServerDecisions } from './support/arrivals.ts';
import { storedDecisions } from '../sync-server/src/test-support/check-in-decisions.ts';
import { startCpuProfile } from './support/cpu-profile.ts';
import { runBench } from './support/run.ts';
import { figure, ms, verdict, waitUntil } from './support/stats.ts';

const PER_TABLET = 500;
const SHARED = 100; // passes both tablets check in
const TARGET_MS = 5_000;
const TIMEOUT_MS = 120_000;

await runBench('Reconnect: 1,000 offline check-ins from two tablets pushed and decided', async (cleanup) => {
  const stack = await startBenchStack();
  cleanup(() => stack.stop());
  const gym = await seedGym(stack);
  const checkedIn = gym.todayPasses.slice(0, 2 * PER_TABLET - SHARED);
  await seedMemberCopies(stack, checkedIn);

  const tablets: { store: OpenedTenantStore; cable: Awaited<ReturnType<typeof startNetworkCable>> }[] = [];
  for (let i = 0; i < 2; i += 1) {
    const cable = await startNetworkCable(stack.origin);
    cleanup(() => cable.close());
    const store = await openGymDevice(stack, gym.gymId, { baseUrl: cable.url });
    cleanup(() => store.remove());
    await firstSyncDone(store, TIMEOUT_MS);
    tablets.push({ store, cable });
  }
  for (const { store, cable } of tablets) {
    await cable.cut();
    await waitUntil(() => !latestStatus(store).online, {
      timeoutMs: 15_000,
      what: 'the tablet to notice it is offline',
    });
  }

  // Tablet 1 checks in passes 0-499, tablet 2 passes 400-899, interleaved as two desks would.
  const lists = await Promise.all(tablets.map(({ store }) => todayList(store)));
  const byPass = lists.map((list) => new Map(list.map((v) => [v.passId, v])));
  for (let i = 0; i < PER_TABLET; i += 1) {
    for (const [t, offset] of [
      [0, 0],
      [1, PER_TABLET - SHARED],
    ] as const) {
      const view = byPass[t].get(checkedIn[offset + i].passId)!;
      const { text } = await recordCheckIn(tablets[t].store, view, 'tap');
      if (text !== 'Checked In.') throw new Error(`Tablet ${t + 1}: '${text}'`);
    }
  }
  // A tap is durable in the device journal when it answers; offline, that is where every record
  // waits (the collection gets it from the pull): count them as the front desk lists them.
  const total = 2 * PER_TABLET;
  const recorded = (await Promise.all(tablets.map(({ store }) => deviceCheckIns(store)))).flat();
  if (recorded.length !== total) throw new Error(`${recorded.length} of ${total} check-ins on the tablets`);
  console.log(
    `offline: ${tablets.map(({ store }) => latestStatus(store).pending).join(' + ')} check-ins waiting to sync; ${SHARED} passes on both tablets`,
  );

  let restoredAt = Number.POSITIVE_INFINITY;
  let firstContact = 0;
  let firstPush = 0;
  const bulkDocs: number[] = [];
  const timeline: [number, string][] = [];
  if (process.env.BENCH_TIMELINE === '1')
    stack.server.ext('onRequest', (request, h) => {
      if (request.path.endsWith('/_changes') && request.query.feed === 'longpoll' && Date.now() >= restoredAt)
        timeline.push([
          Date.now(),
          `${String(Date.now() - restoredAt).padStart(6)} ms           long-poll asked since=${String(request.query.since).slice(0, 12)}`,
        ]);
      return h.continue;
    });
  stack.server.events.on('response', (request) => {
    // A long-poll the server received before the cable was cut answers (aborted) only now: not contact.
    if (!request.path.startsWith('/sync/') || request.info.received < restoredAt) return;
    if (!firstContact) firstContact = request.info.received;
    if (process.env.BENCH_TIMELINE === '1') {
      const source = (request.response as { source?: unknown } | null)?.source as { results?: unknown[] } | undefined;
      const results = Array.isArray(source?.results) ? ` ${source.results.length} changes` : '';
      timeline.push([
        request.info.responded,
        `${String(request.info.received - restoredAt).padStart(6)} → ${String(request.info.responded - restoredAt).padStart(6)} ms  ${request.method.toUpperCase()} ${request.path.replace(/^.*\//, '')}${request.query.feed ? ` ${String(request.query.feed)}` : ''}${results}`,
      ]);
    }
    if (!request.path.endsWith('/_bulk_docs')) return;
    if (!firstPush) firstPush = request.info.received;
    bulkDocs.push(request.info.responded - request.info.received);
  });
  stack.timing?.reset();

  const gymDb = stack.couch.use<CheckInDoc | CheckInOutcomeDoc>(`mastr_gym_${gym.gymId}`);
  const serverDocs = async <T>(prefix: string) =>
    (await gymDb.list({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` })).rows.map((r) => r.doc as T);
  const serverCheckIns = () => serverDocs<CheckInDoc>('checkin:');
  // Arrivals are followed from change feeds and events, not by reading every decision back each
  // 50 ms: that polling shared the one Node thread with the server and tablets and slowed them.
  // A decision is a pass update (counted) or an outcome document (duplicate, refused): decision 197.
  const recordedIds = new Set(recorded.map((r) => r._id));
  const serverArrivals = await watchServerDecisions(stack.config.couchUrl!, `mastr_gym_${gym.gymId}`, recordedIds);
  const tabletArrivals = tablets.map(({ store }) => watchDeviceDecisions(store, recordedIds));
  cleanup(async () => [serverArrivals, ...tabletArrivals].forEach((a) => a.stop()));
  // Each tablet's outcome count as the wait below samples it (every 50 ms), for the timeline.
  const logged = tablets.map(() => 0);
  const noteTablets = () =>
    tabletArrivals.forEach((arrivals, t) => {
      const n = arrivals.count();
      if (process.env.BENCH_TIMELINE !== '1' || n === logged[t]) return;
      timeline.push([
        Date.now(),
        `${String(Date.now() - restoredAt).padStart(15)} ms  tablet ${t + 1} holds ${(logged[t] = n)} decisions`,
      ]);
    });
  const profile = process.env.BENCH_CPU_PROFILE ? await startCpuProfile() : null;
  restoredAt = Date.now();
  await Promise.all(tablets.map(({ cable }) => cable.restore()));
  await waitUntil(() => (noteTablets(), [serverArrivals, ...tabletArrivals].every((a) => a.doneAt() > 0)), {
    timeoutMs: TIMEOUT_MS,
    everyMs: 50,
    what: 'every record decided on the server and on both tablets',
  }).catch((err) => {
    console.log(
      `progress: ${serverArrivals.count()}/${total} decided on the server, ${tabletArrivals.map((a) => a.count()).join(' and ')} on the tablets; ${bulkDocs.length} pushes answered`,
    );
    throw err;
  });
  const done = { server: serverArrivals.doneAt(), tablets: tabletArrivals.map((a) => a.doneAt()) };
  if (profile) console.log(`CPU profile: ${await profile.stop(process.env.BENCH_CPU_PROFILE!)}`);
  if (timeline.length)
    console.log(
      `timeline (from the network back):\n${timeline
        .sort((a, b) => a[0] - b[0])
        .map(([, line]) => line)
        .join('\n')}`,
    );

  const onServer = new Map((await serverCheckIns()).map((d) => [d._id, d]));
  const lost = recorded.filter((r) => !onServer.has(r._id)).length;
  const decisions = await storedDecisions(gymDb);
  const outcomes = [...decisions.values()].reduce<Record<string, number>>(
    (n, { outcome: o }) => ({ ...n, [o]: (n[o] ?? 0) + 1 }),
    {},
  );
  const disagreeing = (await Promise.all(tablets.map(({ store }) => deviceDecisions(store))))
    .flatMap((held) => [...held])
    .filter(([id, d]) => d.outcome !== decisions.get(id)?.outcome).length;
  const allDone = Math.max(done.server, ...done.tablets);
  console.log(
    `records: ${total} recorded, ${onServer.size} on the server, ${lost} lost; outcomes ${JSON.stringify(outcomes)}; tablet copies disagreeing with the server: ${disagreeing}`,
  );
  // The live long-poll retries at once; a push waits for the replication's retry pause.
  console.log(
    `first request reached the server ${ms(firstContact - restoredAt)} after the network came back, first push ${ms(firstPush - restoredAt)} (retry pause)`,
  );
  console.log(
    `from the network back:   server decided all ${ms(done.server - restoredAt)}; tablets pulled all ${done.tablets.map((d) => ms(d - restoredAt)).join(' / ')}`,
  );
  console.log(
    `from first contact:      server decided all ${ms(done.server - firstContact)}; tablets pulled all ${done.tablets.map((d) => ms(d - firstContact)).join(' / ')}`,
  );
  const bulkTotal = bulkDocs.reduce((a, b) => a + b, 0);
  console.log(
    `gateway _bulk_docs: ${bulkDocs.length} pushes, ${ms(bulkTotal)} in total, ${ms(bulkTotal / total)} per check-in, slowest ${ms(Math.max(...bulkDocs))}`,
  );
  if (stack.timing) {
    console.log(
      "The check-in service's CouchDB calls meanwhile (calls, total, mean; concurrent calls overlap, so totals exceed wall time):",
    );
    for (const [label, s] of stack.timing.report())
      console.log(
        `  ${label.padEnd(28)} ${String(s.calls).padStart(5)}  ${ms(s.totalMs).padStart(8)}  ${ms(s.totalMs / s.calls)}`,
      );
  }
  figure('reconnect.network-back', allDone - restoredAt, 'ms');
  figure('reconnect.first-contact', allDone - firstContact, 'ms');
  figure('reconnect.server-decided', done.server - firstContact, 'ms');
  figure('reconnect.lost', lost + disagreeing, 'records');
  verdict(`0 lost`, lost === 0 && disagreeing === 0, `${lost} lost, ${disagreeing} disagreeing`);
  verdict(`≤ ${TARGET_MS} ms from the network back`, allDone - restoredAt <= TARGET_MS, ms(allDone - restoredAt));
  verdict(`≤ ${TARGET_MS} ms from first contact`, allDone - firstContact <= TARGET_MS, ms(allDone - firstContact));
});
