/**
 * A bench page for headless Chromium: built with Vite's production build from a folder of
 * bench/browser (never part of the app bundle) and shown on the gateway's own origin under
 * `/__bench/`, so the page's requests to `/sync/...` are same-origin, as the PWA's are. Only the
 * page's files are answered by Playwright; once the page is loaded the route is removed, so no
 * request the bench times passes through Playwright's interception.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';

const BASE = '/__bench/';
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface BuiltPage {
  dir: string;
  remove(): void;
}

/**
 * Builds `root/index.html` and what it imports, as `vite build` builds the PWA (production mode,
 * minified); `minify: false` keeps function names readable in a profile.
 */
export async function buildBenchPage(root: string, options: { minify?: boolean } = {}): Promise<BuiltPage> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mastr-bench-page-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await build({
      configFile: false,
      root,
      base: BASE,
      mode: 'production',
      logLevel: 'warn',
      build: {
        outDir: dir,
        emptyOutDir: true,
        sourcemap: false,
        reportCompressedSize: false,
        minify: options.minify ?? true,
      },
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh browser context (its own, empty IndexedDB) with the built page loaded from
 * `${origin}/__bench/index.html`. Resolves once `ready` holds in the page. Page errors and console
 * warnings are printed, marked with `label`.
 */
export async function openBenchPage(
  browser: Browser,
  origin: string,
  built: BuiltPage,
  ready: string,
  label: string,
): Promise<BenchPage> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-GB', timezoneId: 'Europe/London' });
  await context.route(`${origin}${BASE}**`, (route) => {
    const file = path.join(built.dir, new URL(route.request().url()).pathname.slice(BASE.length));
    if (!file.startsWith(built.dir + path.sep)) return route.fulfill({ status: 404 });
    try {
      return route.fulfill({
        body: readFileSync(file),
        contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
    } catch {
      return route.fulfill({ status: 404 });
    }
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${label}] page error: ${error.message}`));
  page.on('console', (message) => {
    // RxDB's notice about its free Dexie storage on first write (stack notes: harmless) would drown the figures.
    if (message.text().includes('RxDB Open Core')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      console.error(`[${label}] console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  await page.goto(`${origin}${BASE}index.html`);
  await page.waitForFunction(ready);
  await context.unrouteAll();
  return { context, page };
}
