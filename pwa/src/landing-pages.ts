/**
 * The pages a visitor opens from outside the app, by a search result or a shared link (issue 27,
 * design/decisions.md 189). The build lists each page's files (`pwa/page-hints-plugin.ts`), and the
 * server names them in the HTML it answers the path with, so the browser fetches them while it parses
 * the page instead of after the main chunk has run and asked for them (one task less on a phone, and
 * the page's files a round trip sooner).
 *
 * `path` as the app's route table writes it, where `:id` is an id (rules/doc-ids.ts), so
 * `/gyms/forgotten-password` is not a gym; `page` is the module app.tsx loads for that path, relative
 * to pwa/src (app.test.ts checks that the two agree).
 */
export const LANDING_PAGES = [
  { path: '/gyms', page: 'gyms/gyms-page.tsx' },
  { path: '/gyms/:id', page: 'gyms/gym-profile-page.tsx' },
  { path: '/gyms/:id/coaches', page: 'gyms/gym-coaches-page.tsx' },
  { path: '/coaches', page: 'coaches/coaches-list-page.tsx' },
  { path: '/coaches/:id', page: 'coaches/coach-profile-page.tsx' },
  { path: '/auth', page: 'sign-in/sign-in-chooser-page.tsx' },
  { path: '/register', page: 'register/register-chooser-page.tsx' },
  { path: '/about', page: 'about/about-page.tsx' },
] as const;
