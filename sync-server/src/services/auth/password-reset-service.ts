/**
 * Forgotten password: a rate-limited request mails a one-hour link; the link sets a new password
 * once and signs the account out everywhere.
 */
import { isId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail } from '@mastr/rules/validation.ts';
import type { Deps } from '../../deps.ts';
import { changeAccount, findAccountByEmail, getAccount } from '../../couch/stores/accounts-store.ts';
import { isLiveAccount } from './verification-window.ts';
import { passwordResetLink, passwordResetMail } from '../mail/index.ts';
import {
  consumeToken,
  findUsableToken,
  issueOneTimeToken,
  revokeUnusedTokens,
  type OneTimeTokenDoc,
} from '../../couch/stores/one-time-tokens-store.ts';
import { hashPassword } from './passwords.ts';
import { RATE_LIMITS, hitRateLimit } from './rate-limit.ts';
import { revokeAllSessionsForAccount } from './refresh-sessions.ts';

export type ResetRequestOutcome = { outcome: 'accepted' } | { outcome: 'rate-limited' };

/**
 * Handles "forgotten password" for an email. The answer is the same whether or not an account
 * exists. So that the time taken does not tell either, the link is issued and mailed after the
 * answer has gone (a mail server can take far longer than a lookup); a failure there is logged,
 * and the person can ask again.
 */
export async function requestPasswordReset(
  deps: Deps,
  kind: AccountKind,
  email: string,
  ip: string,
): Promise<ResetRequestOutcome> {
  const now = deps.now();
  if (await hitRateLimit(deps.couch, RATE_LIMITS.resetPerIp, ip, now)) return { outcome: 'rate-limited' };
  // Per mailbox, whatever the account kind: the limit protects the inbox from being flooded.
  if (await hitRateLimit(deps.couch, RATE_LIMITS.resetPerEmail, normaliseEmail(email), now))
    return { outcome: 'rate-limited' };
  const account = await findAccountByEmail(deps.couch, kind, email);
  // A registration nobody verified in time is as good as gone: a reset link would verify it (below),
  // bringing back an account, and the mobile in it, that someone may have registered for someone else.
  if (account && isLiveAccount(account, now)) {
    mailResetLink(deps, account, now).catch((err) => {
      deps.logger.error({ err, profileId: account.profileId }, 'password reset: could not mail a reset link');
    });
  }
  return { outcome: 'accepted' };
}

async function mailResetLink(deps: Deps, account: AccountDoc, now: Date): Promise<void> {
  // Only the newest link works: an older mail lying in an inbox is no longer a way in.
  await revokeUnusedTokens(deps.couch, 'reset', account.profileId, now);
  const token = await issueOneTimeToken(deps.couch, 'reset', account.profileId, now);
  const link = passwordResetLink(deps.config.publicUrl, account.kind, account.profileId, token);
  await deps.mailer.send(passwordResetMail(account.email, account.kind, link));
}

/** The live reset token of this link, or null when the link is unknown, malformed, used or expired. */
async function liveResetToken(
  deps: Deps,
  kind: AccountKind,
  profileId: string,
  token: string,
  now: Date,
): Promise<OneTimeTokenDoc | null> {
  if (!isId(profileId)) return null;
  const account = await getAccount(deps.couch, profileId);
  if (!account || account.kind !== kind || !isLiveAccount(account, now)) return null;
  return findUsableToken(deps.couch, 'reset', profileId, token, now);
}

/** The link check the reset page makes before showing its form. */
export async function isResetLinkValid(
  deps: Deps,
  kind: AccountKind,
  profileId: string,
  token: string,
): Promise<boolean> {
  return (await liveResetToken(deps, kind, profileId, token, deps.now())) !== null;
}

/**
 * Sets a new password (already checked against the rule) through a reset link. The token is
 * consumed before the password is written, so of two uses racing only one changes it. Afterwards
 * every refresh session of the account is revoked: whoever knew the old password is signed out.
 * Returns false when the link is not live.
 */
export async function resetPassword(
  deps: Deps,
  kind: AccountKind,
  profileId: string,
  token: string,
  pwd: string,
): Promise<boolean> {
  const now = deps.now();
  const stored = await liveResetToken(deps, kind, profileId, token, now);
  if (!stored) return false;
  const passwordHash = await hashPassword(pwd);
  if (!(await consumeToken(deps.couch, stored, now))) return false;
  // Opening the link proved the person reads this mailbox, which is all verification proves. Written
  // on the revision read, and only while the account is live: a registration that lapsed and is being
  // taken over meanwhile (marked on its own revision first) is not brought back.
  const updated = await changeAccount(deps.couch, profileId, (account) =>
    account && isLiveAccount(account, now)
      ? { ...account, passwordHash, verified: true, verifiedAt: account.verifiedAt ?? now.toISOString() }
      : null,
  );
  if (updated?.passwordHash !== passwordHash) return false;
  await revokeAllSessionsForAccount(deps.couch, profileId);
  return true;
}
