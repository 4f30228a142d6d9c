import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { AppPage } from './support/app-page.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

describe('the installable app shell', () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function withPage(run: (page: AppPage, context: BrowserContext) => Promise<void>): Promise<void> {
    const context = await newAppContext(browser, app.url);
    try {
      await run(new AppPage(await context.newPage()), context);
    } finally {
      await context.close();
    }
  }

  it('answers GET /api/health through the served app', async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('publishes a valid web app manifest whose icons can be fetched', async () => {
    const res = await fetch(`${app.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ short_name: 'Mastr', start_url: '/', display: 'standalone' });
    expect(manifest.name).toEqual(expect.stringContaining('Mastr'));
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);

    const sizes = manifest.icons.flatMap((icon) => icon.sizes.split(' '));
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, app.url));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toMatch(/^image\//);
    }
  });

  it('links the manifest from the page', async () => {
    await withPage(async (page) => {
      await page.open('/');
      expect(await page.page.getAttribute('link[rel="manifest"]', 'href')).toMatch(/manifest\.webmanifest$/);
    });
  });

  it('is controlled by a service worker once the first visit has installed it', async () => {
    await withPage(async (page) => {
      await page.open('/');
      await page.waitForActiveServiceWorker();
      await page.reload();
      expect(await page.isControlledByServiceWorker()).toBe(true);
    });
  });

  it('renders /register from the service worker cache while the server is down', async () => {
    await withPage(async (page) => {
      await page.open('/register');
      await page.waitForActiveServiceWorker();
      await app.stopHapiOnly();
      try {
        // The server really is gone (setOffline alone would not stop the worker's own requests).
        await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
        await page.reload();
        expect(await page.isControlledByServiceWorker()).toBe(true);
        expect((await page.rootText()).trim()).not.toBe('');
        // The sign-up chooser's three cards (§2) render too, not just an empty shell. Its chunk (pages
        // are code-split) comes from the precache too; the title is the page's, so it is read after.
        for (const kind of ['user', 'coach', 'gym']) await page.waitForLink(`/register/${kind}`);
        expect(await page.page.title()).toBe('Register · Mastr');
      } finally {
        await app.restart();
      }
    });
  });
});
