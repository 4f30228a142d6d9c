import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { coachWeekStart } from '@mastr/rules/coach-week.ts';
import { availabilityDocId, slotClaimId } from '@mastr/rules/doc-ids.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { DEMO_COACHES } from '../sync-server/src/seed/demo-data.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { AvailabilityPage } from './support/availability-page.ts';
import { launchBrowser, newAppContext } from './support/browser.ts';
import { openSignedIn } from './support/dashboard-session.ts';

const AVAILABILITY_PATH = '/coachdashboard/availability';
const COACH = DEMO_COACHES[0];
/** Bounds a wait for the device's own data to show. */
const UI_WAIT = { timeout: 15_000, interval: 100 };
/** Bounds a wait spanning a server restart (the replication retries every second). */
const SYNC_WAIT = { timeout: 45_000, interval: 250 };

// The demo coach's Next Week as seeded (seed-availability.ts): Mon 07:00 requested, Tue free all day, Wed 07:00, 12:00 and 17:00 free.
const ADDED = { day: 'Tue', weekday: 2, hour: 9 };
const REMOVED = { day: 'Wed', weekday: 3, hour: 12 };
const REQUESTED = { day: 'Mon', weekday: 1, hour: 7 };

function hoursOn(doc: AvailabilityWeekDoc, weekday: number): number[] {
  return (doc.days.find((d) => d.weekday === weekday)?.times ?? []).map((slot) => slot.time / 3600);
}

/**
 * A coach edits next week's availability on the go (issue 3): with the server really stopped the
 * edits land in IndexedDB, survive a reload, and reach CouchDB once the server is back, unprompted.
 */
describe('a coach edits availability offline', () => {
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

  async function nextWeekInCouch(): Promise<AvailabilityWeekDoc> {
    const id = availabilityDocId(coachWeekStart(new Date(), 1));
    const doc = (await app.tenantDocs<AvailabilityWeekDoc>('coach', COACH.profileId)).find((d) => d._id === id);
    if (!doc) throw new Error(`No ${id} in the coach's database`);
    return doc;
  }

  it(
    'adds and removes next-week slots offline, keeps them over a reload, and syncs them when the server returns',
    { timeout: 180_000 },
    async () => {
      context = await newAppContext(browser, app.url);
      const availability = new AvailabilityPage(await context.newPage());
      await openSignedIn(availability.page, AVAILABILITY_PATH, 'coach', COACH.email);
      await availability.waitForActiveServiceWorker();
      await availability.syncBar.waitForInSync();

      // What the seed left: the chosen hours are free to change; a requested or booked slot is not.
      expect(await availability.timesOn('next', ADDED.day)).not.toContain('09:00');
      expect(await availability.timesOn('next', REMOVED.day)).toContain('12:00');
      expect(await availability.removeButton('next', REMOVED.day, REMOVED.hour).isDisabled()).toBe(false);
      expect(await availability.slot('next', REQUESTED.day, REQUESTED.hour).textContent()).toContain('Requested');
      expect(await availability.removeButton('next', REQUESTED.day, REQUESTED.hour).isDisabled()).toBe(true);
      expect(await availability.removeButton('current', 'Sat', 10).isDisabled()).toBe(true);
      expect(await availability.slot('current', 'Sat', 10).textContent()).toContain('Booked');

      await app.stopHapiOnly();
      await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

      await availability.add('next', ADDED.day, ADDED.hour);
      await expect.poll(() => availability.timesOn('next', ADDED.day), UI_WAIT).toContain('09:00');
      // Each save is confirmed on the page (issue 15), offline too.
      const saved = availability.page.locator('.dash-page .form-status--success[role="status"]');
      await expect
        .poll(() => saved.textContent(), UI_WAIT)
        .toBe(`Saved: 09:00 added on ${ADDED.day}, Next Week. It syncs by itself when online.`);
      await availability.remove('next', REMOVED.day, REMOVED.hour);
      await expect.poll(() => availability.timesOn('next', REMOVED.day), UI_WAIT).not.toContain('12:00');
      await expect.poll(() => availability.syncBar.pending(), UI_WAIT).toBeGreaterThanOrEqual(1);

      // A reload with no server still shows both edits, waiting to sync.
      await availability.reload();
      expect(await availability.isControlledByServiceWorker()).toBe(true);
      await expect.poll(() => availability.timesOn('next', ADDED.day), UI_WAIT).toContain('09:00');
      expect(await availability.timesOn('next', REMOVED.day)).not.toContain('12:00');
      expect(await availability.timesOn('next', REMOVED.day)).toEqual(['07:00', '17:00']);
      await expect.poll(() => availability.syncBar.pending(), UI_WAIT).toBeGreaterThanOrEqual(1);
      expect(hoursOn(await nextWeekInCouch(), REMOVED.weekday)).toContain(REMOVED.hour);

      // The server returns: the edit reaches CouchDB without anyone pressing anything.
      await app.restart();
      await availability.syncBar.waitForInSync(SYNC_WAIT.timeout);
      await expect.poll(async () => hoursOn(await nextWeekInCouch(), ADDED.weekday), SYNC_WAIT).toContain(ADDED.hour);
      const synced = await nextWeekInCouch();
      expect(hoursOn(synced, REMOVED.weekday)).toEqual([7, 17]);
      const requested = synced.days
        .find((d) => d.weekday === REQUESTED.weekday)
        ?.times.find((slot) => slot.time === REQUESTED.hour * 3600);
      expect(requested).toBeDefined();
      // Its slot claim (a request waiting, no booking) is what holds it: the week carries no flags.
      expect(Object.keys(requested!).sort()).toEqual(['_id', 'time']);
      const claimId = slotClaimId(coachWeekStart(new Date(), 1), REQUESTED.weekday, REQUESTED.hour * 3600);
      const claim = (await app.tenantDocs<SlotClaimDoc>('coach', COACH.profileId)).find((d) => d._id === claimId);
      expect(claim).toMatchObject({ type: 'slot-claim' });
      expect(claim?.booking).toBeUndefined();
    },
  );
});
