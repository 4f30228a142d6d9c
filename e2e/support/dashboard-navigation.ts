import type { Page } from 'playwright-core';

/** Moving about a gym's or coach's dashboard, and reading what a webhook changed behind it. */

/**
 * Reads `read` from the page as it is, then after a reload each time: for what changes on the
 * server behind a loaded page (a webhook's effect). Each reload waits until the dashboard has
 * rendered, i.e. its start-up refresh has answered: a reload that cuts that refresh short signs
 * the account out (the rotated cookie never reaches the browser).
 */
export function afterReload<T>(page: Page, read: () => Promise<T>): () => Promise<T> {
  let reload = false;
  return async () => {
    await page.locator('h1.dash-page__title').waitFor({ timeout: 15_000 });
    if (reload) {
      await page.reload({ waitUntil: 'load' });
      await page.locator('h1.dash-page__title').waitFor({ timeout: 15_000 });
    }
    reload = true;
    return read();
  };
}

/** Goes to the dashboard's home through its menu (no reload: the page keeps what it holds). */
export async function goHome(page: Page, navName: 'Gym dashboard' | 'Coach dashboard'): Promise<void> {
  await page.getByRole('navigation', { name: navName }).getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL((url) => url.pathname === (navName === 'Gym dashboard' ? '/gymdashboard' : '/coachdashboard'), {
    timeout: 15_000,
  });
}
