import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page.ts';
import { SyncStatusBar } from './sync-status-bar.ts';

/** Page model of the gym's front desk (/gymdashboard/daypasses and its lists). */
export class FrontDeskPage extends AppPage {
  readonly syncBar: SyncStatusBar;

  constructor(page: Page) {
    super(page);
    this.syncBar = new SyncStatusBar(page);
  }

  /** The row of a pass in the list on screen, by the client's exact name. */
  passRow(clientName: string): Locator {
    return this.page
      .locator('li.pass-list__item')
      .filter({ has: this.page.locator('.pass-list__name', { hasText: new RegExp(`^${clientName}$`) }) });
  }

  /** Client names of the passes listed, in order; waits (bounded) for the list to render. */
  async listedNames(timeout = 15_000): Promise<string[]> {
    await this.page.locator('.pass-list__name').first().waitFor({ timeout });
    return (await this.page.locator('.pass-list__name').allTextContents()).map((name) => name.trim());
  }

  async entryCodeOf(clientName: string): Promise<string> {
    return ((await this.passRow(clientName).locator('.pass-list__code').textContent({ timeout: 10_000 })) ?? '').trim();
  }

  async tapCheckIn(clientName: string): Promise<void> {
    await this.passRow(clientName)
      .getByRole('button', { name: /^Check In\b/ })
      .click({ timeout: 10_000 });
  }

  /** The tick shown while a pass may not be checked in again, e.g. '✓ Checked in 10:04 · waiting to sync'. */
  tickOf(clientName: string): Locator {
    return this.passRow(clientName).locator('.check-in__tick');
  }

  /** The server's word on a check-in that did not count (e.g. a duplicate), or '' when there is none. */
  async noteOf(clientName: string): Promise<string> {
    const note = this.passRow(clientName).locator('.pass-list__note');
    return (await note.count()) ? ((await note.textContent()) ?? '').trim() : '';
  }

  /** The page's one current message (a tap's or the code panel's result). */
  async listMessage(): Promise<string> {
    return ((await this.page.locator('.dash-page .form-status').textContent({ timeout: 10_000 })) ?? '').trim();
  }

  /** Waits until the home's count tiles show numbers: the device's copy of the gym's data is open. */
  async waitForCountTiles(timeout = 15_000): Promise<number[]> {
    const tiles = this.page.locator('.count-tile');
    const deadline = Date.now() + timeout;
    for (;;) {
      const texts = await tiles.allTextContents();
      if (texts.length === 3 && texts.every((t) => /^\d+$/.test(t.trim()))) return texts.map(Number);
      if (Date.now() > deadline)
        throw new Error(`The count tiles did not show numbers within ${timeout} ms: ${JSON.stringify(texts)}`);
      await this.page.waitForTimeout(100);
    }
  }

  /** Checks in by typing an entry code into the panel of /gymdashboard/daypasses. */
  async checkInByCode(code: string): Promise<void> {
    const panel = this.page.locator('.check-in-panel');
    await panel.getByLabel('Entry code', { exact: true }).fill(code, { timeout: 10_000 });
    await panel.getByRole('button', { name: /^Check In\b/ }).click();
  }

  async panelMessage(): Promise<string> {
    return ((await this.page.locator('.check-in-panel .form-status').textContent({ timeout: 10_000 })) ?? '').trim();
  }
}
