/**
 * The gym profile's main-thread work, the part of its Lighthouse score the box's load blurs most
 * (issue 27: mobile ≥ 95; decisions 166–168). A new visitor opens the demo gym's profile (412 × 823,
 * service worker blocked) while Chromium traces; each top-level task of the page's main thread is
 * read in thread time (CPU the renderer itself used, so other processes on a shared box move it
 * less than wall time) and multiplied by 4, the CPU slowdown Lighthouse's mobile preset simulates.
 * "Blocking" is Σ max(0, task − 50 ms) over the load, as total blocking time counts it (from the
 * first task, not from the first paint); "longest" is the longest task. The same-run baseline:
 * BASELINE_REF (default main before this work) built from `git archive`; both builds' files are
 * answered from memory by the browser's router, the API by one app server, visits alternating.
 * Run: npx tsx bench/gym-profile-main-thread.bench.ts   (VISITS=8, BASELINE_REF=58d276a)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { buildBaselinePwa, buildPwa } from './support/pwa-builds.ts';
import { runBenchIn } from './support/run.ts';
import { figure, percentile } from './support/stats.ts';

const VISITS = Number(process.env.VISITS ?? 8);
const BASELINE_REF = process.env.BASELINE_REF ?? '58d276a';
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

interface Visit {
  blocking: number;
  longest: number;
  longTasks: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
  args: { name?: string };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** The top-level tasks of the renderer's main thread, in thread time × the slowdown. */
function mainThreadTasks(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  // The page's renderer is the main thread with the most tasks (an about:blank one has a handful).
  const byThread = new Map<string, number[]>();
  for (const task of tasks) {
    const key = `${task.pid}:${task.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), ((task.tdur ?? 0) / 1000) * CPU_SLOWDOWN]);
  }
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

async function visit(browser: Browser, origin: string, distDir: string): Promise<Visit> {
  const context = await browser.newContext({
    baseURL: origin,
    serviceWorkers: 'block',
    locale: 'en-GB',
    viewport: { width: 412, height: 823 },
  });
  try {
    // Every file of the app from `distDir`; /api/ goes to the server.
    await context.route(
      (url) => !url.pathname.startsWith('/api/'),
      async (route) => {
        const { pathname } = new URL(route.request().url());
        const file = path.join(distDir, pathname);
        const found = pathname !== '/' && existsSync(file) ? file : path.join(distDir, 'index.html');
        await route.fulfill({
          status: 200,
          contentType: CONTENT_TYPES[path.extname(found)] ?? 'application/octet-stream',
          body: readFileSync(found),
        });
      },
    );
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline'] });
    await page.goto(`/gyms/${DEMO_GYM.profileId}`);
    await page.locator('.timetable-grid').waitFor({ timeout: 30_000 });
    // Effects after paint, the dialogs' preload and workbox-window's start finish.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const tasks = mainThreadTasks(await browser.stopTracing());
    return {
      blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
      longest: Math.max(...tasks),
      longTasks: tasks.filter((ms) => ms > LONG_TASK_MS).length,
    };
  } finally {
    await context.close();
  }
}

await runBenchIn(
  `Gym profile main-thread work (thread time × ${CPU_SLOWDOWN}), ${VISITS} visits per build, alternating`,
  'Chromium headless · 412 × 823 · app server with the demo data, CouchDB: embedded (memory)',
  async (cleanup) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-gym-main-'));
    cleanup(async () => rmSync(outDir, { recursive: true, force: true }));
    await buildPwa(REPO_ROOT, outDir);
    const builds = [{ name: 'this tree', distDir: outDir, visits: [] as Visit[] }];
    if (BASELINE_REF !== 'none') {
      const baseOut = await buildBaselinePwa(BASELINE_REF, cleanup);
      builds.unshift({ name: `baseline ${BASELINE_REF}`, distDir: baseOut, visits: [] });
    }
    const app = await startAppServer();
    cleanup(() => app.stop());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}`);

    // One unmeasured visit each (the server's first answers, the browser's caches of its own).
    for (const build of builds) await visit(browser, app.url, build.distDir);
    for (let i = 0; i < VISITS; i++)
      for (const build of builds) build.visits.push(await visit(browser, app.url, build.distDir));

    const p = (values: number[], q: number) => percentile(values, q).toFixed(0);
    console.log(
      `\n${'build'.padEnd(22)} ${'blocking p50 / p90'.padStart(20)} ${'longest p50 / p90'.padStart(20)} ${'tasks > 50 ms'.padStart(14)}`,
    );
    for (const { name, visits } of builds) {
      const blocking = visits.map((v) => v.blocking);
      const longest = visits.map((v) => v.longest);
      console.log(
        `${name.padEnd(22)} ${`${p(blocking, 50)} / ${p(blocking, 90)} ms`.padStart(20)} ${`${p(longest, 50)} / ${p(longest, 90)} ms`.padStart(20)} ${p(
          visits.map((v) => v.longTasks),
          50,
        ).padStart(14)}`,
      );
      const key = name === 'this tree' ? 'tree' : 'baseline';
      figure(`gym-main-thread-${key}-blocking`, percentile(blocking, 50), 'ms');
      figure(`gym-main-thread-${key}-longest`, percentile(longest, 50), 'ms');
    }
    console.log(`load after: ${os.loadavg()[0].toFixed(1)}`);
  },
);
