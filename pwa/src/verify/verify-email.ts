/** Email verification (§7): GET /api/{plural}/{id}/verify/{token}; success verified, any error not found. */
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { callApi } from '../api/index.ts';

/**
 * The token is single-use, and React StrictMode runs mount effects twice: a second GET would
 * consume nothing and answer 404 over a real success. One request per url per page load, shared by
 * every caller, kept so a remount shows the same outcome.
 */
const outcomes = new Map<string, Promise<boolean>>();

export function verifyEmailPath(kind: AccountKind, id: string, token: string): string {
  return `/api/${KIND_PLURAL[kind]}/${encodeURIComponent(id)}/verify/${encodeURIComponent(token)}`;
}

/** Resolves true when the server verified the email, false on any error. */
export function verifyEmail(kind: AccountKind, id: string, token: string): Promise<boolean> {
  const path = verifyEmailPath(kind, id, token);
  let outcome = outcomes.get(path);
  if (!outcome) {
    outcome = callApi(`GET /api/${KIND_PLURAL[kind]}/{id}/verify/{token}`, { params: { id, token } }).then(
      () => true,
      () => false,
    );
    outcomes.set(path, outcome);
  }
  return outcome;
}
