// The coach-availability folder's public surface: what other folders may import from it.
export { CoachAvailabilityPage } from './availability-page.tsx';
