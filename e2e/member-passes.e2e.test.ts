import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { DEMO_MEMBERS } from '../sync-server/src/seed/demo-data.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { MemberPassesPage } from './support/member-passes-page.ts';

const PASSES_PATH = '/userdashboard/daypasses';
const MEMBER = DEMO_MEMBERS[0];
/** Bounds a wait for the device's own data to show. */
const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * A member's entry codes at the door with no signal (issue 3): after one sync the pass page shows
 * the code as text and as a QR code from IndexedDB, with the server really stopped.
 */
describe("a member's entry codes work offline", () => {
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

  it(
    "shows today's entry code and QR code after a reload with the server stopped, on both tabs",
    { timeout: 120_000 },
    async () => {
      const docs = await app.tenantDocs<DayPassDoc>('member', MEMBER.profileId);
      const todays = docs.find((d) => d.type === 'day-pass' && d.dayDateStart.startsWith(ukDateKey()));
      if (!todays) throw new Error('The demo member has no day pass today');
      const code = todays.idCode.toUpperCase();

      context = await newAppContext(browser, app.url);
      const passes = new MemberPassesPage(await context.newPage());
      await openSignedIn(passes.page, PASSES_PATH, 'user', MEMBER.email);
      await passes.waitForActiveServiceWorker();
      await passes.syncBar.waitForInSync();

      // Online: today's pass with its entry code as text and as a QR code.
      expect(await passes.entryCodeIn(passes.todayCard())).toBe(code);
      expect(await passes.qrCodeIn(passes.todayCard()).count()).toBe(1);
      const counts = { day: await passes.tabCount('Day Passes'), mastr: await passes.tabCount('Mastr Class') };
      expect(counts.day).toBeGreaterThanOrEqual(1);
      // The demo member holds a Mastr pass not yet booked into a class.
      expect(counts.mastr).toBeGreaterThanOrEqual(1);

      await app.stopHapiOnly();
      try {
        await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

        // A reload with no server: the page comes from the service worker, the passes from IndexedDB.
        await passes.reload();
        expect(await passes.isControlledByServiceWorker()).toBe(true);
        expect(passes.page.url()).toBe(`${app.url}${PASSES_PATH}`);
        expect(await passes.entryCodeIn(passes.todayCard())).toBe(code);
        await expect.poll(() => passes.qrCodeIn(passes.todayCard()).count(), UI_WAIT).toBe(1);
        expect(await passes.tabCount('Day Passes')).toBe(counts.day);
        await expect.poll(() => passes.syncBar.text(), UI_WAIT).toContain('Offline');

        // The Mastr Class tab too, by its link and after a reload of its own.
        await passes.tab('Mastr Class').click({ timeout: 10_000 });
        await passes.page.waitForURL(`**${PASSES_PATH}/mastr`, { timeout: 10_000 });
        await expect.poll(() => passes.pageTitle(), UI_WAIT).toBe('Mastr Class');
        await passes.reload();
        await expect.poll(() => passes.pageTitle(), UI_WAIT).toBe('Mastr Class');
        expect(await passes.tabCount('Mastr Class')).toBe(counts.mastr);
        await expect.poll(() => passes.passCards().count(), UI_WAIT).toBe(counts.mastr);
        expect(await passes.passCards().allTextContents()).toEqual(
          expect.arrayContaining([expect.stringContaining('Not yet booked into a class')]),
        );
      } finally {
        await app.restart();
      }
    },
  );
});
