/**
 * Issue 27's reconnect, on real devices: two front-desk tablets, each a fresh headless Chromium
 * context (its own renderer process, IndexedDB, network) with the PWA's own tenant store and check-in
 * action, each holding the gym's 10,000 passes, record 500 check-ins each while offline (100 passes
 * checked in on both), then the network comes back (Playwright's `setOffline(false)`, which fires the
 * browser's `online` event as a real reconnect does). Measured from that moment: until the server has
 * decided every record (its last answer to a tablet's push, read from the tablets' request timings),
 * and until each tablet holds every outcome; records lost (must be 0), and every record decided in
 * CouchDB afterwards. The server (Hapi, gateway, embedded CouchDB on leveldb in a worker thread) runs
 * in this Node process.
 * reconnect.bench.ts measures the same in Node, where fake-indexeddb (half its CPU time) stands in for
 * the browser's IndexedDB and both tablets share the server's thread.
 * With BENCH_TIMELINE=1 it prints each tablet's sync requests after the network came back, with its
 * outcomes held and check-ins waiting as they changed; with BENCH_PROFILE=1 it profiles tablet 1's
 * main thread from the network back until it holds every outcome (unminified build).
 * Run: npx tsx bench/reconnect.browser.bench.ts   (ROUNDS=3)
 */
import { fileURLToPath } from 'node:url';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { storedDecisions } from '../sync-server/src/test-support/check-in-decisions.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { profileDuring } from './support/browser-profile.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { buildBenchPage, openBenchPage } from './support/browser-bench-page.ts';
import { seedGym, seedMemberCopies } from './support/gym-data.ts';
import { runBench } from './support/run.ts';
import { figure, ms, summarise, verdict } from './support/stats.ts';
import type {} from './browser/reconnect/reconnect-api.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PER_TABLET = 500;
const SHARED = 100; // passes both tablets check in
const TARGET_MS = 2_000;
const TIMEOUT_MS = 120_000;
const PAGE_ROOT = fileURLToPath(new URL('./browser/reconnect/', import.meta.url));
const READY = 'window.reconnectBench !== undefined';
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILE_FILE = 'reconnect-tablet-1.cpuprofile';

interface Round {
  serverDecided: number;
  tablets: number[];
  lost: number;
  /** Records the server's stored decisions do not decide, read once after the round. */
  undecided: number;
}

