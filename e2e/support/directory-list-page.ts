import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

/**
 * Page model of a directory list (/gyms or /coaches): the search box, the cards, and the empty
 * text. Both pages share the search box and card markup (pwa/src/directory/*).
 */
export class DirectoryListPage extends AppPage {
  searchBox(): Locator {
    return this.page.getByRole('search').getByRole('searchbox');
  }

  /** Types a query key by key, as a visitor does (the list filters on every keystroke). */
  async search(query: string): Promise<void> {
    await this.searchBox().fill('', { timeout: 15_000 });
    await this.searchBox().pressSequentially(query);
  }

  cardLinks(): Locator {
    return this.page.locator('li.card .card__title a');
  }

  /** The names on the cards shown, in order ([] while loading or when nothing matches). */
  async cardNames(): Promise<string[]> {
    return (await this.cardLinks().allTextContents()).map((name) => name.trim());
  }

  /** Waits (bounded) until the list has loaded: cards or the empty text are on screen. */
  async waitForList(timeout = 15_000): Promise<void> {
    await this.page
      .locator('li.card:not(.skeleton-card), .directory-empty, .coaches-page__empty')
      .first()
      .waitFor({ timeout });
  }

  /** The 'No Gyms to Display' / 'No Coaches to Display' line, '' when cards are shown. */
  async emptyText(): Promise<string> {
    const empty = this.page.locator('.directory-empty, .coaches-page__empty');
    return (await empty.count()) ? ((await empty.textContent()) ?? '').trim() : '';
  }

  async openCard(name: string): Promise<void> {
    await this.cardLinks()
      .filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) })
      .click({ timeout: 10_000 });
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
