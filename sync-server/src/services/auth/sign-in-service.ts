import type { AccountDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail } from '@mastr/rules/validation.ts';
import type { Couch } from '../../couch/couch.ts';
import type { Deps } from '../../deps.ts';
import { issueAccessToken } from './access-tokens.ts';
import { findAccountByEmail } from '../../couch/stores/accounts-store.ts';
import { verificationWindowPassed } from './verification-window.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, hitRateLimit, secondsLeftInWindow } from './rate-limit.ts';
import { createSignInDelay } from './sign-in-delay.ts';
import { createRefreshSession, sessionIdOfCookie } from './refresh-sessions.ts';

export type PasswordSignInResult =
  | { outcome: 'signed-in'; account: AccountDoc }
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
  | { outcome: 'bad-credentials' }
  | { outcome: 'unverified' }
  /** A registration nobody verified within its window: it holds nothing any more and can be registered again. */
  | { outcome: 'lapsed' };

/**
 * Checks an email and password for one account kind. Every attempt counts against the caller's IP
 * (a fixed-window limit over all accounts), and wrong passwords grow a delay for this account from
 * this address (`sign-in-delay.ts`), never a lock others can trigger. Both live in CouchDB, so they
 * hold across instances. An unknown email is treated like a known one (same delay, and a dummy hash
 * so it takes as long); "not verified" is only revealed to someone who knows the password.
 */
export async function signInWithPassword(
  couch: Couch,
  attempt: { kind: AccountKind; email: string; pwd: string; ip: string; now: Date },
): Promise<PasswordSignInResult> {
  const email = normaliseEmail(attempt.email);
  const { now } = attempt;
  if (await hitRateLimit(couch, RATE_LIMITS.signInPerIp, attempt.ip, now))
    return { outcome: 'rate-limited', retryAfterSeconds: secondsLeftInWindow(RATE_LIMITS.signInPerIp, now) };
  const delay = createSignInDelay(couch);
  const source = { kind: attempt.kind, email, ip: attempt.ip };
  const wait = await delay.waitSeconds(source, now);
  if (wait > 0) return { outcome: 'rate-limited', retryAfterSeconds: wait };

  const account = await findAccountByEmail(couch, attempt.kind, email);
  const matches = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), attempt.pwd);
  if (!account?.passwordHash || !matches) {
    await delay.failed(source, now);
    return { outcome: 'bad-credentials' };
  }
  await delay.succeeded(source);
  if (!account.verified) return { outcome: verificationWindowPassed(account, now) ? 'lapsed' : 'unverified' };
  return { outcome: 'signed-in', account };
}

/** A short-lived access token carrying the account's email, role and profile id, for refresh session `sid`. */
export function accessTokenFor(deps: Deps, account: AccountDoc, sid: string): string {
  return issueAccessToken(
    deps.config.jwtAccessSecret,
    { email: account.email, kind: account.kind, profileId: account.profileId, sid },
    deps.config.accessTokenTtlSeconds,
    deps.now(),
  );
}

/** An access token for the account plus a new refresh session (the `jwt` cookie's value). */
export async function openSession(
  deps: Deps,
  account: AccountDoc,
): Promise<{ accessToken: string; refreshCookie: string }> {
  const refreshCookie = await createRefreshSession(
    deps.couch,
    { accountId: account.profileId, kind: account.kind },
    deps.config.refreshTtlSeconds,
    deps.now(),
  );
  return { accessToken: accessTokenFor(deps, account, sessionIdOfCookie(refreshCookie)!), refreshCookie };
}
