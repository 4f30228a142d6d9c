/**
 * The access token lives in memory only (never in storage): a tiny external store that both the
 * http client and React (useSyncExternalStore) read. It sits in api/, below session/, because the
 * http client sends it: in session/ the two folders' indexes would import each other (decision 192).
 */
import { kindOfRoles, type AccountKind } from '@mastr/rules/roles.ts';

export interface UserInfo {
  email: string;
  roles: number[];
  profileId: string;
}

export interface SessionState {
  accessToken: string | null;
  userInfo: UserInfo | null;
  kind: AccountKind | null;
  /** Gym or coach display name from sign-in, when known. */
  profileName: string | null;
}

const EMPTY: SessionState = { accessToken: null, userInfo: null, kind: null, profileName: null };

/** A JWT's payload, unverified (the server verifies; the UI only routes by it). */
function payloadOf(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1];
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the JWT payload's UserInfo. */
export function decodeUserInfo(token: string): UserInfo | null {
  const info = payloadOf(token)?.UserInfo as UserInfo | undefined;
  return info && Array.isArray(info.roles) ? info : null;
}

/** The refresh session an access token belongs to (its `sid`), to name it in a late logout (pending-logout.ts). */
export function sessionIdOf(token: string | null): string | null {
  const sid = token ? payloadOf(token)?.sid : undefined;
  return typeof sid === 'string' && /^[a-f0-9]{24}$/.test(sid) ? sid : null;
}

let state: SessionState = EMPTY;
const listeners = new Set<() => void>();

export const tokenStore = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(accessToken: string | null, profileName?: string | null): void {
    const userInfo = accessToken ? decodeUserInfo(accessToken) : null;
    state = {
      accessToken: userInfo ? accessToken : null,
      userInfo,
      kind: userInfo ? (kindOfRoles(userInfo.roles) ?? null) : null,
      profileName: userInfo
        ? (profileName ?? (state.userInfo?.profileId === userInfo.profileId ? state.profileName : null))
        : null,
    };
    listeners.forEach((l) => l());
  },
  /**
   * The signed-in account's display name as /api/me gives it (a member's sign-in answers none), so the
   * site bar and the dashboard show the same name and initial.
   */
  setProfileName(profileName: string): void {
    if (!state.userInfo || state.profileName === profileName) return;
    state = { ...state, profileName };
    listeners.forEach((l) => l());
  },
  /** Acts as a remembered account without a token while the server is unreachable (known-identity.ts). */
  setOfflineIdentity(userInfo: UserInfo, profileName: string | null): void {
    state = { accessToken: null, userInfo, kind: kindOfRoles(userInfo.roles) ?? null, profileName };
    listeners.forEach((l) => l());
  },
  clear(): void {
    state = EMPTY;
    listeners.forEach((l) => l());
  },
};
