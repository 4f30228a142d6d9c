// The directory domain's public surface: what other folders may import from it.
export {
  coachAvatar,
  createDirectoryLists,
  gymProfile,
  publicCoachProfiles,
  publicGymProfiles,
} from './directory-service.ts';
export { gymTimetableView, timetableFrom } from './gym-timetable-views.ts';
export { mastrClassAvailability, withStoredClasses } from './mastr-class-schedule.ts';
export {
  activateMastrClass,
  assignMastrClass,
  cancelMastrClass,
  currentMastrClasses,
  enrolPaidMastrPass,
  type GymMastrOutcome,
  mastrClassOptions,
  toggleMastrVisibility,
  toggleNextDefaultClass,
  updateMastrDefault,
} from './mastr-class-service.ts';
export { type PreparedBody } from './prepared-body.ts';
export { addScheduleClass, removeScheduleClass, type ScheduleEditOutcome } from './schedule-edit-service.ts';
