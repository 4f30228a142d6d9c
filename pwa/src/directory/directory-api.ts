/**
 * The public directory (§7 "Public data"): typed fetchers for the four GET calls that gyms and
 * coaches pages read. The server answers only public gyms and coaches and never a private field; a
 * gym's page also sends the member's token, so a gym no longer listed still answers to a member
 * holding a pass there (decision 65). Errors are `ApiError`s (404 for an unknown or non-public id).
 */
import type { CoachDetail, CoachListItem, GymDetail, GymListItem } from '@mastr/rules/api/directory.ts';
import { callApi } from '../api/http.ts';

export function fetchGyms(signal?: AbortSignal): Promise<GymListItem[]> {
  return callApi('GET /api/gyms', { signal });
}

export function fetchGym(id: string, signal?: AbortSignal): Promise<GymDetail> {
  return callApi('GET /api/gyms/{id}', { params: { id }, signal, auth: true });
}

/** Newest first (§4: the coach list is shown in reverse order; the server already reverses it). */
export function fetchCoaches(signal?: AbortSignal): Promise<CoachListItem[]> {
  return callApi('GET /api/coaches', { signal });
}

export function fetchCoach(id: string, signal?: AbortSignal): Promise<CoachDetail> {
  return callApi('GET /api/coaches/{id}', { params: { id }, signal });
}
