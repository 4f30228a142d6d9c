/** What the gym's and the coach's Management pages share: their calls, texts, rules and styles. */
import './management.css';

export { acceptCoach, cancelGymRequest, leaveGym, rejectCoach, requestGym, terminateCoach } from './management-api.ts';
export {
  availabilityWeeks,
  currentCoachesTitle,
  MANAGEMENT_TEXTS,
  requestableGyms,
  shownSearch,
} from './management-model.ts';
export { useManagementAction } from './use-management-action.ts';
