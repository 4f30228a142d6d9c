/**
 * Issue 10's offline schedule edit in a real browser: the PWA's tenant store for the 10,000-pass
 * bench gym in headless Chromium (Dexie on Chromium's IndexedDB, as the app opens it), first synced,
 * then offline (the context's network cut), and the Schedule page's edit path timed from the tap to
 * the class on the page's live weeks, next to a raw Dexie put of the same week in the same page,
 * alternating. The Node bench (schedule-edit.bench.ts) runs the same path on fake-indexeddb with a
 * per-step breakdown.
 * Run: npx tsx bench/schedule-edit.browser.bench.ts
 */
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';
import type { EditSeries, OpenInput } from './browser/schedule-edit/schedule-edit-api.ts';
import { startBenchStack } from './support/bench-stack.ts';
import { buildBenchPage, openBenchPage } from './support/browser-bench-page.ts';
import { seedGym } from './support/gym-data.ts';
import { runBench } from './support/run.ts';
import { ms, ratio, summarise, verdict } from './support/stats.ts';

const WARM_UP = 10;
const EDITS = 200;
const TARGET_P95_MS = 16;
const PAGE_ROOT = fileURLToPath(new URL('./browser/schedule-edit/', import.meta.url));

await runBench(
  'Offline schedule edit in Chromium: tap to visible (10,000 passes on the device)',
  async (cleanup) => {
    const stack = await startBenchStack();
    cleanup(() => stack.stop());
    const gym = await seedGym(stack);
    const built = await buildBenchPage(PAGE_ROOT);
    cleanup(async () => built.remove());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    const { context, page } = await openBenchPage(
      browser,
      stack.origin,
      built,
      'window.scheduleEditBench !== undefined',
      'schedule edit',
    );
    cleanup(() => context.close());

    const input: OpenInput = { gymId: gym.gymId, token: await stack.gymToken(gym.gymId) };
    const held = await page.evaluate((i) => window.scheduleEditBench!.open(i), input);
    await context.setOffline(true);
    await page.evaluate(() => window.scheduleEditBench!.offline());
    console.log(`Chromium ${browser.version()} (headless); the device holds ${held} documents; offline`);

    const series: EditSeries = await page.evaluate((args) => window.scheduleEditBench!.edit(args), {
      gymId: gym.gymId,
      warmUp: WARM_UP,
      count: EDITS,
    });
    const [v, s, r] = [summarise(series.visible), summarise(series.saved), summarise(series.raw)];
    const line = (label: string, x: typeof v) =>
      console.log(`${label.padEnd(40)} p50 ${ms(x.p50)}  p95 ${ms(x.p95)}  max ${ms(x.max)}`);
    console.log(`week document ${series.weekBytes} B at the end`);
    line(`tap → visible on the page (n=${v.n})`, v);
    line('tap → durable local write', s);
    line('raw Dexie put (same page, alternating)', r);
    console.log(`ratio to raw Dexie put: p50 ${ratio(v.p50, r.p50)}  p95 ${ratio(v.p95, r.p95)}`);
    verdict(`p95 ≤ ${TARGET_P95_MS} ms`, v.p95 <= TARGET_P95_MS, ms(v.p95));
  },
  'headless Chromium',
);
