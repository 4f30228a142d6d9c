/**
 * First contentful paint of `/` on a throttled phone (issue 27: "a static shell paints first",
 * decisions.md 131). One production build of this tree is served twice by the same stack: as built,
 * with index.html's static shell, and the same-run baseline, the same files with the shell stripped
 * from index.html (an empty `#root`, as before). Each visit is a new visitor (fresh context, service
 * worker blocked) on a 390 × 844 screen under Lighthouse's mobile throttling through CDP: 150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×. The two builds take turns so load on the
 * shared machine falls on both alike. Printed: FCP, when React's first render replaced the shell or
 * filled the empty root ("app"), and LCP, each p50 / p95 over RUNS visits.
 * Run: npx tsx bench/first-paint.bench.ts   (RUNS=9 by default)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { buildPwaIfStale } from '../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { serveImagesLocally, startDirectoryServer } from './support/directory-server.ts';
import { runBenchIn } from './support/run.ts';
import { figure, ms, summarise, verdict } from './support/stats.ts';

const RUNS = Number(process.env.RUNS ?? 9);
/** Lighthouse's mobile preset ("slow 4G", Moto G Power). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

interface Visit {
  fcp: number;
  app: number;
  lcp: number;
}

declare global {
  interface Window {
    appRenderedAt?: number;
    lcpAt?: number;
  }
}

/** One new visitor's load of `/`: when the first paint came, when React had rendered, when the largest paint came. */
async function visit(browser: Browser, origin: string): Promise<Visit> {
  const context = await browser.newContext({
    baseURL: origin,
    serviceWorkers: 'block',
    locale: 'en-GB',
    viewport: { width: 390, height: 844 },
  });
  try {
    await serveImagesLocally(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      // React's render is the first `.site` that is not the static shell (or the splash).
      new MutationObserver((_, observer) => {
        if (document.querySelector('.site:not([data-static-shell]), .splash')) {
          window.appRenderedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.lcpAt = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/', { waitUntil: 'networkidle', timeout: 60_000 });
    // Paint entries are queued after the frame is presented; one slow frame can land after network idle.
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0 && window.lcpAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    const figures = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      app: window.appRenderedAt,
      lcp: window.lcpAt,
    }));
    if (figures.fcp === undefined || figures.app === undefined || figures.lcp === undefined)
      throw new Error(`Missing a figure: ${JSON.stringify(figures)}`);
    return figures as Visit;
  } finally {
    await context.close();
  }
}

/** A copy of the build whose index.html has an empty `#root`, as before the static shell. */
function withoutShell(distDir: string, into: string): void {
  cpSync(distDir, into, { recursive: true });
  const indexFile = path.join(into, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  const stripped = html.replace(
    /<!-- Static shell[\s\S]*?-->\s*<div id="root">[\s\S]*<\/div>\s*(?=<\/body>)/,
    '<div id="root"></div>\n  ',
  );
  if (stripped === html || stripped.includes('data-static-shell'))
    throw new Error('No static shell found in index.html');
  writeFileSync(indexFile, stripped);
}

await runBenchIn(
  'First contentful paint of / with the static shell and without (same build)',
  `Chromium headless · 390 × 844 · ${NETWORK.latency} ms RTT, 1.6 Mbit/s, CPU ${CPU_SLOWDOWN}× · loopback server, CouchDB: embedded (memory)`,
  async (cleanup) => {
    await buildPwaIfStale(REPO_ROOT);
    const distDir = path.join(REPO_ROOT, 'pwa', 'dist');
    const bareDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-first-paint-'));
    cleanup(async () => rmSync(bareDir, { recursive: true, force: true }));
    withoutShell(distDir, bareDir);

    const server = await startDirectoryServer(20, distDir);
    cleanup(() => server.stop());
    const bare = await server.stack.startInstance({ host: '127.0.0.1', port: 0, pwaDistDir: bareDir });
    await bare.start();
    const builds = [
      { name: 'static shell', origin: server.origin, visits: [] as Visit[] },
      { name: 'baseline: empty #root', origin: bare.info.uri, visits: [] as Visit[] },
    ];
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()} · ${RUNS} visits each, taking turns`);

    // One unmeasured visit each: the server's first answers (file handles, the directory read) are no part of a paint.
    for (const build of builds) await visit(browser, build.origin);
    for (let run = 0; run < RUNS; run++)
      for (const build of builds) build.visits.push(await visit(browser, build.origin));

    console.log('\n| build | FCP p50 / p95 | app rendered p50 / p95 | LCP p50 / p95 |');
    console.log('| --- | --- | --- | --- |');
    for (const { name, visits } of builds) {
      const cell = (key: keyof Visit) => {
        const s = summarise(visits.map((v) => v[key]));
        return `${ms(s.p50)} / ${ms(s.p95)}`;
      };
      console.log(`| ${name} | ${cell('fcp')} | ${cell('app')} | ${cell('lcp')} |`);
    }
    const [shell, baseline] = builds.map((b) => summarise(b.visits.map((v) => v.fcp)).p50);
    const paintedFirst = builds[0].visits.filter((v) => v.fcp < v.app).length;
    console.log(`\nvisits with the shell whose first paint came before React's render: ${paintedFirst} of ${RUNS}`);
    figure('first-paint-shell-p50', shell, 'ms');
    figure('first-paint-baseline-p50', baseline, 'ms');
    verdict('the static shell paints before React renders', paintedFirst === RUNS, `${paintedFirst} of ${RUNS}`);
  },
);
