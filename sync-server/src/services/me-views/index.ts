// The `/api/me` views: every account's own lists and profiles, read across the domains (through their
// indexes). It sits above them: no domain imports it.
export { coachGymLists, gymCoachLists, meViewsOf } from './me-views-service.ts';
