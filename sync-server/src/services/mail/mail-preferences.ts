/**
 * An account's email choices (`AccountDoc.mailPreferences`, rules/mail-categories.ts): read and
 * changed from the account page, and one category turned off by a one-click unsubscribe link.
 */
import type { MailPreferencesRequest, MailSettingsResponse } from '@mastr/rules/api/mail.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { OPTIONAL_MAIL_CATEGORIES, wantsMail, type OptionalMailCategory } from '@mastr/rules/mail-categories.ts';
import type { Couch } from '../../couch/couch.ts';
import { updateAccount, getAccount } from '../../couch/stores/accounts-store.ts';
import { readUnsubscribeToken } from './recipients.ts';

function mailSettingsOf(account: AccountDoc): MailSettingsResponse {
  const preferences = Object.fromEntries(
    OPTIONAL_MAIL_CATEGORIES.map((category) => [category, wantsMail(account.mailPreferences, category)]),
  ) as Record<OptionalMailCategory, boolean>;
  return { preferences, calendarFeedCreatedAt: account.calendarFeed?.createdAt ?? null };
}

/** The account's settings, or null when it is gone or being deleted. */
export async function readMailSettings(couch: Couch, profileId: string): Promise<MailSettingsResponse | null> {
  const account = await getAccount(couch, profileId);
  return account && !account.deletingSince ? mailSettingsOf(account) : null;
}

/**
 * Applies the categories named in `change`, keeping the others; a change that alters nothing
 * writes nothing. Null when the account is gone or being deleted.
 */
export async function changeMailPreferences(
  couch: Couch,
  profileId: string,
  change: MailPreferencesRequest,
): Promise<MailSettingsResponse | null> {
  const account = await getAccount(couch, profileId);
  if (!account || account.deletingSince) return null;
  const differs = OPTIONAL_MAIL_CATEGORIES.some(
    (c) => change[c] !== undefined && change[c] !== wantsMail(account.mailPreferences, c),
  );
  if (!differs) return mailSettingsOf(account);
  const updated = await updateAccount(couch, profileId, (current) => ({
    ...current,
    mailPreferences: { ...current.mailPreferences, ...change },
  }));
  return mailSettingsOf(updated);
}

/**
 * RFC 8058's one-click unsubscribe: the token's category turned off for its account. Null for a
 * forged or damaged token or an account that no longer exists (nothing is written then).
 */
export async function unsubscribeByToken(
  deps: { couch: Couch; secret: string },
  token: string,
): Promise<{ category: OptionalMailCategory } | null> {
  const named = readUnsubscribeToken(deps.secret, token);
  if (!named) return null;
  const settings = await changeMailPreferences(deps.couch, named.profileId, { [named.category]: false });
  return settings ? { category: named.category } : null;
}
