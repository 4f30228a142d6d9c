/** Session calls of §7: sign-in, refresh, logout. */
import type { SignInResponse } from '@mastr/rules/api/auth.ts';
import { tenantKindOf, type AccountKind } from '@mastr/rules/roles.ts';
import { callApi, decodeUserInfo, sessionIdOf, statusOf, tokenStore } from '../api/index.ts';
import { wipeLocalData } from '../data/index.ts';
import { afterFailedRefresh, forgetIdentity, recallIdentity, rememberIdentity } from './known-identity.ts';
import {
  flushPendingLogouts,
  forgetPendingLogouts,
  recordPendingLogout,
  type LogoutOutcome,
  type PendingLogout,
} from './pending-logout.ts';
import { getPersist } from './persist.ts';

/** A kept session remembers who is signed in, for offline cold starts (known-identity.ts). */
function rememberIfKept(): void {
  const { userInfo, profileName, accessToken } = tokenStore.get();
  if (userInfo && getPersist()) rememberIdentity({ userInfo, profileName, sessionId: sessionIdOf(accessToken) });
  else forgetIdentity();
}

/** GET /api/logout/{kind}, naming the session when known. No answer or a 5xx: send it again later. */
async function sendLogout(logout: Pick<PendingLogout, 'kind' | 'session'>): Promise<LogoutOutcome> {
  try {
    await callApi(`GET /api/logout/${logout.kind}`, {
      credentials: true,
      query: logout.session ? { session: logout.session } : undefined,
    });
    return 'answered';
  } catch (err) {
    const status = statusOf(err);
    console.warn('Logout failed', err); // §8: logout failure is only logged
    return status === 0 || status >= 500 ? 'retry' : 'answered';
  }
}

/** Sends the logouts made while offline (pending-logout.ts); true when none is left. */
export function sendPendingLogouts(): Promise<boolean> {
  return flushPendingLogouts(sendLogout);
}

export async function signIn(kind: AccountKind, email: string, pwd: string): Promise<SignInResponse> {
  // A logout made offline goes first, while the cookie still names its session.
  await sendPendingLogouts();
  const result = await callApi(`POST /api/auth/${kind}`, {
    body: { email: email.trim().toLowerCase(), pwd },
    credentials: true,
  });
  // The server ended the session of the cookie this sign-in replaced: nothing is left to send.
  await forgetPendingLogouts().catch((err: unknown) => console.warn('Could not forget pending logouts', err));
  tokenStore.setToken(result.accessToken, result.profile_name ?? null);
  rememberIfKept();
  return result;
}

/** Signed out on this device: no token, nobody remembered. */
function signedOut(): null {
  forgetIdentity();
  tokenStore.clear();
  return null;
}

/** GET /api/refresh with the cookie; null when there is no live session. */
async function refreshWithCookie(): Promise<string | null> {
  try {
    const r = await callApi('GET /api/refresh', { credentials: true });
    // Keep the display name the kept identity remembered (refresh answers carry only the token).
    const known = recallIdentity();
    const info = decodeUserInfo(r.accessToken);
    tokenStore.setToken(
      r.accessToken,
      known && known.userInfo.profileId === info?.profileId ? known.profileName : undefined,
    );
    rememberIfKept();
    return tokenStore.get().accessToken;
  } catch (err) {
    const known = recallIdentity();
    if (afterFailedRefresh(statusOf(err), getPersist(), known) === 'offline' && known) {
      tokenStore.setOfflineIdentity(known.userInfo, known.profileName);
      return null;
    }
    return signedOut();
  }
}

/**
 * Refreshes the session; concurrent callers share one request. A logout the server has not heard of
 * goes first, and until it has been sent nobody is signed in: refreshing with the cookie before it
 * would bring back the very session the user ended.
 */
let inFlight: Promise<string | null> | null = null;
export function refreshSession(): Promise<string | null> {
  inFlight ??= sendPendingLogouts()
    .then((sent) => (sent ? refreshWithCookie() : signedOut()))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * Written down first, then sent: offline (or if the tab closes meanwhile) it is sent again once the
 * server can be reached, and the session it names ends then (design/auth.md "Logout while offline").
 * `leave` runs once the logout is written down and before the session is cleared: a page that moves
 * on (or a full load the user starts) any earlier could reload into the session being ended
 * (design/decisions.md 129).
 */
export async function logout(kind: AccountKind, leave: () => void = () => {}): Promise<void> {
  const { userInfo, accessToken } = tokenStore.get();
  const session = sessionIdOf(accessToken) ?? recallIdentity()?.sessionId ?? null;
  const recorded = await recordPendingLogout(kind, session);
  leave();
  if (recorded) await sendPendingLogouts();
  else await sendLogout({ kind, session });
  await forgetAccountOnDevice(kind, userInfo?.profileId);
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
