import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import { startAppServer, type AppServer } from './app-server.ts';
import { launchBrowser, newAppContext } from './browser.ts';

interface AppAndBrowser {
  /** The running app; read it in tests and hooks, once the file's beforeAll has started it. */
  readonly app: AppServer;
  /** A fresh profile (newAppContext), closed after the file's tests; a viewport for a phone-sized screen. */
  newContext(viewport?: ViewportSize): Promise<BrowserContext>;
  /** A page in a fresh profile (see newContext). */
  newPage(viewport?: ViewportSize): Promise<Page>;
}

/**
 * One app server and one Chromium for a test file, started in its beforeAll and stopped in its
 * afterAll with every profile opened through it closed first, so each file starts from the demo
 * data alone and leaves nothing running. Call it in the `describe` body.
 */
export function setUpAppAndBrowser(options: { smtp?: boolean } = {}): AppAndBrowser {
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  const notStarted = () => new Error('The app and browser start in beforeAll: use them in tests and hooks.');
  const newContext = async (viewport?: ViewportSize) => {
    if (!app || !browser) throw notStarted();
    const context = await newAppContext(browser, app.url, viewport);
    contexts.push(context);
    return context;
  };
  return {
    get app() {
      if (!app) throw notStarted();
      return app;
    },
    newContext,
    newPage: async (viewport) => (await newContext(viewport)).newPage(),
  };
}
