/**
 * JavaScript a visitor on the public routes loads (issue 4: ≤ 200 kB gzip, dashboards code-split).
 * A production build with its module graph (Vite's own output, written to a temporary directory) is
 * served by the real Hapi server with 20 generated gyms; Chromium opens each public route as a new
 * visitor (fresh context, service worker blocked so only the page's own requests count) and every
 * JavaScript response is gzipped with node:zlib (level 6, what servers commonly use). The module
 * graph then shows which packages each loaded file holds, so the dashboards' heavy parts (RxDB,
 * Dexie, ZXing, qrcode.react, the dashboards themselves) can be shown to stay out.
 * kB = 1,000 bytes, as Vite reports sizes.
 * Run: npx tsx bench/bundle-size.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { withProductionNodeEnv } from '../sync-server/src/cli/build-if-stale.ts';
import { REPO_ROOT } from '../sync-server/src/cli/repo-root.ts';
import { idOf } from '../sync-server/src/test-support/directory-fixtures.ts';
import { serveImagesLocally, startDirectoryServer } from './support/directory-server.ts';
import { runBenchIn } from './support/run.ts';
import { verdict } from './support/stats.ts';

const TARGET_BYTES = 200_000;
/** What only the dashboards need: their heavy packages and the lazily loaded dashboard entries (app.tsx). */
const DASHBOARD_ONLY = [
  'rxdb',
  'dexie',
  '@zxing/browser',
  '@zxing/library',
  'qrcode.react',
  'chart.js',
  'pwa/src/user-dashboard/user-dashboard.tsx',
  'pwa/src/gym-dashboard/gym-dashboard.tsx',
  'pwa/src/coach-dashboard/coach-dashboard.tsx',
];

const ANALYTICS_PAGE = 'pwa/src/gym-analytics/gym-analytics-page.tsx';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const gzipBytes = (body: Buffer) => gzipSync(body, { level: 6 }).length;

/**
 * Who a module belongs to: its package ('node_modules/@zxing/library/esm/…' → '@zxing/library'), or
 * its path in the repository for the app's own files; null for the bundler's virtual helpers.
 */
