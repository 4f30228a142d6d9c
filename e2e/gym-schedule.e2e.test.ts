import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { addDaysToKey } from '@mastr/rules/coach-week.ts';
import { scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { gymWeekStart } from '@mastr/rules/timetable.ts';
import { DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { AppPage } from './support/app-page.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { GymProfilePage } from './support/gym-profile-page.ts';
import { SyncStatusBar } from './support/sync-status-bar.ts';

const SCHEDULE_PATH = '/gymdashboard/schedule';
const UI_WAIT = { timeout: 15_000, interval: 100 };
const SYNC_WAIT = { timeout: 45_000, interval: 250 };
const ADDED = { discipline: 'Kickboxing', start: 21.5 * 3600, end: 22.5 * 3600, location: 'Back room' };

/**
 * A gym edits next week's timetable offline (issue 10): with the server stopped the class lands in
 * the device's copy and shows at once; when the server is back it syncs unprompted and a visitor
 * sees it on the public timetable.
 */
describe('a gym adds a class offline', () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  async function nextWeekInCouch(): Promise<ScheduleWeekDoc | undefined> {
    const id = scheduleDocId(gymWeekStart(new Date(), 1));
    return (await app.tenantDocs<ScheduleWeekDoc>('gym', DEMO_GYM.profileId)).find((d) => d._id === id);
  }
  const sundayDisciplines = (doc: ScheduleWeekDoc | undefined) =>
    doc?.days.find((d) => d.weekday === 7)?.classes.map((c) => c.discipline) ?? [];

  it(
    'shows the class offline, syncs it when the server returns, and a visitor sees it',
    { timeout: 180_000 },
    async () => {
      context = await newAppContext(browser, app.url);
      const page = await context.newPage();
      const schedulePage = new AppPage(page);
      const syncBar = new SyncStatusBar(page);
      await openSignedIn(page, SCHEDULE_PATH, 'gym', DEMO_GYM.email);
      await schedulePage.waitForActiveServiceWorker();
      await syncBar.waitForInSync();

      const nextWeek = page.getByRole('region', { name: 'Availability for Next Week' });
      const sunday = nextWeek
        .locator('li.avail-day')
        .filter({ has: page.locator('h3.avail-day__title', { hasText: /^Sun/ }) });
      const sundayClasses = async () => (await sunday.locator('.avail-slot__time').allTextContents()).join(' | ');
      await sunday.waitFor({ timeout: 15_000 });
      expect(await sundayClasses()).not.toContain('21:30–22:30 Kickboxing');

      await app.stopHapiOnly();
      await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

      await sunday.getByRole('button', { name: 'Add Evening Class' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Location').fill(ADDED.location);
      await dialog.getByLabel('Difficulty').selectOption('Intermediate');
      await dialog.getByLabel('Discipline').selectOption(ADDED.discipline);
      // The end list waits for a start.
      expect(await dialog.getByLabel('End Time').locator('option').allTextContents()).toEqual([
        'Please Select A Start Time',
      ]);
      await dialog.getByLabel('Start Time').selectOption(String(ADDED.start));
      await dialog.getByLabel('End Time').selectOption(String(ADDED.end));
      await dialog.getByRole('button', { name: 'Add Class' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      await expect.poll(sundayClasses, UI_WAIT).toContain('21:30–22:30 Kickboxing');
      await expect.poll(() => syncBar.pending(), UI_WAIT).toBeGreaterThanOrEqual(1);
      expect(sundayDisciplines(await nextWeekInCouch())).not.toContain(ADDED.discipline);

      await app.restart();
      await syncBar.waitForInSync(SYNC_WAIT.timeout);
      await expect.poll(async () => sundayDisciplines(await nextWeekInCouch()), SYNC_WAIT).toContain(ADDED.discipline);

      // A visitor (no sign-in) sees it on the public timetable's next week.
      const visitorContext = await newAppContext(browser, app.url);
      try {
        const visitor = new GymProfilePage(await visitorContext.newPage());
        await visitor.page.goto(`/gyms/${DEMO_GYM.profileId}`, { waitUntil: 'load' });
        expect(await visitor.gymName()).toBe(DEMO_GYM.gymName);
        await visitor.showWeek('Next week');
        const nextSunday = addDaysToKey(gymWeekStart(new Date(), 1), 6);
        await expect.poll(() => visitor.classesOn(nextSunday), UI_WAIT).toContain(ADDED.discipline);
      } finally {
        await visitorContext.close();
      }
    },
  );
});
