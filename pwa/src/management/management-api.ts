/**
 * The six relation calls of the two Management pages (§7 "Coach and gym relations"); each answers
 * the lists the page merges into the shared profile (use-management-action.ts).
 */
import { callApi } from '../api/index.ts';

export function requestGym(gymId: string) {
  return callApi('POST /api/me/coaches/requestgym', { body: { gym_id: gymId }, auth: true });
}

export function leaveGym(gymId: string) {
  return callApi('PUT /api/me/coaches/registeredgym/{gymId}', { params: { gymId }, auth: true });
}

export function cancelGymRequest(gymId: string) {
  return callApi('PUT /api/me/coaches/requestgym/{gymId}', { params: { gymId }, auth: true });
}

export function acceptCoach(coachId: string) {
  return callApi('POST /api/me/gyms/mycoaches/approve/{coachId}', { params: { coachId }, auth: true });
}

export function rejectCoach(coachId: string) {
  return callApi('PUT /api/me/gyms/myrequests/{coachId}', { params: { coachId }, auth: true });
}

export function terminateCoach(coachId: string) {
  return callApi('DELETE /api/me/gyms/mycoaches/{coachId}', { params: { coachId }, auth: true });
}
