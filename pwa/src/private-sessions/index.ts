// The private-sessions folder's public surface: what other folders may import from it.
export { CoachRequestsPage } from './coach-requests-page.tsx';
export { GymBookingsPage } from './gym-bookings-page.tsx';
export { GymRequestsPage } from './gym-requests-page.tsx';
export { MemberBookingsPage } from './member-bookings-page.tsx';
