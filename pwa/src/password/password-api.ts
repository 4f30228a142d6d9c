/** Forgotten password and reset calls (§7 "Registration, verification, reset"). */
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail } from '@mastr/rules/validation.ts';
import { callApi } from '../api/index.ts';

/** Asks for a reset email; resolves with the server's message. */
export async function requestPasswordReset(kind: AccountKind, email: string): Promise<string> {
  const result = await callApi(`POST /api/${KIND_PLURAL[kind]}/password-reset`, {
    body: { email: normaliseEmail(email) },
  });
  return result?.message ?? '';
}

/** The link check run when the reset page opens: resolves when the link is live, throws otherwise. */
export async function checkResetLink(
  kind: AccountKind,
  id: string,
  token: string,
  signal?: AbortSignal,
): Promise<void> {
  await callApi(`GET /api/${KIND_PLURAL[kind]}/password-reset/{id}/{token}`, { params: { id, token }, signal });
}

/** Sets the new password; resolves with the server's message. */
export async function resetPassword(kind: AccountKind, id: string, token: string, pwd: string): Promise<string> {
  const result = await callApi(`POST /api/${KIND_PLURAL[kind]}/password-reset/{id}/{token}`, {
    params: { id, token },
    body: { pwd },
  });
  return result?.message ?? '';
}
