// The gym-schedule folder's public surface: what other folders may import from it.
export { GymSchedulePage } from './schedule-page.tsx';
