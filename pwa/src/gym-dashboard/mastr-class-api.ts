/** The gym's Mastr Class calls (§7 "Mastr Class"); each answers what the profile merges in. */
import { callApi } from '../api/index.ts';

export function activateMastrClass(selectedDay: number, selectedTime: number) {
  return callApi('POST /api/me/gyms/mastrclass/activate', { body: { selectedDay, selectedTime }, auth: true });
}

export function updateDefaultMastrClass(day: number, time: number) {
  return callApi('POST /api/me/gyms/mastrclass/default/update', {
    body: { selectedDefaultMastrDay: day, selectedDefaultMastrTime: time },
    auth: true,
  });
}

export function toggleMastrClassVisibility() {
  return callApi('POST /api/me/gyms/mastrclass/activate/publicvisibility', { auth: true });
}

export function toggleNextDefaultMastrClass() {
  return callApi('POST /api/me/gyms/mastrclass/default/cancel', { auth: true });
}

export function cancelMastrClass(id: string) {
  return callApi('POST /api/me/gyms/mastrclass/active/{id}/cancel', { params: { id }, auth: true });
}
