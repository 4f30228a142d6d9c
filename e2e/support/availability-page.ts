import type { Locator, Page } from 'playwright-core';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { AppPage } from './app-page.ts';
import { SyncStatusBar } from './sync-status-bar.ts';

export type WeekKey = 'default' | 'current' | 'next';

/** Page model of the coach's availability (/coachdashboard/availability): one section per week, seven day cards each. */
export class AvailabilityPage extends AppPage {
  readonly syncBar: SyncStatusBar;

  constructor(page: Page) {
    super(page);
    this.syncBar = new SyncStatusBar(page);
  }

  week(key: WeekKey): Locator {
    return this.page.locator(`section[aria-labelledby="availability-${key}"]`);
  }

  /** A day card of a week, by its abbreviation ('Sun' .. 'Sat'). */
  day(key: WeekKey, abbreviation: string): Locator {
    return this.week(key)
      .locator('li.avail-day')
      .filter({ has: this.page.locator('h3.avail-day__title', { hasText: new RegExp(`^${abbreviation}`) }) });
  }

  /** The times a day shows, e.g. ['07:00', '12:00']; waits (bounded) for the week to render. */
  async timesOn(key: WeekKey, abbreviation: string, timeout = 15_000): Promise<string[]> {
    await this.week(key).waitFor({ timeout });
    return (await this.day(key, abbreviation).locator('.avail-slot__time').allTextContents()).map((t) => t.trim());
  }

  /** The slot of an hour on a day, e.g. slot('next', 'Mon', 7). */
  slot(key: WeekKey, abbreviation: string, hour: number): Locator {
    return this.day(key, abbreviation)
      .locator('li.avail-slot')
      .filter({ has: this.page.locator('.avail-slot__time', { hasText: formatTimeOfDay(hour * 3600) }) });
  }

  removeButton(key: WeekKey, abbreviation: string, hour: number): Locator {
    return this.slot(key, abbreviation, hour).getByRole('button', {
      name: `Remove ${formatTimeOfDay(hour * 3600)} on ${abbreviation}`,
    });
  }

  async add(key: WeekKey, abbreviation: string, hour: number): Promise<void> {
    const day = this.day(key, abbreviation);
    await day.getByLabel(`Time to add on ${abbreviation}`).selectOption(String(hour * 3600), { timeout: 10_000 });
    await day.getByRole('button', { name: `Add time on ${abbreviation}` }).click();
  }

  async remove(key: WeekKey, abbreviation: string, hour: number): Promise<void> {
    await this.removeButton(key, abbreviation, hour).click({ timeout: 10_000 });
  }
}
