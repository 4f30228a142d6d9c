/** GET /api/me for an account kind: the profile every dashboard page shares (me-profile-context.tsx). */
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { callApi } from '../api/index.ts';

export function fetchMeProfile(kind: AccountKind, signal?: AbortSignal) {
  return callApi(`GET /api/me/${KIND_PLURAL[kind]}`, { auth: true, signal });
}
