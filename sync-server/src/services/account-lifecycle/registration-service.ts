/**
 * Registration (§3 payloads) and email verification. A new account starts unverified and its owner
 * receives a one-time link; opening it marks the account verified.
 */
import { emailClaimId, isId, mobileClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Couch } from '../../couch/couch.ts';
import type { Deps } from '../../deps.ts';
import type { RegistrationPayload } from '../../schemas/account-schemas.ts';
import { AccountTakenError, createAccount, claimIdsOf } from '../accounts/index.ts';
import { changeAccount, getAccount, removeAccountDoc } from '../../couch/stores/accounts-store.ts';
import { removeClaim } from '../../couch/stores/claims-store.ts';
import { removeProfile } from '../../couch/stores/profiles-store.ts';
import { freeLapsedClaims } from './lapsed-registrations.ts';
import { isLiveAccount, hashPassword, RATE_LIMITS, hitRateLimit, secondsLeftInWindow } from '../auth/index.ts';
import { verificationLink, verificationMail } from '../mail/index.ts';
import { normaliseEmail, normaliseMobile } from '@mastr/rules/validation.ts';
import {
  consumeToken,
  deleteOneTimeToken,
  findUsableToken,
  issueOneTimeToken,
} from '../../couch/stores/one-time-tokens-store.ts';

/** Tries at registering one payload: the first, and one after each freeing of lapsed claims. */
const MAX_CLAIM_ROUNDS = 3;

export type RegistrationOutcome =
  | { outcome: 'registered'; account: AccountDoc }
  /**
   * The email or mobile is held for this kind by a verified account or by a registration still
   * within its verification window (decided by CouchDB, race-free).
   */
  | { outcome: 'taken' }
  /** Too many registrations from this address or for this email lately (RATE_LIMITS.register*). */
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
  /** The verification mail could not be sent, so the registration was undone. */
  | { outcome: 'mail-failed'; cause: unknown };

/**
 * Creates an unverified account and mails its verification link.
 *
 * If the mail cannot be sent, the account is removed again and the outcome is 'mail-failed'.
 * Keeping it would leave an account its owner can never verify whose email and mobile stay taken,
 * so a second attempt would be refused with 'Email or Mobile Taken'; undoing it lets the person
 * simply try again once mail works.
 */
export async function registerAccount(
  deps: Deps,
  kind: AccountKind,
  payload: RegistrationPayload,
  ip: string,
): Promise<RegistrationOutcome> {
  const now = deps.now();
  const wanted = { kind, email: normaliseEmail(payload.email), mobileKey: normaliseMobile(payload.mobile) };
  for (const [rule, key] of [
    [RATE_LIMITS.registerPerIp, ip],
    // Per mailbox, whatever the account kind: the limit protects the inbox from being flooded.
    [RATE_LIMITS.registerPerEmail, normaliseEmail(payload.email)],
  ] as const) {
    if (await hitRateLimit(deps.couch, rule, key, now))
      return { outcome: 'rate-limited', retryAfterSeconds: secondsLeftInWindow(rule, now) };
  }
  let created: Awaited<ReturnType<typeof createAccount>> | null = null;
  // Hashed once (argon2 takes longer than the rest of a registration), whatever the rounds below.
  const passwordHash = await hashPassword(payload.pwd);
  // A claim held by a registration nobody verified in time is taken over (lapsed-registrations.ts).
  // Each round frees at most the two claims this registration needs, so a third round is a new race lost.
  for (let round = 1; round <= MAX_CLAIM_ROUNDS; round += 1) {
    created = await createAccount(
      deps.couch,
      {
        kind,
        email: payload.email,
        mobile: payload.mobile,
        pwd: payload.pwd,
        passwordHash,
        firstName: payload.firstName,
        lastName: payload.lastName,
        gymName: payload.gymName,
      },
      { verified: false, now },
    ).catch((err: unknown) => {
      if (err instanceof AccountTakenError) return null;
      throw err;
    });
    if (created) break;
    if (!(await freeLapsedClaims(deps, claimIdsOf(wanted), now))) break;
  }
  if (!created) return { outcome: 'taken' };
  const { account } = created;
  let token: string | undefined;
  try {
    token = await issueOneTimeToken(deps.couch, 'verify', account.profileId, now);
    const link = verificationLink(deps.config.publicUrl, kind, account.profileId, token);
    await deps.mailer.send(verificationMail(account.email, kind, link));
  } catch (err) {
    if (token) await deleteOneTimeToken(deps.couch, token).catch(() => undefined);
    await removeAccount(deps.couch, account);
    return { outcome: 'mail-failed', cause: err };
  }
  return { outcome: 'registered', account };
}

/**
 * Uses a verification link. False for anything that is not a live link of an account of this kind
 * (unknown or malformed id, another kind's path, a wrong, expired or used token, an account whose
 * window has passed or that is being removed): the caller answers 404 and never learns which.
 *
 * The account is marked verified on the revision read, and only while it is neither lapsed nor
 * being removed: against a registration taking its claims over at the same moment (which marks it
 * `deletingSince` on its revision first), exactly one of the two writes lands, whatever the clocks.
 */
export async function verifyEmail(deps: Deps, kind: AccountKind, profileId: string, token: string): Promise<boolean> {
  if (!isId(profileId)) return false;
  const now = deps.now();
  const account = await getAccount(deps.couch, profileId);
  if (!account || account.kind !== kind || !isLiveAccount(account, now)) return false;
  const stored = await findUsableToken(deps.couch, 'verify', profileId, token, now);
  if (!stored || !(await consumeToken(deps.couch, stored, now))) return false;
  const result = await changeAccount(deps.couch, profileId, (current) =>
    current && !current.verified && isLiveAccount(current, now)
      ? { ...current, verified: true, verifiedAt: now.toISOString() }
      : null,
  );
  return result?.verified === true && !result.deletingSince;
}

/** Deletes what createAccount wrote: the account, its email and mobile claims and its profile. */
async function removeAccount(couch: Couch, account: AccountDoc): Promise<void> {
  await removeAccountDoc(couch, account.profileId);
  await removeClaim(couch, emailClaimId(account.kind, account.email));
  await removeClaim(couch, mobileClaimId(account.kind, account.mobileKey));
  await removeProfile(couch, account.kind, account.profileId);
}
