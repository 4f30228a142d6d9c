import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_COACHES, DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { layoutShiftOf, recordLayoutShift } from './support/layout-shift.ts';
import { PHONES } from './support/phone-layout.ts';

/** The most a page may move under a reader while it loads (issue 27's target; Lighthouse's "good" is 0.1). */
const MAX_LAYOUT_SHIFT = 0.02;
/** How late the profile answer arrives: a phone network, where the shifts were seen (issue 24). */
const SLOW_ANSWER_MS = 700;

/**
 * Issue 24: a gym profile's header loading in above its timetable moved the page by 0.37 on desktop
 * and up to 0.62 on a phone, a coach profile by 0.29, in some runs and not others (when the answer
 * came after the first paint). The answer is held back here so every run is the slow case, and the
 * page's layout shifts are added up as the browser reports them (none caused by input).
 */
describe('public pages do not move while they load', () => {
  const e2e = setUpAppAndBrowser();

  async function shiftWhileLoading(page: Page, path: string, answer: RegExp | null, loaded: string): Promise<number> {
    await recordLayoutShift(page);
    if (answer)
      await page.route(answer, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
        await route.continue();
      });
    await page.goto(path);
    await page.locator(loaded).first().waitFor({ timeout: 15_000 });
    // Late pieces (images, the timetable's scroll to today) settle.
    await page.waitForTimeout(1_000);
    return layoutShiftOf(page);
  }

  // Issue 27: Lighthouse (1350 px desktop, 412 px phone) and these sizes saw the footer pulled into the
  // first screen when a short page (/auth, /gyms with few gyms, a coach) replaced the one-screen
  // placeholder of its code-split chunk, 0.03–0.05 at 1280 px. The pages' API answers are held back
  // like the profiles', so each page also shows its loading state first.
  const pages = [
    { name: 'the home page', path: '/', answer: null, loaded: '.hero__title' },
    { name: 'the gym list', path: '/gyms', answer: /\/api\/gyms$/, loaded: '.gym-card' },
    {
      name: 'a gym profile',
      path: `/gyms/${DEMO_GYM.profileId}`,
      answer: new RegExp(`/api/gyms/${DEMO_GYM.profileId}$`),
      loaded: '.timetable-grid',
    },
    {
      name: 'a coach profile',
      path: `/coaches/${DEMO_COACHES[0].profileId}`,
      answer: new RegExp(`/api/coaches/${DEMO_COACHES[0].profileId}$`),
      loaded: '.coach-profile h1',
    },
    { name: 'the sign-in chooser', path: '/auth', answer: null, loaded: 'main h1' },
  ];

  // Decision 168: the timetable's grid renders a task after the rest of the profile, in a space kept
  // for it. On a screen tall enough to show the grid and the coaches below it, that space must be the
  // grid's height, or the coaches jump when it comes in (the sizes above have the grid below the fold).
  it(
    'a gym profile keeps the space of its timetable grid while the grid renders (1280 × 1800)',
    { timeout: 60_000 },
    async () => {
      const page = await e2e.newPage({ width: 1280, height: 1800 });
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const pending = document.querySelector<HTMLElement>('.timetable-scroll--pending');
          if (!pending) return;
          document.body.dataset.pendingGridHeight = String(pending.getBoundingClientRect().height);
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const shift = await shiftWhileLoading(
        page,
        `/gyms/${DEMO_GYM.profileId}`,
        new RegExp(`/api/gyms/${DEMO_GYM.profileId}$`),
        '.timetable-grid',
      );
      const kept = Number(await page.locator('body').getAttribute('data-pending-grid-height'));
      const grid = (await page.locator('.timetable-scroll').boundingBox())?.height ?? 0;
      // A class name wrapping onto a second line (≈ 18 px) is the most the estimate may miss by.
      expect(Math.abs(grid - kept), `kept ${kept} px for a ${grid} px grid`).toBeLessThanOrEqual(20);
      expect(shift).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
    },
  );

  for (const viewport of [{ width: 1280, height: 800 }, PHONES[1]]) {
    for (const { name, path, answer, loaded } of pages) {
      it(`${name} at ${viewport.width} px`, { timeout: 60_000 }, async () => {
        const page = await e2e.newPage(viewport);
        const shift = await shiftWhileLoading(page, path, answer, loaded);
        expect(shift).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
      });
    }
  }
});
