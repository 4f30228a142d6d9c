/**
 * Registration, verification, password reset and the session (§3 payloads, §7 "Session",
 * "Registration, verification, reset"). The refresh token travels in the httpOnly `jwt` cookie,
 * never in a body (design/auth.md).
 */
import type { AccountKind } from '../roles.ts';

/** Registration bodies common to every kind. The two ticks must be the boolean true. */
interface RegistrationCommon {
  email: string;
  mobile: string;
  pwd: string;
  termsOfUseAccepted: boolean;
}

/** POST /api/register/user. */
interface UserRegistrationRequest extends RegistrationCommon {
  firstName: string;
  detailsAreConfirmed: boolean;
}

/** POST /api/register/coach (the wizard's "details are confirmed" tick may come too, then it must be ticked). */
interface CoachRegistrationRequest extends RegistrationCommon {
  firstName: string;
  lastName: string;
  detailsAreConfirmed?: boolean;
}

/** POST /api/register/gym. */
interface GymRegistrationRequest extends RegistrationCommon {
  gymName: string;
  detailsAreConfirmed?: boolean;
}

/** The registration body of each kind; the answer is a MessageResponse (201). */
export interface RegistrationRequests {
  user: UserRegistrationRequest;
  coach: CoachRegistrationRequest;
  gym: GymRegistrationRequest;
}

export type RegistrationRequest = RegistrationRequests[AccountKind];

/** POST /api/auth/{user|coach|gym}. */
export interface SignInRequest {
  email: string;
  pwd: string;
}

/** GET /api/refresh: a new access token (the refresh cookie is rotated alongside). */
export interface AccessTokenResponse {
  accessToken: string;
}

/** What a sign-in adds: the profile id and display name (a member's name, a coach's 'First Last', the gym's name). */
export interface SignInProfileSummary {
  profile_id: string;
  profile_name: string;
}

/**
 * POST /api/auth/{kind}: the access token and the profile summary (§7 names only the token for a
 * member; the name is added so the member's avatar shows their own initial at once, decision 59).
 */
export type SignInResponse = AccessTokenResponse & Partial<SignInProfileSummary>;

/** POST /api/{users|coaches|gyms}/password-reset: mails a link (the answer never says whether the account exists). */
export interface PasswordResetRequest {
  email: string;
}

/** POST /api/{users|coaches|gyms}/password-reset/{id}/{token}: the new password. */
export interface NewPasswordRequest {
  pwd: string;
}
