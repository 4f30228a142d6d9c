import type { Locator } from 'playwright-core';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { AppPage } from './app-page.ts';
import { escapeRegExp } from './directory-list-page.ts';

/** Page model of a public coach profile (/coaches/{id}): the availability grid and its confirm-details dialog. */
export class CoachProfilePage extends AppPage {
  async coachName(timeout = 15_000): Promise<string> {
    return ((await this.page.locator('h1.coach-profile__name').textContent({ timeout })) ?? '').trim();
  }

  grid(): Locator {
    return this.page.locator('section.availability-grid');
  }

  /** 'Current Week' or 'Next Week'. */
  async weekTitle(): Promise<string> {
    return ((await this.grid().locator('.week-picker__title').textContent({ timeout: 15_000 })) ?? '').trim();
  }

  async showWeek(which: 'Previous week' | 'Next week'): Promise<void> {
    await this.grid().getByRole('button', { name: which }).click({ timeout: 15_000 });
  }

  /** A slot button of the week shown, by day abbreviation ('Sun' .. 'Sat') and hour; its name ends in its status. */
  slot(abbreviation: string, hour: number): Locator {
    return this.grid().getByRole('button', {
      name: new RegExp(`^${escapeRegExp(abbreviation)} ${formatTimeOfDay(hour * 3600)}, `),
    });
  }

  /** The status a slot announces, e.g. 'free' or 'requested'. */
  async slotStatus(abbreviation: string, hour: number): Promise<string> {
    const name = (await this.slot(abbreviation, hour).getAttribute('aria-label', { timeout: 10_000 })) ?? '';
    return name.slice(name.lastIndexOf(', ') + 2);
  }

  confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Confirm Details' });
  }

  /** Chooses the gym and the experience level in the open dialog and presses Confirm. */
  async confirmDetails(gymName: string, experience: string): Promise<void> {
    const dialog = this.confirmDialog();
    await dialog.getByRole('radio', { name: gymName, exact: true }).check({ timeout: 10_000 });
    await dialog.getByRole('radio', { name: experience, exact: true }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }

  /** Asks for a slot of next week (the grid's Next Week) as a signed-in member; `notice()` then tells the outcome. */
  async requestNextWeekSlot(
    slot: { abbreviation: string; hour: number },
    gymName: string,
    experience: string,
  ): Promise<void> {
    await this.showWeek('Next week');
    await this.page.waitForFunction(
      () =>
        document.querySelector('section.availability-grid .week-picker__title')?.textContent?.trim() === 'Next Week',
      undefined,
      { timeout: 15_000 },
    );
    await this.slot(slot.abbreviation, slot.hour).click({ timeout: 15_000 });
    await this.confirmDetails(gymName, experience);
  }

  /** The outcome line above the grid ('Request Sent', or why the slot went). */
  async notice(): Promise<string> {
    return (
      (await this.page.locator('.coach-profile__booking .form-status').textContent({ timeout: 10_000 })) ?? ''
    ).trim();
  }
}
