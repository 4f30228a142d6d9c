/**
 * Start-up JavaScript of `/` (issue 27: ≤ 70 kB gzip). Counted as the issue counts it: every script
 * the page itself requests (entry, modulepreloads, dynamic imports) until the network is idle, in a
 * fresh context with the service worker blocked (its precache is background work, not start-up).
 * Each body is gzipped with node:zlib level 6, as bench/bundle-size does. `/auth` and `/gyms` are
 * printed alongside, as the issue names the timetable preload on `/auth` too. The same-run baseline:
 * BASELINE_REF (a commit, default the one before issue 27's start-up work) is extracted with
 * `git archive`, built the same way and served by a second instance of the same stack.
 * kB = 1,000 bytes.
 * Run: npx tsx bench/start-js.bench.ts   (BASELINE_REF=none skips the baseline)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { serveImagesLocally, startDirectoryServer } from './support/directory-server.ts';
import { buildBaselinePwa, buildPwa } from './support/pwa-builds.ts';
import { runBenchIn } from './support/run.ts';
import { figure, verdict } from './support/stats.ts';

const TARGET_BYTES = 70_000;
const BASELINE_REF = process.env.BASELINE_REF ?? 'b315d5a';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Every script `route` requests in a new visitor's page until network idle, with its gzip size. */
async function startScripts(browser: Browser, origin: string, route: string): Promise<Map<string, number>> {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block', locale: 'en-GB' });
  try {
    await serveImagesLocally(context);
    const page = await context.newPage();
    // Every script request is kept and read once the network is idle: a request Chromium issues
    // late (a lazy page's chunk, workbox-window) is counted like the entry.
    const requests: Request[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) requests.push(request);
    });
    await page.goto(route, { waitUntil: 'networkidle', timeout: 30_000 });
    const scripts = new Map<string, number>();
    for (const request of requests) {
      const body = await (await request.response())?.body();
      if (!body) throw new Error(`No body for ${request.url()}`);
      scripts.set(new URL(request.url()).pathname.replace(/^\//, ''), gzipSync(body, { level: 6 }).length);
    }
    return scripts;
  } finally {
    await context.close();
  }
}

await runBenchIn(
  'Start-up JavaScript of / (gzip, every script the page requests until network idle)',
  'Chromium headless · loopback server, CouchDB: embedded (memory)',
  async (cleanup) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-start-js-'));
    cleanup(async () => rmSync(outDir, { recursive: true, force: true }));
    await buildPwa(REPO_ROOT, outDir);
    const server = await startDirectoryServer(20, outDir);
    cleanup(() => server.stop());
    const builds = [{ name: 'this tree', origin: server.origin }];
    if (BASELINE_REF !== 'none') {
      const baseOut = await buildBaselinePwa(BASELINE_REF, cleanup);
      const instance = await server.stack.startInstance({ host: '127.0.0.1', port: 0, pwaDistDir: baseOut });
      await instance.start();
      builds.push({ name: `baseline ${BASELINE_REF}`, origin: instance.info.uri });
    }
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}`);

    const homes = new Map<string, number>();
    for (const { name, origin } of builds) {
      console.log(`\n## ${name}`);
      for (const route of ['/', '/auth', '/gyms']) {
        const scripts = await startScripts(browser, origin, route);
        const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
        if (route === '/') homes.set(name, total);
        console.log(`\n${route.padEnd(8)} ${String(scripts.size).padStart(2)} files  ${kB(total).padStart(9)}`);
        for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
          console.log(`  ${file.padEnd(48)} ${kB(size).padStart(9)}`);
        }
      }
    }
    const home = homes.get('this tree')!;
    console.log('');
    for (const [name, total] of homes) console.log(`/ — ${name}: ${kB(total)}`);
    figure('start-js-home', home / 1000, 'kB');
    verdict(`start-up JS of / ≤ ${kB(TARGET_BYTES)} gzip`, home <= TARGET_BYTES, kB(home));
  },
);
