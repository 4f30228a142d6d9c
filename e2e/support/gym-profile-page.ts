import type { Locator } from 'playwright-core';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { AppPage } from './app-page.ts';

export interface PtRequestChoices {
  /** 'YYYY-MM-DD', more than two days ahead. */
  date: string;
  /** Seconds from midnight, one of the hourly slots. */
  time: number;
  discipline: string;
  experience: string;
}

/** 'Wednesday 18th November': how the timetable names a day. */
const dayName = (dateKey: string) => formatWallClock(dateKey, DATE_FORMATS.dayMonth);
/**
 * A date picker's day button by its name, which starts with its visible text ('We 18') and goes on
 * with the whole date for screen readers: one week shows at a time, so the start names one button.
 */
export const pickerDayName = (dateKey: string) =>
  new RegExp(`^${formatWallClock(dateKey, 'EEEEEE')} ${formatWallClock(dateKey, 'd')}\\b.*${dayName(dateKey)}$`);

/** Page model of a public gym profile (/gyms/{id}): header, two-week timetable and its booking dialogs. */
export class GymProfilePage extends AppPage {
  async gymName(timeout = 15_000): Promise<string> {
    return ((await this.page.locator('h1.gym-header__name').textContent({ timeout })) ?? '').trim();
  }

  timetable(): Locator {
    return this.page.locator('section[aria-labelledby="timetable-title"]');
  }

  /** 'This Week' or 'Next Week'. */
  async weekTitle(): Promise<string> {
    return (
      (await this.timetable().locator('.week-selector__label strong').textContent({ timeout: 10_000 })) ?? ''
    ).trim();
  }

  async showWeek(which: 'Previous week' | 'Next week'): Promise<void> {
    await this.timetable().locator('.week-selector').getByRole('button', { name: which }).click({ timeout: 10_000 });
  }

  /** The disciplines the grid lists on a date, AM and PM together, in time order. */
  async classesOn(dateKey: string): Promise<string[]> {
    // The grid renders a task after the rest of the profile (decision 168): read it once it is in.
    await this.timetable().locator('.timetable-grid').waitFor({ timeout: 15_000 });
    const cells = this.timetable().locator(
      `ul[aria-label="${dayName(dateKey)} AM"], ul[aria-label="${dayName(dateKey)} PM"]`,
    );
    return (await cells.locator('.class-chip__name').allTextContents()).map((name) => name.trim());
  }

  /** Presses one of the timetable's booking buttons ('Book Day Pass', 'Request PT', 'Mastr Class £…'). */
  async pressAction(name: string | RegExp): Promise<void> {
    await this.timetable().locator('.timetable__actions').getByRole('button', { name }).click({ timeout: 15_000 });
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** The failure line of an open booking dialog, '' when none is shown. */
  async dialogError(title: string): Promise<string> {
    const error = this.dialog(title).locator('.modal__error');
    return (await error.count()) ? ((await error.textContent()) ?? '').trim() : '';
  }

  /** Fills the open 'Request PT' dialog step by step: date (from the right week), time, discipline, experience. */
  async choosePtRequest(choices: PtRequestChoices): Promise<void> {
    const dialog = this.dialog('Request PT');
    const day = dialog.getByRole('button', { name: pickerDayName(choices.date) });
    await dialog.getByRole('group', { name: 'Session date' }).waitFor({ timeout: 10_000 });
    if ((await day.count()) === 0) await dialog.getByRole('button', { name: 'Next week' }).click();
    await day.click({ timeout: 10_000 });
    await dialog.getByLabel('Time', { exact: true }).selectOption({ label: formatTimeOfDay(choices.time) });
    await dialog.getByLabel('Discipline', { exact: true }).selectOption(choices.discipline);
    await dialog.getByLabel('Experience Level', { exact: true }).selectOption(choices.experience);
  }

  /** Whether a date in the open 'Request PT' dialog's picker is disabled (it shows the current week). */
  async isPtDateDisabled(dateKey: string): Promise<boolean> {
    return this.dialog('Request PT')
      .getByRole('button', { name: pickerDayName(dateKey) })
      .isDisabled({ timeout: 10_000 });
  }
}
