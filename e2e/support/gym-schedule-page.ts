import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

/** A class as the gym's Add Class dialog takes it; times in seconds from midnight. */
export interface NewClass {
  location: string;
  difficulty: string;
  discipline: string;
  start: number;
  end: number;
}

/** Page model of the gym's Schedule page (/gymdashboard/schedule): its three weeks and the Add Class dialog. */
export class GymSchedulePage extends AppPage {
  /** A schedule by its heading ('Default Schedule', 'Availability for Next Week', …). */
  week(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** A weekday of a schedule by its abbreviation ('Mon' … 'Sun'). */
  day(week: string, abbreviation: string): Locator {
    return this.week(week)
      .locator('li.avail-day')
      .filter({ has: this.page.locator('h3.avail-day__title', { hasText: new RegExp(`^${abbreviation}`) }) });
  }

  /** The day's classes as shown ('19:00–20:00 Boxing', …). */
  async classes(week: string, abbreviation: string): Promise<string[]> {
    return (await this.day(week, abbreviation).locator('.avail-slot__time').allTextContents()).map((t) => t.trim());
  }

  /** The line above the schedules saying what going live waits for, '' when there is none. */
  async goLiveNote(): Promise<string> {
    const note = this.page.locator('.dash-page p.dash-note[role="status"]', { hasText: 'goes live' });
    return (await note.count()) ? ((await note.textContent()) ?? '').trim() : '';
  }

  /** Adds a morning or evening class to a day through the dialog, waiting until the dialog closes. */
  async addClass(week: string, abbreviation: string, period: 'Morning' | 'Evening', item: NewClass): Promise<void> {
    await this.day(week, abbreviation)
      .getByRole('button', { name: `Add ${period} Class` })
      .click({ timeout: 15_000 });
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Location').fill(item.location);
    await dialog.getByLabel('Difficulty').selectOption(item.difficulty);
    await dialog.getByLabel('Discipline').selectOption(item.discipline);
    await dialog.getByLabel('Start Time').selectOption(String(item.start));
    await dialog.getByLabel('End Time').selectOption(String(item.end));
    await dialog.getByRole('button', { name: 'Add Class' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  }
}
