/**
 * An account's private calendar link (design/mail.md "Calendar feed"). The link carries 32 random
 * bytes; mastr_accounts holds only their SHA-256, as `calendar-feed:{hex}` → the account, and the
 * account holds the hash of its current link. A new link replaces the account's hash, which revokes
 * the old link at once (its lookup document is removed too, but the account's hash is what counts,
 * so two new links made at the same moment leave exactly one working).
 */
import { createHash, randomBytes } from 'node:crypto';
import { calendarFeedDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, CalendarFeedDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../couch/couch.ts';
import { updateAccount, getAccount } from '../../couch/stores/accounts-store.ts';
import { createCalendarFeed, getCalendarFeed, removeCalendarFeed } from '../../couch/stores/calendar-feeds-store.ts';

/** 32 bytes in base64url, no padding; anything else is refused before it reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes the account's new link and revokes the previous one; returns the secret (stored nowhere). */
export async function issueCalendarFeedToken(
  couch: Couch,
  profileId: string,
  now: Date,
): Promise<{ token: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const createdAt = now.toISOString();
  const doc: CalendarFeedDoc = { _id: calendarFeedDocId(tokenHash), type: 'calendar-feed', profileId, createdAt };
  // The lookup first: a link the account names always resolves.
  await createCalendarFeed(couch, doc);
  let previous: string | undefined;
  await updateAccount(couch, profileId, (account) => {
    previous = account.calendarFeed?.tokenHash;
    return { ...account, calendarFeed: { tokenHash, createdAt } };
  });
  if (previous && previous !== tokenHash) await removeCalendarFeed(couch, previous);
  return { token, createdAt };
}

/** Turns the account's link off: the account names no link, and the lookup goes (decision 109). */
export async function revokeCalendarFeedToken(couch: Couch, profileId: string): Promise<void> {
  if (!(await getAccount(couch, profileId))?.calendarFeed) return;
  let previous: string | undefined;
  await updateAccount(couch, profileId, (account) => {
    previous = account.calendarFeed?.tokenHash;
    const { calendarFeed: _revoked, ...rest } = account;
    return rest;
  });
  if (previous) await removeCalendarFeed(couch, previous);
}

/**
 * The account a calendar link belongs to, or null: a malformed, unknown or revoked token, or an
 * account gone or being deleted.
 */
export async function accountOfCalendarToken(couch: Couch, token: string): Promise<AccountDoc | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashOf(token);
  const doc = await getCalendarFeed(couch, tokenHash);
  if (doc?.type !== 'calendar-feed') return null;
  const account = await getAccount(couch, doc.profileId);
  if (!account || account.deletingSince || account.calendarFeed?.tokenHash !== tokenHash) return null;
  return account;
}
