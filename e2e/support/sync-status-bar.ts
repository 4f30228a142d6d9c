import type { Page } from 'playwright-core';

/** Page model of the dashboards' sync status bar (pwa/src/data/sync-status-bar.tsx). */
export class SyncStatusBar {
  constructor(readonly page: Page) {}

  async text(): Promise<string> {
    return (await this.page.locator('.sync-bar').textContent({ timeout: 10_000 })) ?? '';
  }

  /** The number in 'n changes waiting to sync' (0 when the bar shows none). */
  async pending(): Promise<number> {
    const match = /(\d+) changes? waiting to sync/.exec(await this.text());
    return match ? Number(match[1]) : 0;
  }

  /** Waits until the bar says online, with the first sync done and nothing waiting to sync. */
  async waitForInSync(timeout = 30_000): Promise<void> {
    await this.waitFor(
      (text) => text.includes('Online') && text.includes('Last synced') && !/waiting to sync/.test(text),
      'in sync',
      timeout,
    );
  }

  async waitForOffline(timeout = 30_000): Promise<void> {
    await this.waitFor((text) => text.includes('Offline'), 'offline', timeout);
  }

  private async waitFor(done: (text: string) => boolean, what: string, timeout: number): Promise<void> {
    const deadline = Date.now() + timeout;
    let text = await this.text();
    while (!done(text)) {
      if (Date.now() > deadline)
        throw new Error(`The sync status bar did not show ${what} within ${timeout} ms; it shows "${text}"`);
      await this.page.waitForTimeout(200);
      text = await this.text();
    }
  }
}
