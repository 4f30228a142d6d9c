// The front-desk folder's public surface: what other folders may import from it.
export { CANCEL_MESSAGES } from './cancel-day-pass.ts';
export { recordCheckIn } from './check-in-actions.ts';
export { frontDeskLists, frontDeskWindow, newCheckIn } from './front-desk-model.ts';
export { DayPassesHomePage, MastrPassesPage, TodayPassesPage, UpcomingPassesPage } from './front-desk-pages.tsx';
export { useFrontDesk } from './use-front-desk.ts';
export { VisitorsPage } from './visitors-page.tsx';
