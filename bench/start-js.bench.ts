/**
 * Start-up JavaScript of `/` (issue 27: ≤ 70 kB gzip). Counted as the issue counts it: every script
 * the page itself requests (entry, modulepreloads, dynamic imports) until the network is idle, in a
 * fresh context with the service worker blocked (its precache is background work, not start-up).
 * Each body is gzipped with node:zlib level 6, as bench/bundle-size does. `/auth` and `/gyms` are
 * printed alongside, as the issue names the timetable preload on `/auth` too. The same-run baseline
 * is the issue's own figure (151 kB before issue 27) and the target; bench/RESULTS.md keeps the
 * before/after of each step. kB = 1,000 bytes.
 * Run: npx tsx bench/start-js.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { withProductionNodeEnv } from '../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { serveImagesLocally, startDirectoryServer } from './support/directory-server.ts';
import { runBenchIn } from './support/run.ts';
import { figure, verdict } from './support/stats.ts';

const TARGET_BYTES = 70_000;
const BEFORE_ISSUE_BYTES = 151_000;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Every script `route` requests in a new visitor's page until network idle, with its gzip size. */
async function startScripts(browser: Browser, origin: string, route: string): Promise<Map<string, number>> {
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block', locale: 'en-GB' });
  try {
    await serveImagesLocally(context);
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const scripts = new Map<string, number>();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
      pending.push(
        (async () => {
          const body = await (await request.response())?.body();
          if (body) scripts.set(url.pathname.replace(/^\//, ''), gzipSync(body, { level: 6 }).length);
        })(),
      );
    });
    await page.goto(route, { waitUntil: 'networkidle', timeout: 30_000 });
    await Promise.all(pending);
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
    const { build } = await import('vite');
    await withProductionNodeEnv(() =>
      build({
        configFile: path.join(REPO_ROOT, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      }),
    );
    const server = await startDirectoryServer(20, outDir);
    cleanup(() => server.stop());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}`);

    let home = 0;
    for (const route of ['/', '/auth', '/gyms']) {
      const scripts = await startScripts(browser, server.origin, route);
      const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
      if (route === '/') home = total;
      console.log(`\n${route.padEnd(8)} ${String(scripts.size).padStart(2)} files  ${kB(total).padStart(9)}`);
      for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
        console.log(`  ${file.padEnd(48)} ${kB(size).padStart(9)}`);
      }
    }
    console.log(`\nbaseline (issue 27 as filed): / ${kB(BEFORE_ISSUE_BYTES)}`);
    figure('start-js-home', home / 1000, 'kB');
    verdict(`start-up JS of / ≤ ${kB(TARGET_BYTES)} gzip`, home <= TARGET_BYTES, kB(home));
  },
);
