import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import { DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { layoutShiftOf, recordLayoutShift } from './support/layout-shift.ts';

/** The most a page may move under a reader while it loads (issue 27). */
const MAX_LAYOUT_SHIFT = 0.02;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The bar's colour in shell.css (rgb(15 17 21 / 92%)); unstyled, a header has none. */
const BAR_BACKGROUND = 'rgba(15, 17, 21, 0.92)';
/** var(--bar-height), 3.75rem. */
const BAR_HEIGHT = 60;

declare global {
  interface Window {
    staticShellGoneAt?: number;
  }
}

/** Where the bar and the brand are and how they look: the site's stylesheet, not the browser's defaults. */
function barLook(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.top-bar')!;
    const brand = bar.querySelector('.brand')!;
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    return {
      background: getComputedStyle(bar).backgroundColor,
      bar: box(bar),
      brand: box(brand),
      brandCase: getComputedStyle(brand).textTransform,
      accent: getComputedStyle(brand.querySelector('.brand__accent')!).color,
    };
  });
}

/**
 * Issue 27: `pwa/index.html` carries the top bar and a screen-high body (decisions.md 131), so the
 * first paint waits for the HTML and the stylesheet only, not for React; React's first render
 * replaces it with the same bar in the same place.
 */
describe('a static shell paints first', () => {
  let app: AppServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  /** A new visitor's page; the service worker is blocked, its install is no part of a first paint. */
  async function newPage(viewport: ViewportSize, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({
      baseURL: app.url,
      serviceWorkers: 'block',
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      viewport,
      javaScriptEnabled,
    });
    contexts.push(context);
    return context.newPage();
  }

  for (const path of ['/', `/gyms/${DEMO_GYM.profileId}`]) {
    it(`shows the styled top bar at ${path} with JavaScript off`, { timeout: 30_000 }, async () => {
      const page = await newPage(PHONE, false);
      await page.goto(path);
      await expect.poll(() => page.locator('[data-static-shell] .top-bar').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Mastr home' }).isVisible()).toBe(true);
      const look = await barLook(page);
      expect(look).toMatchObject({
        background: BAR_BACKGROUND,
        bar: { x: 0, y: 0, width: PHONE.width, height: BAR_HEIGHT },
        brandCase: 'uppercase',
        accent: 'rgb(230, 57, 70)',
      });
    });
  }

  it('paints the shell when the app script never runs', { timeout: 30_000 }, async () => {
    const page = await newPage(PHONE);
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(await page.locator('[data-static-shell] .top-bar').isVisible()).toBe(true);
  });

  it('paints before React replaces the shell', { timeout: 30_000 }, async () => {
    const page = await newPage(PHONE);
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.readyState !== 'loading' && !document.querySelector('[data-static-shell]')) {
          window.staticShellGoneAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await page.locator('.site:not([data-static-shell]) main').waitFor();
    const { paint, gone } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      gone: window.staticShellGoneAt,
    }));
    expect(paint).toBeDefined();
    expect(gone).toBeDefined();
    expect(paint!).toBeLessThan(gone!);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of ['/', '/gyms', '/auth']) {
      it(`moves nothing when React takes over ${path} at ${viewport.width} px`, { timeout: 30_000 }, async () => {
        const staticPage = await newPage(viewport, false);
        await staticPage.goto(path);
        const before = await barLook(staticPage);

        const page = await newPage(viewport);
        await recordLayoutShift(page);
        await page.goto(path);
        await page.locator('.site:not([data-static-shell]) main').waitFor();
        await page.locator('.page-pending').waitFor({ state: 'detached' });
        await page.locator('.skeleton-card').first().waitFor({ state: 'detached' });
        // Late pieces (the directory's answer, images) settle.
        await page.waitForTimeout(1_000);
        expect(await layoutShiftOf(page)).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
        const after = await barLook(page);
        expect(after.bar).toEqual(before.bar);
        expect(after.brand).toEqual(before.brand);
        expect(after.background).toBe(before.background);
      });
    }
  }

  // Decision 189: the HTML of a landing page names the page's files, so the browser fetches them while
  // it parses, and the app's own preload, finding them in the document, adds none again.
  it("names a gym page's files in its HTML, and the app adds none of them again", { timeout: 30_000 }, async () => {
    const page = await newPage(PHONE);
    const path = `/gyms/${DEMO_GYM.profileId}`;
    const html = await (await page.request.get(path)).text();
    const named = [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(named.some((href) => /\/assets\/gym-profile-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(named.some((href) => /\/assets\/gym-profile-page-[\w-]+\.css$/.test(href))).toBe(true);

    await page.goto(path);
    await page.locator('.timetable-grid').waitFor();
    expect(await page.getByText(DEMO_GYM.gymName).first().isVisible()).toBe(true);
    const twice = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[href*="/assets/"]')) {
        const key = `${link.rel} ${new URL(link.href).pathname}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      return [...seen].filter(([, times]) => times > 1).map(([key]) => key);
    });
    expect(twice).toEqual([]);
  });
});