await runBench(
  'Reconnect in Chromium: 1,000 offline check-ins from two tablets pushed and decided',
  async (cleanup) => {
    const stack = await startBenchStack();
    cleanup(() => stack.stop());
    const built = await buildBenchPage(PAGE_ROOT, { minify: !PROFILE });
    cleanup(async () => built.remove());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}; ${ROUNDS} rounds, each a new gym of 10,000 passes`);

    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const gym = await seedGym(stack);
      const checkedIn = gym.todayPasses.slice(0, 2 * PER_TABLET - SHARED);
      await seedMemberCopies(stack, checkedIn);
      const token = await stack.gymToken(gym.gymId);
      const tablets = await Promise.all(
        [1, 2].map((t) => openBenchPage(browser, stack.origin, built, READY, `round ${round} tablet ${t}`)),
      );
      try {
        await Promise.all(
          tablets.map(({ page }) =>
            page.evaluate((input) => window.reconnectBench!.open(input), { gymId: gym.gymId, token }),
          ),
        );
        await Promise.all(tablets.map(({ context }) => context.setOffline(true)));
        // Tablet 1 checks in passes 0-499, tablet 2 passes 400-899, both at once as two desks would.
        const lists = [checkedIn.slice(0, PER_TABLET), checkedIn.slice(PER_TABLET - SHARED)].map((passes) =>
          passes.map((p) => p.passId),
        );
        const recorded = await Promise.all(
          tablets.map(({ page }, t) => page.evaluate((ids) => window.reconnectBench!.checkIn(ids), lists[t])),
        );
        const waiting = recorded.map((r) => r.waiting);
        const total = 2 * PER_TABLET;
        const recordedIds = recorded.flatMap((r) => r.ids);
        if (new Set(recordedIds).size !== total)
          throw new Error(`${new Set(recordedIds).size} of ${total} check-ins recorded`);
        await Promise.all(
          tablets.map(({ page }) => page.evaluate((ids) => window.reconnectBench!.followDecisions(ids), recordedIds)),
        );

        const pageClocks = await Promise.all(
          tablets.map(({ page }) => page.evaluate(() => window.reconnectBench!.now())),
        );
        const restoredAt = Date.now();
        await Promise.all(tablets.map(({ context }) => context.setOffline(false)));
        const holdsEveryOutcome = (page: (typeof tablets)[number]['page']) =>
          new Promise<number>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`a tablet held not every decision ${ms(TIMEOUT_MS)} after the network came back`)),
              TIMEOUT_MS,
            );
            page
              .evaluate(() => window.reconnectBench!.decisionsHeld())
              .then(
                () => (clearTimeout(timer), resolve(Date.now() - restoredAt)),
                (err: unknown) => (clearTimeout(timer), reject(err)),
              );
          });
        const tabletsDone = await Promise.all(
          tablets.map(async ({ page }, t) => {
            if (!PROFILE || t > 0 || round < ROUNDS) return holdsEveryOutcome(page);
            const { value, summary } = await profileDuring(page, PROFILE_FILE, () => holdsEveryOutcome(page));
            console.log(
              `tablet 1's main thread, ${ms(summary.wallMs)}: idle ${ms(summary.idleMs)}, native ${ms(summary.programMs)}, GC ${ms(summary.garbageCollectionMs)}; self time:\n  ${[
                ...summary.functions,
              ]
                .sort((a, b) => b.selfMs - a.selfMs)
                .slice(0, 25)
                .map((f) => `${ms(f.selfMs)} ${f.name}`)
                .join(
                  '\n  ',
                )}\n(raw profile: ${PROFILE_FILE}; by package: npx tsx bench/support/profile-summary.ts ${PROFILE_FILE})`,
            );
            return value;
          }),
        );
        // When the server had decided every record: its last answer to a push, which it sends once it
        // has written the decisions on that push's records (a tablet holds no decision before the server
        // wrote it). Read from the tablets' own request timings rather than by following the
        // database's changes: a third reader of the same changes would add a third of the couch's
        // work in the window measured. The stored decisions are checked once, after.
        const pushesAnswered = await Promise.all(
          tablets.map(({ page }, t) =>
            page.evaluate((since) => window.reconnectBench!.lastPushAnswered(since), pageClocks[t]),
          ),
        );
        if (pushesAnswered.some((at) => at === null))
          throw new Error('a tablet sent no check-ins after the network came back');
        const decided = await storedDecisions(stack.couch.use(`mastr_gym_${gym.gymId}`));
        const undecided = recordedIds.filter((id) => !decided.has(id)).length;
        if (process.env.BENCH_TIMELINE === '1')
          for (const [t, { page }] of tablets.entries())
            console.log(
              `tablet ${t + 1}'s sync requests from the network back:\n  ${(await page.evaluate((since) => window.reconnectBench!.requests(since), pageClocks[t])).join('\n  ')}`,
            );

        const checkIns = await stack.couch
          .use<CheckInDoc>(`mastr_gym_${gym.gymId}`)
          .list({ startkey: 'checkin:', endkey: 'checkin:\ufff0' });
        const lost = total - checkIns.rows.length;
        const result = {
          serverDecided: Math.round(Math.max(...(pushesAnswered as number[]))),
          tablets: tabletsDone,
          lost,
          undecided,
        };
        rounds.push(result);
        console.log(
          `round ${round}: offline ${waiting.join(' + ')} waiting; from the network back: server decided all ${ms(result.serverDecided)}, tablets hold every decision ${tabletsDone.map(ms).join(' / ')}; ${checkIns.rows.length} on the server, ${lost} lost, ${undecided} undecided`,
        );
      } finally {
        await Promise.all(tablets.map(({ context }) => context.close()));
      }
    }

    const slowest = rounds.map((r) => Math.max(r.serverDecided, ...r.tablets));
    const { p50 } = summarise(slowest);
    console.log(
      `both tablets hold every decision, from the network back: ${slowest.map(ms).join(', ')} (median ${ms(p50)})`,
    );
    figure('reconnect-browser.network-back', p50, 'ms');
    figure(
      'reconnect-browser.lost',
      rounds.reduce((sum, r) => sum + r.lost, 0),
      'records',
    );
    verdict(
      '0 lost',
      rounds.every((r) => r.lost === 0),
      `${rounds.map((r) => r.lost).join(', ')} lost`,
    );
    verdict(
      'every record decided on the server',
      rounds.every((r) => r.undecided === 0),
      `${rounds.map((r) => r.undecided).join(', ')} undecided`,
    );
    verdict(`≤ ${TARGET_MS} ms from the network back (median)`, p50 <= TARGET_MS, ms(p50));
  },
  "the PWA's tenant store in headless Chromium (Dexie on IndexedDB), a context per tablet",
);
