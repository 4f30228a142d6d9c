import { describe, expect, it } from 'vitest';
import { DEMO_GYM } from '../sync-server/src/seed/demo-data.ts';
import { setUpAppAndBrowser } from './support/app-and-browser.ts';
import { GymProfilePage } from './support/gym-profile-page.ts';

/** The service worker's runtime cache of directory answers (vite.config.ts). */
const DIRECTORY_CACHE = 'mastr-directory';

/**
 * Issue 27 (decisions 143, 144, 157): a public profile's answer carries a weak ETag and `no-cache`,
 * so the service worker's network-first fetch, through the browser's HTTP cache, revalidates it and
 * an unchanged profile costs a 304 with no body; the page still shows the profile.
 */
describe('a public profile seen before is revalidated with a 304', () => {
  const env = setUpAppAndBrowser();

  it("answers the service worker's revalidation of an unchanged gym profile with 304, and the page shows it", async () => {
    const page = await env.newPage();
    const gym = new GymProfilePage(page);
    const profilePath = `/api/gyms/${DEMO_GYM.profileId}`;
    const profileAnswers = (from: number) =>
      env.app
        .apiAnswers()
        .slice(from)
        .filter((a) => a.method === 'GET' && a.path === profilePath);

    await gym.open(`/gyms/${DEMO_GYM.profileId}`);
    expect(await gym.gymName()).toBe(DEMO_GYM.gymName);
    const [first] = profileAnswers(0);
    expect(first).toMatchObject({ status: 200, ifNoneMatch: undefined });
    await gym.waitForActiveServiceWorker(60_000);

    // Loaded again, the page is the service worker's: its fetch of the profile goes through the HTTP cache.
    const before = env.app.apiAnswers().length;
    await gym.reload();
    expect(await gym.gymName()).toBe(DEMO_GYM.gymName);
    expect(await gym.isControlledByServiceWorker()).toBe(true);
    const again = profileAnswers(before);
    expect(again.length).toBeGreaterThan(0);
    expect(new Set(again.map((a) => a.status))).toEqual(new Set([304]));
    expect(again[0].ifNoneMatch).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    // The service worker kept the answer (the 304 reached it as the cached 200, which it stores).
    const kept = await page.evaluate(
      async ([name, path]) =>
        (await (await caches.open(name)).keys()).some((request) => new URL(request.url).pathname === path),
      [DIRECTORY_CACHE, profilePath] as const,
    );
    expect(kept).toBe(true);
    expect(await gym.timetable().isVisible()).toBe(true);
  });
});
