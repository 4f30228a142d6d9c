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
import { couchStatus, type Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { updateAccount, getAccount } from '../../couch/stores/accounts-store.ts';

/** 32 bytes in base64url, no padding; anything else is refused before it reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function getOrNull<T>(couch: Couch, id: string): Promise<T | null> {
  try {
    return (await couch.use<T>(DB.accounts).get(id)) as T;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

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
  await couch.use<CalendarFeedDoc>(DB.accounts).insert(doc);
  let previous: string | undefined;
  await updateAccount(couch, profileId, (account) => {
    previous = account.calendarFeed?.tokenHash;
    return { ...account, calendarFeed: { tokenHash, createdAt } };
  });
  if (previous && previous !== tokenHash) await removeLookup(couch, previous);
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
  if (previous) await removeLookup(couch, previous);
}

async function removeLookup(couch: Couch, tokenHash: string): Promise<void> {
  const old = await getOrNull<CalendarFeedDoc>(couch, calendarFeedDocId(tokenHash));
  if (!old?._rev) return;
  // Best effort: a 409 or 404 means another request removed or changed it; the account's hash decides anyway.
  await couch
    .use(DB.accounts)
    .destroy(old._id, old._rev)
    .catch((err: unknown) => {
      if (couchStatus(err) !== 404 && couchStatus(err) !== 409) throw err;
    });
}

/**
 * The account a calendar link belongs to, or null: a malformed, unknown or revoked token, or an
 * account gone or being deleted.
 */
export async function accountOfCalendarToken(couch: Couch, token: string): Promise<AccountDoc | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashOf(token);
  const doc = await getOrNull<CalendarFeedDoc>(couch, calendarFeedDocId(tokenHash));
  if (doc?.type !== 'calendar-feed') return null;
  const account = await getAccount(couch, doc.profileId);
  if (!account || account.deletingSince || account.calendarFeed?.tokenHash !== tokenHash) return null;
  return account;
}
