/** The account calls of §7: one-field edits of a gym or coach account, the member's image, and deleting an account. */
import type {
  CoachAccountRequests,
  CoachAccountResponses,
  GymAccountRequests,
  GymAccountResponses,
  UserProfileImageResponse,
} from '@mastr/rules/api/account.ts';
import type { ApiRouteKey } from '@mastr/rules/api/routes.ts';
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { callApi } from '../api/index.ts';

type GymField = keyof GymAccountRequests;
type CoachField = keyof CoachAccountRequests;

/** POST /api/me/gyms/account/{field}: the field's body; answers the stored field and the gym's status. */
export function postGymEdit<F extends GymField>(
  field: F,
  body: GymAccountRequests[F],
): Promise<GymAccountResponses[F]> {
  const route: ApiRouteKey & `POST /api/me/gyms/account/${GymField}` = `POST /api/me/gyms/account/${field}`;
  // The route map pairs each field's key with its body and answer; TypeScript cannot follow F through the union.
  return callApi(route, { body: body as never, auth: true }) as Promise<GymAccountResponses[F]>;
}

/** POST /api/me/coaches/account/{field}: the field's body; answers the stored field and the coach's status. */
export function postCoachEdit<F extends CoachField>(
  field: F,
  body: CoachAccountRequests[F],
): Promise<CoachAccountResponses[F]> {
  const route: ApiRouteKey & `POST /api/me/coaches/account/${CoachField}` = `POST /api/me/coaches/account/${field}`;
  return callApi(route, { body: body as never, auth: true }) as Promise<CoachAccountResponses[F]>;
}

/** POST /api/me/users/account/profileImage: the member's image as a data URL; answers its URL. */
export function postUserProfileImage(profileImage: string): Promise<UserProfileImageResponse> {
  return callApi('POST /api/me/users/account/profileImage', { body: { profileImage }, auth: true });
}

/** DELETE /api/me/{plural}: 204, every session of the account ended and its refresh cookie cleared. */
export async function deleteAccount(kind: AccountKind): Promise<void> {
  await callApi(`DELETE /api/me/${KIND_PLURAL[kind]}`, { auth: true });
}
