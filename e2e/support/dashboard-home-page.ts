import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page.ts';
import { SyncStatusBar } from './sync-status-bar.ts';

/** Page model of the gym and coach homes (/gymdashboard, /coachdashboard): pods and the go-live checklist. */
export class DashboardHomePage extends AppPage {
  readonly syncBar: SyncStatusBar;

  constructor(page: Page) {
    super(page);
    this.syncBar = new SyncStatusBar(page);
  }

  /** A pod by its exact title. */
  pod(title: string): Locator {
    return this.page
      .locator('li.pod')
      .filter({ has: this.page.locator('.pod__title', { hasText: new RegExp(`^${escape(title)}$`) }) });
  }

  /** Pod titles in order; waits (bounded) for the grid to render. */
  async podTitles(timeout = 15_000): Promise<string[]> {
    await this.page.locator('.pod__title').first().waitFor({ timeout });
    return (await this.page.locator('.pod__title').allTextContents()).map((t) => t.trim());
  }

  /** Where a pod's title links to. */
  podLink(title: string): Promise<string | null> {
    return this.pod(title).locator('.pod__title a').getAttribute('href', { timeout: 10_000 });
  }

  /** The pod's count as a number, or its text ('…', '—') while it shows none. */
  async podCount(title: string): Promise<number | string> {
    const text = ((await this.pod(title).locator('.pod__count').textContent({ timeout: 10_000 })) ?? '').trim();
    return /^\d+$/.test(text) ? Number(text) : text;
  }

  /** The pod's body as one line of text: its parts' text as written (not as styled, e.g. upper-case), space-separated. */
  async podText(title: string): Promise<string> {
    const body = this.pod(title).locator('.pod__body');
    await body.waitFor({ timeout: 10_000 });
    return body.evaluate((el) =>
      Array.from(el.children)
        .map((part) => (part.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join(' '),
    );
  }

  checklist(): Locator {
    return this.page.locator('section.go-live');
  }

  /** [href, text] of each step of the go-live checklist. */
  async checklistSteps(): Promise<[string, string][]> {
    const links = this.checklist().locator('.go-live__steps a');
    const steps: [string, string][] = [];
    for (const link of await links.all())
      steps.push([(await link.getAttribute('href')) ?? '', ((await link.textContent()) ?? '').trim()]);
    return steps;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
