/** Session calls of §7: sign-in, refresh, logout. */
import type { SignInResponse } from '@mastr/rules/api/auth.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { callApi, statusOf } from '../api/http.ts';
import { tenantKindOf } from '../data/open-stores.ts';
import { wipeLocalData } from '../data/wipe-local-data.ts';
import { afterFailedRefresh, forgetIdentity, recallIdentity, rememberIdentity } from './known-identity.ts';
import { getPersist } from './persist.ts';
import { decodeUserInfo, tokenStore } from './token-store.ts';

/** A kept session remembers who is signed in, for offline cold starts (known-identity.ts). */
function rememberIfKept(): void {
  const { userInfo, profileName } = tokenStore.get();
  if (userInfo && getPersist()) rememberIdentity({ userInfo, profileName });
  else forgetIdentity();
}

export async function signIn(kind: AccountKind, email: string, pwd: string): Promise<SignInResponse> {
  const result = await callApi(`POST /api/auth/${kind}`, {
    body: { email: email.trim().toLowerCase(), pwd },
    credentials: true,
  });
  tokenStore.setToken(result.accessToken, result.profile_name ?? null);
  rememberIfKept();
  return result;
}

/** GET /api/refresh with the cookie; null when there is no live session. Concurrent callers share one request. */
let inFlight: Promise<string | null> | null = null;
export function refreshSession(): Promise<string | null> {
  inFlight ??= callApi('GET /api/refresh', { credentials: true })
    .then((r) => {
      // Keep the display name the kept identity remembered (refresh answers carry only the token).
      const known = recallIdentity();
      const info = decodeUserInfo(r.accessToken);
      tokenStore.setToken(
        r.accessToken,
        known && known.userInfo.profileId === info?.profileId ? known.profileName : undefined,
      );
      rememberIfKept();
      return tokenStore.get().accessToken;
    })
    .catch((err: unknown) => {
      const known = recallIdentity();
      if (afterFailedRefresh(statusOf(err), getPersist(), known) === 'offline' && known) {
        tokenStore.setOfflineIdentity(known.userInfo, known.profileName);
      } else {
        forgetIdentity();
        tokenStore.clear();
      }
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export async function logout(kind: AccountKind): Promise<void> {
  const profileId = tokenStore.get().userInfo?.profileId;
  try {
    await callApi(`GET /api/logout/${kind}`, { credentials: true });
  } catch (err) {
    console.warn('Logout failed', err); // §8: logout failure is only logged
  }
  await forgetAccountOnDevice(kind, profileId);
}

/**
 * What a logout leaves on the device: nothing of the account (design/sync.md): its local data, the
 * remembered identity and the token. Also used once the server has deleted the account.
 */
export async function forgetAccountOnDevice(kind: AccountKind, profileId: string | undefined): Promise<void> {
  try {
    // A shared tablet keeps nothing of the account that left (design/sync.md).
    await wipeLocalData(profileId ? { kind: tenantKindOf(kind), tenantId: profileId } : undefined);
  } catch (err) {
    console.warn('Could not remove local data', err);
  } finally {
    forgetIdentity();
    tokenStore.clear();
  }
}
