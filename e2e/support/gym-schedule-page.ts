import type { Locator } from 'playwright-core';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { AppPage } from './app-page.ts';
import { SyncStatusBar } from './sync-status-bar.ts';

export type ScheduleTitle = 'Default Schedule' | 'Availability for the Current Week' | 'Availability for Next Week';

/** A class as the form takes it: times in seconds from midnight. */
export interface ClassChoices {
  location: string;
  difficulty: string;
  discipline: string;
  start: number;
  end: number;
}

/** Page model of the gym's Schedule page (/gymdashboard/schedule): three schedules, their days and the class forms. */
export class GymSchedulePage extends AppPage {
  readonly syncBar = new SyncStatusBar(this.page);

  week(title: ScheduleTitle): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** A weekday of a schedule, by its abbreviation ('Sun'). */
  day(title: ScheduleTitle, abbreviation: string): Locator {
    return this.week(title)
      .locator('li.avail-day')
      .filter({ has: this.page.locator('h3.avail-day__title', { hasText: new RegExp(`^${abbreviation}`) }) });
  }

  /** The day's classes as the page lists them ('21:30–22:30 Kickboxing · Intermediate · Back room'), joined by ' | '. */
  async classesOn(title: ScheduleTitle, abbreviation: string): Promise<string> {
    return (await this.day(title, abbreviation).locator('.avail-slot__time').allTextContents()).join(' | ');
  }

  /** The line above the schedules saying what going live waits for, '' when there is none. */
  async goLiveNote(): Promise<string> {
    const note = this.page.locator('.dash-page p.dash-note[role="status"]', { hasText: 'goes live' });
    return (await note.count()) ? ((await note.textContent()) ?? '').trim() : '';
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async openAdd(title: ScheduleTitle, abbreviation: string, which: 'Add Morning Class' | 'Add Evening Class') {
    await this.day(title, abbreviation).getByRole('button', { name: which }).click({ timeout: 15_000 });
  }

  /** Opens the Edit form of the class starting at `start` with that discipline. */
  async openEdit(title: ScheduleTitle, abbreviation: string, start: number, discipline: string) {
    await this.day(title, abbreviation)
      .getByRole('button', { name: `Edit ${formatTimeOfDay(start)} ${discipline}` })
      .click({ timeout: 15_000 });
  }

  /** What the open form holds, as a class. */
  async formValues(): Promise<ClassChoices> {
    const dialog = this.dialog();
    return {
      location: await dialog.getByLabel('Location').inputValue(),
      difficulty: await dialog.getByLabel('Difficulty').inputValue(),
      discipline: await dialog.getByLabel('Discipline').inputValue(),
      start: Number(await dialog.getByLabel('Start Time').inputValue()),
      end: Number(await dialog.getByLabel('End Time').inputValue()),
    };
  }

  /** Fills the open form (the start before the end: the end list waits for it) and presses its button. */
  async fillAndSave(choices: ClassChoices, button: 'Add Class' | 'Save Class'): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByLabel('Location').fill(choices.location);
    await dialog.getByLabel('Difficulty').selectOption(choices.difficulty);
    await dialog.getByLabel('Discipline').selectOption(choices.discipline);
    await dialog.getByLabel('Start Time').selectOption(String(choices.start));
    await dialog.getByLabel('End Time').selectOption(String(choices.end));
    await dialog.getByRole('button', { name: button }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  }
}