function ownerOf(moduleId: string): string | null {
  if (moduleId.startsWith('\0')) return null;
  const nodeModules = moduleId.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = moduleId.slice(nodeModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const file = path.relative(REPO_ROOT, moduleId.replace(/\?.*$/, ''));
  // Plugins' virtual modules ('/@vite-plugin-pwa/virtual:pwa-register/react') live nowhere on disk.
  return file.startsWith('..') ? moduleId.replace(/^\/+/, '') : file;
}

/** Packages are named ('react', 'qrcode.react', '@zxing/library'); the app's own modules are files. */
const isPackage = (owner: string) => !/\.(tsx?|jsx?|css|html|json)$/.test(owner);

interface BuiltChunk {
  owners: Set<string>;
  gzip: number;
}

/** Builds the PWA into `outDir` and returns each JavaScript file's packages and gzip size. */
async function buildWithGraph(outDir: string): Promise<Map<string, BuiltChunk>> {
  const { build } = await import('vite');
  const result = await withProductionNodeEnv(() =>
    build({
      configFile: path.join(REPO_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    }),
  );
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = new Map<string, BuiltChunk>();
  for (const item of outputs) {
    if (item.type !== 'chunk') continue;
    const owners = item.moduleIds.map(ownerOf).filter((owner): owner is string => owner !== null);
    chunks.set(item.fileName, { owners: new Set(owners), gzip: gzipBytes(Buffer.from(item.code)) });
  }
  return chunks;
}

/** The same-origin JavaScript files a new visitor's page loads on `route`, with their gzip sizes. */
async function scriptsOf(browser: Browser, origin: string, route: string): Promise<Map<string, number>> {
  const context = await browser.newContext({
    baseURL: origin,
    serviceWorkers: 'block',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  try {
    await serveImagesLocally(context);
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
      pending.push(response.body().then((body) => void scripts.set(url.pathname.replace(/^\//, ''), gzipBytes(body))));
    });
    await page.goto(route, { waitUntil: 'networkidle', timeout: 30_000 });
    await Promise.all(pending);
    return scripts;
  } finally {
    await context.close();
  }
}

await runBenchIn(
  'JavaScript loaded by the public routes (gzip)',
  'Chromium headless · loopback server, CouchDB: embedded (memory)',
  async (cleanup) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-bundle-'));
    cleanup(async () => rmSync(outDir, { recursive: true, force: true }));
    const chunks = await buildWithGraph(outDir);
    const server = await startDirectoryServer(20, outDir);
    cleanup(() => server.stop());
    const browser = await launchBrowser();
    cleanup(() => browser.close());
    console.log(`browser: Chromium ${browser.version()} · production build with ${chunks.size} JavaScript files`);

    const routes = [
      '/',
      '/gyms',
      `/gyms/${idOf(server.directory.gyms[0])}`,
      '/coaches',
      `/coaches/${idOf(server.directory.coaches[0])}`,
      '/register',
      '/auth/user',
    ];
    const everyLoaded = new Map<string, number>();
    let largestRoute = 0;
    for (const route of routes) {
      const scripts = await scriptsOf(browser, server.origin, route);
      const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
      largestRoute = Math.max(largestRoute, total);
      for (const [file, size] of scripts) everyLoaded.set(file, size);
      console.log(`${route.padEnd(36)} ${String(scripts.size).padStart(2)} files  ${kB(total).padStart(9)}`);
    }
    const union = [...everyLoaded.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `${'all seven routes (union)'.padEnd(36)} ${String(everyLoaded.size).padStart(2)} files  ${kB(union).padStart(9)}`,
    );
    for (const [file, size] of [...everyLoaded].sort((a, b) => b[1] - a[1])) {
      const owners = [...(chunks.get(file)?.owners ?? [])];
      const appFiles = owners.filter((o) => !isPackage(o)).length;
      console.log(
        `  ${file.padEnd(44)} ${kB(size).padStart(9)}  ${[...owners.filter(isPackage), ...(appFiles ? [`${appFiles} app files`] : [])].join(', ')}`,
      );
    }

    const unknown = [...everyLoaded.keys()].filter((file) => !chunks.has(file));
    if (unknown.length) throw new Error(`Loaded files missing from the build's graph: ${unknown.join(', ')}`);
    const leaked = [...everyLoaded.keys()].flatMap((file) =>
      DASHBOARD_ONLY.filter((owner) => chunks.get(file)!.owners.has(owner)).map((owner) => `${owner} in ${file}`),
    );
    const kept = [...chunks].filter(
      ([file, chunk]) => !everyLoaded.has(file) && DASHBOARD_ONLY.some((owner) => chunk.owners.has(owner)),
    );
    console.log('\nNot loaded by any public route (dashboard chunks):');
    for (const [file, chunk] of kept.sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(
        `  ${file.padEnd(44)} ${kB(chunk.gzip).padStart(9)}  ${DASHBOARD_ONLY.filter((o) => chunk.owners.has(o)).join(', ')}`,
      );
    }
    const precache = [...chunks.values()].reduce((sum, c) => sum + c.gzip, 0);
    console.log(
      `(the service worker later precaches all ${chunks.size} files for offline use: ${kB(precache)} gzip, in the background after the first visit)`,
    );

    // chart.js draws only the gym's analytics: it must stay out of the gym dashboard's own chunk too.
    const chartChunks = [...chunks].filter(([, chunk]) => chunk.owners.has('chart.js'));
    const chartElsewhere = chartChunks.filter(([, chunk]) => !chunk.owners.has(ANALYTICS_PAGE));
    verdict(
      'chart.js only in the lazily loaded analytics page',
      chartChunks.length > 0 && chartElsewhere.length === 0,
      chartChunks.map(([file, chunk]) => `${file} ${kB(chunk.gzip)}`).join(', ') || 'chart.js not in the build',
    );
    verdict(
      'no dashboard code on public routes',
      leaked.length === 0,
      leaked.length ? leaked.join('; ') : `${DASHBOARD_ONLY.length} dashboard-only parts absent`,
    );
    verdict(
      `each public route ≤ ${kB(TARGET_BYTES)} gzip`,
      largestRoute <= TARGET_BYTES,
      `largest ${kB(largestRoute)}`,
    );
    verdict(`all public routes together ≤ ${kB(TARGET_BYTES)} gzip`, union <= TARGET_BYTES, kB(union));
  },
);
