/**
 * Signing in with Google creates or links a member account (design/auth.md), and may first retire a
 * registration nobody verified in time: an orchestration over accounts and the account deletion,
 * so it sits here, above auth, which issues the session once the account is known.
 */
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { normaliseEmail } from '@mastr/rules/validation.ts';
import type { Couch } from '../../couch/couch.ts';
import type { Deps } from '../../deps.ts';
import { updateAccount, findAccountByEmail } from '../../couch/stores/accounts-store.ts';
import { AccountTakenError, createAccount } from '../accounts/index.ts';
import { verificationWindowPassed } from '../auth/index.ts';
import { retireLapsedRegistration } from './lapsed-registrations.ts';

/** What Google told us about the person (bell's normalised profile). */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export class GoogleIdentityRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'GoogleIdentityRefusedError';
  }
}

/**
 * The member account for a Google identity: the existing user account with that email (linked to
 * the Google subject on first use) or a new verified, password-less one (also in place of a
 * registration nobody verified within its window). Only Google-verified
 * emails are trusted, and an email already linked to a different Google subject is refused.
 */
export async function findOrCreateGoogleMember(deps: Deps, identity: GoogleIdentity, now: Date): Promise<AccountDoc> {
  const { couch } = deps;
  if (!identity.emailVerified) throw new GoogleIdentityRefusedError('Google has not verified this email address.');
  const email = normaliseEmail(identity.email);
  const existing = await findAccountByEmail(couch, 'user', email);
  // A registration nobody verified in time is not linked (that would verify whatever name and mobile
  // someone else typed into it): it is removed, and the member starts afresh.
  const lapsed = existing !== null && verificationWindowPassed(existing, now);
  if (existing && !(lapsed && (await retireLapsedRegistration(deps, existing.profileId, now))))
    return linkGoogle(couch, existing, identity.sub, now);
  try {
    const { account } = await createAccount(
      couch,
      { kind: 'user', email, mobile: '', pwd: null, firstName: identity.name, googleSub: identity.sub },
      { verified: true, now },
    );
    return account;
  } catch (err) {
    if (!(err instanceof AccountTakenError)) throw err;
    // A concurrent callback for the same person created it first: link to that account.
    const created = await findAccountByEmail(couch, 'user', email);
    if (!created) throw err;
    return linkGoogle(couch, created, identity.sub, now);
  }
}

async function linkGoogle(couch: Couch, account: AccountDoc, sub: string, now: Date): Promise<AccountDoc> {
  if (account.googleSub === sub && account.verified) return account;
  return updateAccount(couch, account.profileId, (current) => {
    if (current.googleSub && current.googleSub !== sub) {
      throw new GoogleIdentityRefusedError('This email is linked to a different Google account.');
    }
    if (current.verified) return { ...current, googleSub: sub };
    // Google has just proved who owns the address. A password set on the unverified account was
    // chosen by whoever registered it, not necessarily this person, so it stops working.
    return { ...current, googleSub: sub, verified: true, verifiedAt: now.toISOString(), passwordHash: null };
  });
}
