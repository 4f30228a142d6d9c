import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPageOf } from './app.tsx';
import { LANDING_PAGES } from './landing-pages.ts';

/**
 * The page modules preloads asked for, relative to pwa/src as LANDING_PAGES names them: each mocked
 * page tells when its component is taken, which every preload does (a module is evaluated only once).
 */
const { loaded, pageModule } = vi.hoisted(() => {
  const loaded: string[] = [];
  const pageModule = (page: string, name: string) => ({
    get [name]() {
      loaded.push(page);
      return () => null;
    },
  });
  return { loaded, pageModule };
});

vi.mock('./gyms/gyms-page.tsx', () => pageModule('gyms/gyms-page.tsx', 'GymsPage'));
vi.mock('./gyms/gym-profile-page.tsx', () => pageModule('gyms/gym-profile-page.tsx', 'GymProfilePage'));
vi.mock('./gyms/gym-coaches-page.tsx', () => pageModule('gyms/gym-coaches-page.tsx', 'GymCoachesPage'));
vi.mock('./coaches/coaches-list-page.tsx', () => pageModule('coaches/coaches-list-page.tsx', 'CoachesListPage'));
vi.mock('./coaches/coach-profile-page.tsx', () => pageModule('coaches/coach-profile-page.tsx', 'CoachProfilePage'));
vi.mock('./sign-in/sign-in-chooser-page.tsx', () =>
  pageModule('sign-in/sign-in-chooser-page.tsx', 'SignInChooserPage'),
);
vi.mock('./register/register-chooser-page.tsx', () =>
  pageModule('register/register-chooser-page.tsx', 'RegisterChooserPage'),
);
vi.mock('./about/about-page.tsx', () => pageModule('about/about-page.tsx', 'AboutPage'));

/** Lets the dynamic imports a preload started settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A request path a landing path answers: an id for `:id`. */
const pathOf = (landingPath: string) => landingPath.replace(':id', '5eed00000000000000000a01');

describe('preloadPageOf', () => {
  afterEach(() => {
    loaded.length = 0;
  });

  it("asks for the chunk of the page a path shows, and only that page's", async () => {
    preloadPageOf('/gyms/5eed00000000000000000a01');
    await settle();
    expect(loaded).toEqual(['gyms/gym-profile-page.tsx']);
  });

  it('tells a list from a profile', async () => {
    preloadPageOf('/gyms');
    preloadPageOf('/coaches/5eed00000000000000000c01');
    await settle();
    expect(loaded.sort()).toEqual(['coaches/coach-profile-page.tsx', 'gyms/gyms-page.tsx']);
  });

  it('asks for nothing on the home page, which is in the main chunk', async () => {
    preloadPageOf('/');
    await settle();
    expect(loaded).toEqual([]);
  });
});

// The server names a landing page's files in the HTML by LANDING_PAGES (decision 189): a page the
// routes show at a landing path must be the module the table names, or a visitor downloads the wrong one.
describe('LANDING_PAGES agrees with the routes', () => {
  afterEach(() => {
    loaded.length = 0;
  });

  for (const { path, page } of LANDING_PAGES) {
    it(`${path} shows ${page}`, async () => {
      preloadPageOf(pathOf(path));
      await settle();
      expect(loaded).toEqual([page]);
    });
  }
});
