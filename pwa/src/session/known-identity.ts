/**
 * Offline continuity for a kept session. The front desk must cold-start into its dashboard with the
 * server unreachable, when no access token can be had. So, only for a session kept with
 * 'Keep me logged in?', we remember who was signed in (never a token or secret: email, roles,
 * profile id, display name) and, while the server cannot be reached, let the app act as that
 * account on the data already on this device. The moment the server answers, the refresh cookie
 * decides again: a revoked or expired session signs the device out. Logout forgets the identity.
 */
import type { UserInfo } from '../api/index.ts';

const KEY = 'knownIdentity';

export interface KnownIdentity {
  userInfo: UserInfo;
  profileName: string | null;
  /** The refresh session's id (not a secret: without the cookie it ends nothing), for a logout made offline. */
  sessionId?: string | null;
}

export function rememberIdentity(identity: KnownIdentity): void {
  localStorage.setItem(KEY, JSON.stringify(identity));
}

export function recallIdentity(): KnownIdentity | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as KnownIdentity | null;
    return value && Array.isArray(value.userInfo?.roles) && typeof value.userInfo.profileId === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetIdentity(): void {
  localStorage.removeItem(KEY);
}

/**
 * What a failed refresh means. No answer (status 0) or a server error leaves a kept session usable
 * offline; a 4xx means the server looked at the cookie and refused it: the session is over.
 */
export function afterFailedRefresh(
  status: number,
  persist: boolean,
  known: KnownIdentity | null,
): 'offline' | 'signed-out' {
  const unreachable = status === 0 || status >= 500;
  return unreachable && persist && known ? 'offline' : 'signed-out';
}
