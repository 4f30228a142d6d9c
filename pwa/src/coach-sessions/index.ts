// The coach-sessions folder's public surface: what other folders may import from it.
export { CoachAuctionGymPage, CoachAuctionPage } from './auction-pages.tsx';
export { CoachWeeksChart } from './coach-analytics-pod.tsx';
export { CoachBookingsPage } from './coach-bookings-page.tsx';
export { CoachTodaysBookings } from './coach-todays-bookings.tsx';
export { CoachSessionRequestsPage } from './session-requests-page.tsx';
