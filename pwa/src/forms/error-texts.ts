/**
 * The error catalogue of §8 for the account forms, as pure functions of the error `api()` threw:
 * each screen maps an HTTP status (0 = no response) to the text it shows.
 */
import { EMAIL_OR_MOBILE_TAKEN } from '@mastr/rules/texts.ts';
import { ApiError, statusOf } from '../api/index.ts';

/** Client-side refusal before any call (§5 "Submit re-checks ..."). */
export const INVALID_ENTRY = 'Invalid Entry';

/** The server's own explanation, or the screen's generic text when it sent none. */
function serverText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message.trim() ? err.message : fallback;
}

export function registrationErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return 'No Server Response';
  if (status === 409) return EMAIL_OR_MOBILE_TAKEN;
  // A 400 names the rule the server refused (e.g. a field it validates that the form did not).
  if (status === 400) return serverText(err, 'Registration Failed');
  return 'Registration Failed';
}

export function signInErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return 'No Server Response.';
  // 429 explains the rate limit and when to try again.
  if (status === 400 || status === 401 || status === 429) return serverText(err, 'Login Failed');
  return 'Login Failed';
}

export function forgottenPasswordErrorText(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return 'No Server Response';
  if (status === 400 || status === 401 || status === 429) return serverText(err, 'Request Failed');
  return 'Request Failed';
}

export function resetPasswordErrorText(err: unknown): string {
  if (statusOf(err) === 0) return 'No Server Response';
  return serverText(err, 'Request Failed');
}
