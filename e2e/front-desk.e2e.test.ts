import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { checkInDecisions, type CheckInDecision } from '@mastr/rules/check-in-decisions.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { FrontDeskPage } from './support/front-desk-page.ts';

const TODAY_PATH = '/gymdashboard/daypasses/today';
const HOME_PATH = '/gymdashboard/daypasses';
/** Bounds every wait that spans a server restart (the replication retries every second). */
const SYNC_WAIT = { timeout: 45_000, interval: 250 };
/** Bounds a wait for the device's own data to show (no network involved). */
const UI_WAIT = { timeout: 15_000, interval: 100 };

/**
 * The offline front desk (issue 3) in Chromium against the real server and CouchDB: two browser
 * contexts are two tablets at the demo gym's desk. The server is really stopped (setOffline does
 * not cut the service worker's own requests), so each tablet works from IndexedDB alone.
 */
describe('two front-desk tablets check in through dead Wi-Fi', () => {
  const e2e = setUpAppAndBrowser();

  /** A tablet signed in as the demo gym (kept session), on today's list, installed and synced. */
  async function openTablet(): Promise<{ context: BrowserContext; desk: FrontDeskPage }> {
    const context = await e2e.newContext();
    const desk = new FrontDeskPage(await context.newPage());
    await openSignedIn(desk.page, TODAY_PATH, 'gym', DEMO_GYM.email);
    await desk.waitForActiveServiceWorker();
    await desk.syncBar.waitForInSync();
    return { context, desk };
  }

  async function todaysPass(clientName: string): Promise<DayPassDoc> {
    const docs = await e2e.app.tenantDocs<DayPassDoc>('gym', DEMO_GYM.profileId);
    const pass = docs.find(
      (d) => d.type === 'day-pass' && d.clientName === clientName && d.dayDateStart.startsWith(ukDateKey()),
    );
    if (!pass) throw new Error(`No day pass today for ${clientName} in the demo data`);
    return pass;
  }

  /**
   * A pass's check-in records in CouchDB, each with the server's decision (if decided), whether the
   * gym's pass lists it as counted, and its outcome document (if any: only records that did not count).
   */
  async function checkInsOf(
    passId: string,
  ): Promise<(CheckInDoc & { decision?: CheckInDecision; onPass: boolean; outcomeDocument?: CheckInOutcomeDoc })[]> {
    const docs = await e2e.app.tenantDocs<CheckInDoc | CheckInOutcomeDoc | DayPassDoc>('gym', DEMO_GYM.profileId);
    const gymPass = docs.find((d): d is DayPassDoc => d.type === 'day-pass' && d.passId === passId);
    const outcomes = docs.filter((d): d is CheckInOutcomeDoc => d.type === 'check-in-outcome');
    const decisions = checkInDecisions([gymPass], outcomes);
    const records = docs.filter((d): d is CheckInDoc => d.type === 'check-in' && d.passId === passId);
    return records.map((d) => ({
      ...d,
      decision: decisions.get(d._id),
      onPass: gymPass?.countedCheckIns?.some((c) => c.checkInId === d._id) ?? false,
      outcomeDocument: outcomes.find((o) => o.checkInId === d._id),
    }));
  }

  it(
    'records check-ins offline, survives reloads and new tabs, and converges on one counted and one duplicate',
    { timeout: 240_000 },
    async () => {
      const [alexPass, samPass] = [await todaysPass('Alex'), await todaysPass('Sam')];
      const [tabletA, tabletB] = await Promise.all([openTablet(), openTablet()]);
      const [a, b] = [tabletA.desk, tabletB.desk];

      // Both tablets list today's passes with their entry codes upper-case.
      for (const desk of [a, b]) {
        expect(await desk.listedNames()).toEqual(expect.arrayContaining(['Alex', 'Sam']));
        expect(await desk.entryCodeOf('Alex')).toBe(alexPass.idCode.toUpperCase());
        expect(await desk.entryCodeOf('Sam')).toBe(samPass.idCode.toUpperCase());
        expect(await desk.entryCodeOf('Alex')).toMatch(/^[A-Z0-9]{6}$/);
      }

      await e2e.app.stopHapiOnly();
      await expect(fetch(`${e2e.app.url}/api/health`)).rejects.toThrow();

      // Tablet A checks Alex in with the server gone: recorded on the device at once.
      await a.tapCheckIn('Alex');
      await expect.poll(() => a.listMessage(), UI_WAIT).toMatch(/^Checked In\. /);
      await expect.poll(() => a.tickOf('Alex').textContent(), UI_WAIT).toContain('✓');
      await expect.poll(() => a.syncBar.pending(), UI_WAIT).toBeGreaterThanOrEqual(1);

      // A reload (a cold start with no server) still shows it, waiting to sync.
      await a.reload();
      await expect.poll(() => a.tickOf('Alex').textContent(), UI_WAIT).toContain('✓');
      await expect.poll(() => a.syncBar.pending(), UI_WAIT).toBeGreaterThanOrEqual(1);
      await expect.poll(() => a.syncBar.text(), UI_WAIT).toContain('Offline');

      // A new tab on tablet A cold-starts into the front desk with the server still stopped.
      const newTab = new FrontDeskPage(await tabletA.context.newPage());
      await newTab.open(TODAY_PATH);
      expect(await newTab.isControlledByServiceWorker()).toBe(true);
      expect(newTab.page.url()).toBe(`${e2e.app.url}${TODAY_PATH}`);
      expect(await newTab.listedNames()).toEqual(expect.arrayContaining(['Alex', 'Sam']));
      await expect.poll(() => newTab.tickOf('Alex').textContent(), UI_WAIT).toContain('✓');
      await newTab.page.close();

      // Tablet B has not seen A's check-in and checks Alex in too; it also checks Sam in by typed code.
      expect(await b.tickOf('Alex').count()).toBe(0);
      await b.tapCheckIn('Alex');
      await expect.poll(() => b.listMessage(), UI_WAIT).toMatch(/^Checked In\. /);
      await b.open(HOME_PATH);
      await b.waitForCountTiles();
      await b.checkInByCode(samPass.idCode.toLowerCase());
      await expect.poll(() => b.panelMessage(), UI_WAIT).toMatch(/^Checked In\./);
      await expect.poll(() => b.syncBar.pending(), UI_WAIT).toBe(2);
      await b.open(TODAY_PATH);

      // The server returns: nobody presses anything, both tablets send, pull and agree.
      await e2e.app.restart();
      for (const desk of [a, b]) await desk.syncBar.waitForInSync(SYNC_WAIT.timeout);
      await expect
        .poll(async () => (await checkInsOf(alexPass.passId)).map((c) => c.decision?.outcome).sort(), SYNC_WAIT)
        .toEqual(['counted', 'duplicate']);

      const alexCheckIns = await checkInsOf(alexPass.passId);
      const counted = alexCheckIns.find((c) => c.decision?.outcome === 'counted')!;
      const duplicate = alexCheckIns.find((c) => c.decision?.outcome === 'duplicate')!;
      expect(duplicate.decision!.duplicateOf).toBe(counted._id);
      expect(counted.deviceId).not.toBe(duplicate.deviceId);
      expect(alexCheckIns.every((c) => c.method === 'tap')).toBe(true);
      // The counted one is on the gym's pass with no outcome document of its own; the duplicate has one.
      expect(counted.onPass).toBe(true);
      expect(counted.outcomeDocument).toBeUndefined();
      expect(duplicate.onPass).toBe(false);
      expect(duplicate.outcomeDocument).toMatchObject({ outcome: 'duplicate', duplicateOf: counted._id });
      const samCheckIns = await checkInsOf(samPass.passId);
      expect(samCheckIns.map((c) => [c.method, c.decision?.outcome, c.onPass, c.outcomeDocument])).toEqual([
        ['code', 'counted', true, undefined],
      ]);

      // Every tablet shows the same outcome: one check-in counted, the other marked a duplicate.
      for (const desk of [a, b]) {
        await expect.poll(() => desk.noteOf('Alex'), SYNC_WAIT).toMatch(/^Duplicate/);
        await expect.poll(() => desk.tickOf('Alex').textContent(), SYNC_WAIT).not.toContain('waiting to sync');
        await expect.poll(() => desk.tickOf('Sam').textContent(), SYNC_WAIT).toContain('✓');
        expect(await desk.syncBar.pending()).toBe(0);
      }
      expect(await a.noteOf('Alex')).toBe(await b.noteOf('Alex'));
      expect(await a.tickOf('Alex').textContent()).toBe(await b.tickOf('Alex').textContent());
    },
  );
});
