/**
 * /gyms first render with 2,000 public gyms (issue 4: ≤ 1 s in Chromium): the built PWA served by
 * the real Hapi server over a CouchDB holding a generated UK directory (gyms, coaches, memberships
 * written straight into `mastr_profiles`). Each load is a cold visitor: a fresh browser context (no
 * HTTP cache, no service worker, no stored data). Measured in the page, from navigation start to the
 * frame after the first gym card entered the DOM; median of several loads, next to the same page
 * with 20 gyms measured on the same server before it grows.
 * Run: npx tsx bench/gyms-first-render.bench.ts
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, newAppContext } from '../e2e/support/browser.ts';
import { buildPwaIfStale } from '../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { serveImagesLocally, startDirectoryServer, type DirectoryServer } from './support/directory-server.ts';
import { runBenchIn } from './support/run.ts';
import { ms, percentile, ratio, verdict } from './support/stats.ts';

const GYMS = 2_000;
const BASELINE_GYMS = 20;
const LOADS = 9;
const TARGET_MS = 1_000;
const LOAD_TIMEOUT_MS = 30_000;

interface Load {
  firstCardMs: number;
  /** When the app's JavaScript had arrived (the last script's responseEnd). */
  scriptsMs: number;
  /** GET /api/gyms: request start and response end, and the bytes on the wire. */
  apiStartMs: number;
  apiEndMs: number;
  apiTransferBytes: number;
  cards: number;
}

/** Records, in the page's own clock, the frame after the first gym card entered the DOM. */
const FIRST_CARD_PROBE = () => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('li.gym-card')) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => ((window as unknown as { __firstCardMs: number }).__firstCardMs = performance.now())),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
};

async function coldLoad(browser: Browser, server: DirectoryServer): Promise<Load> {
  const context = await newAppContext(browser, server.origin);
  try {
    await serveImagesLocally(context);
    await context.addInitScript(FIRST_CARD_PROBE);
    const page = await context.newPage();
    await page.goto('/gyms', { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __firstCardMs?: number }).__firstCardMs !== undefined,
      undefined,
      { timeout: LOAD_TIMEOUT_MS },
    );
    return await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const api = entries.find((e) => new URL(e.name).pathname === '/api/gyms');
      const scripts = entries.filter((e) => e.name.endsWith('.js'));
      return {
        firstCardMs: (window as unknown as { __firstCardMs: number }).__firstCardMs,
        scriptsMs: Math.max(0, ...scripts.map((e) => e.responseEnd)),
        apiStartMs: api?.startTime ?? NaN,
        apiEndMs: api?.responseEnd ?? NaN,
        apiTransferBytes: api?.transferSize ?? NaN,
        cards: document.querySelectorAll('li.gym-card').length,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]) => percentile(values, 50);

/** One load first (not counted: the server builds and memoises its list), then LOADS cold visitors. */
async function measure(browser: Browser, server: DirectoryServer, gyms: number): Promise<number> {
  const first = await coldLoad(browser, server);
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i += 1) loads.push(await coldLoad(browser, server));
  const firstCard = median(loads.map((l) => l.firstCardMs));
  console.log(
    `${`${gyms.toLocaleString('en-GB')} gyms`.padEnd(11)} first card: median ${ms(firstCard).padStart(7)}  min ${ms(Math.min(...loads.map((l) => l.firstCardMs))).padStart(7)}  ` +
      `max ${ms(Math.max(...loads.map((l) => l.firstCardMs))).padStart(7)}  (first load, server list not yet built: ${ms(first.firstCardMs)})`,
  );
  console.log(
    `            medians: scripts in ${ms(median(loads.map((l) => l.scriptsMs)))} · GET /api/gyms ${ms(median(loads.map((l) => l.apiStartMs)))} → ` +
      `${ms(median(loads.map((l) => l.apiEndMs)))} (${(median(loads.map((l) => l.apiTransferBytes)) / 1024).toFixed(0)} KiB on the wire) · ` +
      `${loads[0].cards} cards in the first render`,
  );
  return firstCard;
}

await runBenchIn(
  `/gyms first render with ${GYMS.toLocaleString('en-GB')} gyms, cold visitors`,
  'Chromium headless · loopback server, CouchDB: embedded (memory)',
  async (cleanup) => {
    await buildPwaIfStale(REPO_ROOT);
    const server = await startDirectoryServer(BASELINE_GYMS);
    cleanup(() => server.stop());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()} · ${LOADS} cold loads each (fresh context)`);

    const baseline = await measure(browser, server, BASELINE_GYMS);
    await server.addGyms(GYMS - BASELINE_GYMS);
    const full = await measure(browser, server, GYMS);
    console.log(`ratio to baseline (median): ${ratio(full, baseline)}`);
    verdict(
      `first render ≤ ${TARGET_MS} ms with ${GYMS.toLocaleString('en-GB')} gyms`,
      full <= TARGET_MS,
      `median ${ms(full)}`,
    );
  },
);
