import type { Page } from 'playwright-core';
import { AppPage } from './app-page.ts';

export interface DayRow {
  /** UK date, YYYY-MM-DD. */
  date: string;
  checkIns: number;
  dayPassSales: number;
}

/** Page model of /gymdashboard/analytics: the chart's canvas and the table of the same figures. */
export class GymAnalyticsPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  /**
   * Waits until chart.js has drawn into the canvas: a sized canvas with painted pixels. Returns the
   * canvas's accessible name (the summary).
   */
  async waitForChart(timeout = 15_000): Promise<string> {
    const canvas = this.page.locator('.analytics-chart canvas');
    await canvas.waitFor({ timeout });
    await this.page.waitForFunction(
      () => {
        const el = document.querySelector<HTMLCanvasElement>('.analytics-chart canvas');
        if (!el || el.width === 0 || el.height === 0) return false;
        const pixels = el.getContext('2d')?.getImageData(0, 0, el.width, el.height).data;
        return !!pixels && pixels.some((value, i) => i % 4 === 3 && value !== 0);
      },
      undefined,
      { timeout, polling: 100 },
    );
    return (await canvas.getAttribute('aria-label')) ?? '';
  }

  async summary(): Promise<string> {
    return ((await this.page.locator('.analytics-summary').textContent({ timeout: 15_000 })) ?? '').trim();
  }

  /** The table's rows, newest first. */
  async rows(timeout = 15_000): Promise<DayRow[]> {
    await this.page.locator('.analytics-table tbody tr').first().waitFor({ timeout });
    return this.page.locator('.analytics-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = row.querySelectorAll('td');
        return {
          date: row.getAttribute('data-date') ?? '',
          checkIns: Number(cells[0]?.textContent),
          dayPassSales: Number(cells[1]?.textContent),
        };
      }),
    );
  }

  async totals(): Promise<{ checkIns: number; dayPassSales: number }> {
    const cells = await this.page.locator('.analytics-table tfoot td').allTextContents();
    return { checkIns: Number(cells[0]), dayPassSales: Number(cells[1]) };
  }
}
