import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountDoc, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import {
  isOptionalMailCategory,
  wantsMail,
  type MailCategory,
  type OptionalMailCategory,
} from '@mastr/rules/mail-categories.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../../deps.ts';
import { getAccount } from '../../couch/stores/accounts-store.ts';
import { profilesUnderEachKind } from '../../couch/stores/profiles-store.ts';

/** Who a mail goes to, read when the mail is queued (design/mail.md "Who gets mail"). */
export interface MailRecipient {
  profileId: string;
  kind: AccountKind;
  email: string;
  /** How the mail greets them: a member's or coach's first name, a gym's name. */
  name: string;
  /** The account page, where every email choice is. */
  preferencesUrl: string;
  /** For an optional category: the one-click unsubscribe link (RFC 8058). */
  unsubscribeUrl?: string;
}

const ACCOUNT_PAGE: Record<AccountKind, string> = {
  user: '/userdashboard/account',
  coach: '/coachdashboard/account',
  gym: '/gymdashboard/account',
};

function nameOf(profile: UserProfileDoc | CoachProfileDoc | GymProfileDoc | null): string {
  if (!profile) return '';
  if (profile.type === 'gym') return profile.gymName;
  if (profile.type === 'coach') return profile.firstName;
  return profile.name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The address a mail of `category` for `profileId` goes to, or null when none may be sent: no such
 * account, an address never verified (anyone can type anyone's address at registration), an account
 * being deleted, or an optional category the account turned off. Read at queueing time, so a choice
 * made after a mail was queued does not recall it (it is delivered within seconds).
 */
export async function mailRecipient(
  deps: Pick<Deps, 'couch' | 'config'>,
  profileId: string,
  category: MailCategory,
  /** Only for the goodbye of the deletion itself (delete-account-service.ts): read while it is marked. */
  options: { whileDeleting?: boolean } = {},
): Promise<MailRecipient | null> {
  // The profile is read beside the account (its id names the kind, not yet known): one round trip.
  const [account, profiles] = await Promise.all([
    getAccount(deps.couch, profileId),
    profilesUnderEachKind(deps.couch, profileId),
  ]);
  if (!account || !account.verified || (account.deletingSince && !options.whileDeleting)) return null;
  if (!wantsMail(account.mailPreferences, category)) return null;
  const profile = profiles(account.kind);
  const publicUrl = deps.config.publicUrl;
  return {
    profileId,
    kind: account.kind,
    email: account.email,
    name: nameOf(profile),
    preferencesUrl: `${publicUrl}${ACCOUNT_PAGE[account.kind]}`,
    unsubscribeUrl: isOptionalMailCategory(category)
      ? `${publicUrl}/api/mail/unsubscribe/${unsubscribeToken(deps.config.jwtAccessSecret, account, category)}`
      : undefined,
  };
}

/** `Hello Sam,`, or `Hello,` when the name is unknown. */
export const greetingOf = (recipient: Pick<MailRecipient, 'name'>) =>
  recipient.name ? `Hello ${recipient.name},` : 'Hello,';

// The unsubscribe link needs no sign-in (RFC 8058: a mail client posts it without a session), so it
// carries its own proof: an HMAC of the account and category under a key derived from the server's
// token secret. It never expires, as a link in an old mail must still work.
const unsubscribeKey = (secret: string) => createHmac('sha256', secret).update('mastr-mail-unsubscribe-v1').digest();

const signature = (secret: string, profileId: string, category: OptionalMailCategory) =>
  createHmac('sha256', unsubscribeKey(secret)).update(`${profileId}.${category}`).digest('base64url');

export function unsubscribeToken(
  secret: string,
  account: Pick<AccountDoc, 'profileId'>,
  category: OptionalMailCategory,
): string {
  return `${account.profileId}.${category}.${signature(secret, account.profileId, category)}`;
}

/** The account and category an unsubscribe token names, or null for a forged or damaged one. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { profileId: string; category: OptionalMailCategory } | null {
  const [profileId, category, given] = token.split('.');
  if (!profileId || !category || !given || !isOptionalMailCategory(category)) return null;
  const expected = Buffer.from(signature(secret, profileId, category));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { profileId, category };
}
