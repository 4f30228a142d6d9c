import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type ViewportSize } from 'playwright-core';

/** Debian's chromium (.ci/run installs it); CHROMIUM_PATH points elsewhere on other machines. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that let Debian's chromium run headless in a container without reaching the network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A fresh profile (own storage and service workers) on a UK device, as a new visitor would have;
 * Playwright's default 1280×720 screen unless a viewport is given (a phone, say).
 */
export function newAppContext(browser: Browser, baseURL: string, viewport?: ViewportSize): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    serviceWorkers: 'allow',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport,
  });
}
