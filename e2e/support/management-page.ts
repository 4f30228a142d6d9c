import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

/** Page model of both Management pages (/coachdashboard/management, /gymdashboard/management). */
export class ManagementPage extends AppPage {
  panel(title: string | RegExp): Locator {
    return this.page.locator('section.dash-panel').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The names listed in a panel's rows. */
  async names(title: string | RegExp): Promise<string[]> {
    const rows = this.panel(title).locator('.management__name');
    return (await rows.allTextContents()).map((t) => t.trim());
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search Gyms' }).fill(text, { timeout: 15_000 });
  }

  async searchShown(): Promise<string> {
    return this.page.getByRole('searchbox', { name: 'Search Gyms' }).inputValue();
  }

  /** Clicks `button` on the row naming `name` in the panel `title`. */
  async clickOnRow(title: string | RegExp, name: string, button: string): Promise<void> {
    await this.panel(title)
      .locator('.management__row')
      .filter({ hasText: name })
      .getByRole('button', { name: button, exact: true })
      .click({ timeout: 15_000 });
  }

  /** Confirms the open modal with its `label` button. */
  async confirm(label: string): Promise<void> {
    await this.page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click({ timeout: 10_000 });
    await this.page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 });
  }

  /** The lines of the Notifications page. */
  async notifications(): Promise<string[]> {
    return (await this.page.locator('.notifications__item').allTextContents()).map((t) => t.trim());
  }

  async status(): Promise<string> {
    return ((await this.page.locator('.form-status').first().textContent()) ?? '').trim();
  }
}
