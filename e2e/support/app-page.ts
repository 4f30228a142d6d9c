import type { Page } from 'playwright-core';

/** Page model of the app shell: navigation, the service worker, and what #root shows. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path, { waitUntil: 'load' });
  }

  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load' });
  }

  /**
   * Waits until this page's service worker has finished activating (its precache is then complete);
   * a reload while it is still 'activating' may bypass it. Polled from here because
   * waitForFunction does not await a predicate's promise.
   */
  async waitForActiveServiceWorker(timeout = 20_000): Promise<void> {
    const deadline = Date.now() + timeout;
    const activeState = () =>
      this.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state);
    while ((await activeState()) !== 'activated') {
      if (Date.now() > deadline) throw new Error(`No activated service worker after ${timeout} ms`);
      await this.page.waitForTimeout(100);
    }
  }

  /** Whether a service worker controls (answers the requests of) the current document. */
  isControlledByServiceWorker(): Promise<boolean> {
    return this.page.evaluate(() => navigator.serviceWorker.controller !== null);
  }

  /**
   * Waits until the app has rendered something into #root, then returns its text. index.html's
   * static shell (decisions.md 131) does not count: it is there before any script runs.
   */
  async rootText(timeout = 10_000): Promise<string> {
    await this.page.waitForFunction(
      () => document.querySelector('#root > :not([data-static-shell])') !== null,
      undefined,
      { timeout },
    );
    return this.page.locator('#root').innerText();
  }

  /** Waits until a link to `href` is visible (fails the test when it never appears). */
  async waitForLink(href: string, timeout = 10_000): Promise<void> {
    await this.page.locator(`a[href="${href}"]`).first().waitFor({ state: 'visible', timeout });
  }
}
