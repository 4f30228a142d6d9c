/**
 * Issue 27's reconnect, the device's part alone: what this browser's IndexedDB costs to store the
 * documents a front desk pulls after two tablets' 1,000 offline check-ins (a check-in, its outcome
 * and a pass update each; 100 passes checked in twice, duplicates), into a device already holding
 * the gym's 10,000 passes, written as the pull writes them (its own copies read, one bulk write per
 * 1,000). Two document sets in one run, each on a fresh device in a fresh context, the order
 * alternating: the documents the server wrote before decision 197 (an outcome document for every
 * check-in), and those it writes since (a counted check-in told by its pass's `countedCheckIns`
 * alone, an outcome document only for a duplicate or refusal). reconnect.browser.bench.ts
 * measures the whole reconnect; this says how much of it is storing, which no pull protocol wins
 * back while each document is its own IndexedDB record.
 * Run: npx tsx bench/reconnect-storage.browser.bench.ts   (ROUNDS=4)
 */
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildBenchPage, openBenchPage } from './support/browser-bench-page.ts';
import { runBenchIn } from './support/run.ts';
import { ms, summarise } from './support/stats.ts';
import type { ReconnectStorageFigures } from './browser/reconnect-storage/reconnect-storage-api.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 4);
const PAGE_ROOT = fileURLToPath(new URL('./browser/reconnect-storage/', import.meta.url));
/** Never contacted: Playwright answers the page's own files, and the page makes no other request. */
const ORIGIN = 'http://127.0.0.1:9';

await runBenchIn(
  'Reconnect storage in Chromium: the documents of 1,000 decided check-ins stored on a front desk',
  'Chromium headless, no server',
  async (cleanup) => {
    const built = await buildBenchPage(PAGE_ROOT);
    cleanup(async () => built.remove());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}; ${ROUNDS} rounds, each in a fresh context`);
    /** One set stored on a fresh device in a fresh context (its own IndexedDB). */
    const store = async (countedOnPass: boolean, label: string): Promise<ReconnectStorageFigures> => {
      const ready = 'window.reconnectStorageBench !== undefined';
      const { page, context } = await openBenchPage(browser, ORIGIN, built, ready, label);
      try {
        const input = { passes: 10_000, checkIns: 1_000, shared: 100, batch: 1_000, countedOnPass };
        return await page.evaluate((asked) => window.reconnectStorageBench!.run(asked), input);
      } finally {
        await context.close();
      }
    };
    const today: ReconnectStorageFigures[] = [];
    const fewer: ReconnectStorageFigures[] = [];
    const each = (f: ReconnectStorageFigures) => `${(f.ms / f.documents).toFixed(2)} ms each`;
    for (let round = 1; round <= ROUNDS; round += 1) {
      // The order alternates between rounds.
      const order = round % 2 === 1 ? [false, true] : [true, false];
      for (const countedOnPass of order)
        (countedOnPass ? fewer : today).push(await store(countedOnPass, `round ${round}`));
      const [t, f] = [today.at(-1)!, fewer.at(-1)!];
      console.log(
        `round ${round}: before 197 ${t.documents} documents (${t.updates} pass updates) in ${ms(t.ms)} (${each(t)}) · ` +
          `since 197 (no counted outcome documents) ${f.documents} in ${ms(f.ms)} (${each(f)})`,
      );
    }
    const todayMs = summarise(today.map((f) => f.ms)).p50;
    const fewerMs = summarise(fewer.map((f) => f.ms)).p50;
    console.log(
      `median: before 197 ${ms(todayMs)}; since 197 ${ms(fewerMs)} (${(fewerMs / todayMs).toFixed(2)}× before)`,
    );
  },
);
