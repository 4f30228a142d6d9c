/**
 * The verification window of a new account (design/auth.md "Unverified registrations", decision 52):
 * read by sign-in and password reset here, and by the registration and lapsing in account-lifecycle/.
 */
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { TOKEN_LIFETIME_MS } from '../../couch/stores/one-time-tokens-store.ts';

/** How long a new account has to verify its email: exactly the lifetime of the link it was mailed. */
export const VERIFICATION_WINDOW_MS = TOKEN_LIFETIME_MS.verify;

/** Whether the account is an unverified registration whose verification window has passed. */
export function verificationWindowPassed(account: Pick<AccountDoc, 'verified' | 'createdAt'>, now: Date): boolean {
  return !account.verified && now.getTime() >= Date.parse(account.createdAt) + VERIFICATION_WINDOW_MS;
}

/** Neither a lapsed registration nor an account being removed: one a link may still verify or reset. */
export function isLiveAccount(
  account: Pick<AccountDoc, 'verified' | 'createdAt' | 'deletingSince'>,
  now: Date,
): boolean {
  return !account.deletingSince && !verificationWindowPassed(account, now);
}
