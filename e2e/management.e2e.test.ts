import { describe, expect, it } from 'vitest';
import { DEMO_COACHES, DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { DashboardHomePage } from './support/dashboard-home-page.ts';
import { openSignedIn } from './support/dashboard-session.ts';
import { ManagementPage } from './support/management-page.ts';

/** Tom Okafor: registered only at Harbourside in the demo data. */
const COACH = DEMO_COACHES[2];
const COACH_NAME = `${COACH.firstName} ${COACH.lastName}`;
const UI_WAIT = { timeout: 15_000, interval: 200 };
/** Bounds a wait for the server's document to reach the device's copy. */
const SYNC_WAIT = { timeout: 30_000, interval: 250 };

/**
 * The coach–gym relation end to end (issue 11): a coach finds the gym with the search box and asks to
 * join; the gym accepts on its Management page; the coach shows on the gym's public profile; the
 * coach leaves and is gone from it.
 */
describe('a coach joins a gym and leaves it', () => {
  const e2e = setUpAppAndBrowser();

  async function newPage(): Promise<ManagementPage> {
    return new ManagementPage(await e2e.newPage());
  }

  /** The coach names on the gym's public profile, read fresh by a visitor. */
  async function publicCoachNames(): Promise<string[]> {
    const visitor = await newPage();
    await visitor.open(`/gyms/${DEMO_GYM.profileId}`);
    await visitor.page.locator('.gym-header__name').waitFor({ timeout: 15_000 });
    await visitor.page.locator('.coach-card, .gym-profile__empty').first().waitFor({ timeout: 15_000 });
    const names = (await visitor.page.locator('.coach-card .card__title').allTextContents()).map((t) => t.trim());
    await visitor.page.context().close();
    return names;
  }

  it('requests, accepts, shows publicly, leaves', { timeout: 180_000 }, async () => {
    expect(await publicCoachNames()).not.toContain(COACH_NAME);

    const coach = await newPage();
    await openSignedIn(coach.page, '/coachdashboard/management', 'coach', COACH.email);
    await coach.search('southbank');
    expect(await coach.searchShown()).toBe('SOUTHBANK');
    await expect.poll(() => coach.names('Request Gyms'), UI_WAIT).toEqual([DEMO_GYM.gymName]);
    await coach.clickOnRow('Request Gyms', DEMO_GYM.gymName, 'Request');
    await expect.poll(() => coach.names('Pending Requests'), UI_WAIT).toEqual([DEMO_GYM.gymName]);
    // Once asked, the gym is no longer offered.
    await expect.poll(() => coach.names('Request Gyms'), UI_WAIT).toEqual([]);

    // The gym hears of it on its Notifications page (from its device's copy), then answers on Management.
    const gym = await newPage();
    await openSignedIn(gym.page, '/gymdashboard/notifications', 'gym', DEMO_GYM.email);
    await expect
      .poll(() => gym.notifications(), SYNC_WAIT)
      .toContainEqual(expect.stringContaining(`${COACH_NAME} has requested to join your Gym.`));
    // The home's Notifications pod tells the newest event too.
    await gym.open('/gymdashboard');
    const home = new DashboardHomePage(gym.page);
    await expect.poll(() => home.podText('Notifications'), UI_WAIT).toContain(`${COACH_NAME} has requested to join`);
    await gym.open('/gymdashboard/management');
    await expect.poll(() => gym.names('Requests'), UI_WAIT).toContainEqual(expect.stringContaining(COACH_NAME));
    await gym.clickOnRow('Requests', COACH_NAME, 'Accept');
    await gym.confirm('Accept');
    await expect.poll(() => gym.names(/^Current Coaches/), UI_WAIT).toContainEqual(expect.stringContaining(COACH_NAME));
    expect(await gym.names('Requests')).not.toContainEqual(expect.stringContaining(COACH_NAME));
    // The new coach's hours, opened from the row: both weeks named with their dates (issue 24).
    const row = gym.page.locator('.management__list li').filter({ hasText: COACH_NAME });
    await row.locator('summary', { hasText: 'Availability' }).click();
    await expect
      .poll(() => row.locator('.management__availability-title').allTextContents(), UI_WAIT)
      .toEqual([
        expect.stringMatching(/^This week, \d{1,2} \w{3} – \d{1,2} \w{3}$/),
        expect.stringMatching(/^Next week, /),
      ]);

    await expect.poll(publicCoachNames, UI_WAIT).toContain(COACH_NAME);

    await coach.open('/coachdashboard/notifications');
    await expect
      .poll(() => coach.notifications(), SYNC_WAIT)
      .toContainEqual(expect.stringContaining(`${DEMO_GYM.gymName} accepted your request.`));
    await coach.open('/coachdashboard/management');
    await expect.poll(() => coach.names('Registered Gyms'), UI_WAIT).toContain(DEMO_GYM.gymName);
    await coach.clickOnRow('Registered Gyms', DEMO_GYM.gymName, 'Terminate');
    // The way out of a confirmation is 'Go Back', never 'Cancel' (which names actions: issue 24).
    const dialog = coach.page.getByRole('dialog');
    await dialog.waitFor(UI_WAIT);
    expect(await dialog.getByRole('button', { name: 'Go Back', exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await coach.confirm('Terminate');
    await expect.poll(() => coach.names('Registered Gyms'), UI_WAIT).not.toContain(DEMO_GYM.gymName);

    await expect.poll(publicCoachNames, UI_WAIT).not.toContain(COACH_NAME);
  });
});
