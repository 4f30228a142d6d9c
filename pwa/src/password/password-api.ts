/** Forgotten password and reset calls (§7 "Registration, verification, reset"). */
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail } from '@mastr/rules/validation.ts';
import { api } from '../api/http.ts';

function resetLinkPath(kind: AccountKind, id: string, token: string): string {
  return `/api/${KIND_PLURAL[kind]}/password-reset/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;
}

/** Asks for a reset email; resolves with the server's message. */
export async function requestPasswordReset(kind: AccountKind, email: string): Promise<string> {
  const result = await api<{ message?: string }>(`/api/${KIND_PLURAL[kind]}/password-reset`, {
    method: 'POST',
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
  await api(resetLinkPath(kind, id, token), { signal });
}

/** Sets the new password; resolves with the server's message. */
export async function resetPassword(kind: AccountKind, id: string, token: string, pwd: string): Promise<string> {
  const result = await api<{ message?: string }>(resetLinkPath(kind, id, token), { method: 'POST', body: { pwd } });
  return result?.message ?? '';
}
