import type { Page } from 'playwright-core';

declare global {
  interface Window {
    layoutShift?: number;
  }
}

/**
 * Sums the page's layout shifts not caused by input (what CLS counts) from its first paint on;
 * call before `goto`, read with `layoutShiftOf`.
 */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) window.layoutShift = (window.layoutShift ?? 0) + entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShiftOf = (page: Page): Promise<number> => page.evaluate(() => window.layoutShift ?? 0);
