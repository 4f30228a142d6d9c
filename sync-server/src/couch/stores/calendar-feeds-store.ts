import { calendarFeedDocId } from '@mastr/rules/doc-ids.ts';
import type { CalendarFeedDoc } from '@mastr/rules/documents.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { DB } from '../databases.ts';

/**
 * The lookups of private calendar links, `calendar-feed:{sha256 of the token}` → the account, in
 * `mastr_accounts` (design/mail.md "Calendar feed"). The mail domain makes and serves them; an
 * account's deletion removes its own.
 */

const feedsDb = (couch: Couch) => couch.use<CalendarFeedDoc>(DB.accounts);

/** Whatever is stored under the lookup id of this token hash, or null. */
export async function getCalendarFeed(couch: Couch, tokenHash: string): Promise<CalendarFeedDoc | null> {
  try {
    return (await feedsDb(couch).get(calendarFeedDocId(tokenHash))) as CalendarFeedDoc;
  } catch (err) {
    if (couchStatus(err) === 404) return null;
    throw err;
  }
}

/** Writes a new lookup. */
export async function createCalendarFeed(couch: Couch, feed: CalendarFeedDoc): Promise<void> {
  await feedsDb(couch).insert(feed);
}

/**
 * Removes the lookup of this token hash if there is one. Best effort: a 409 or 404 means another
 * request removed or changed it meanwhile.
 */
export async function removeCalendarFeed(couch: Couch, tokenHash: string): Promise<void> {
  const old = await getCalendarFeed(couch, tokenHash);
  if (!old?._rev) return;
  await feedsDb(couch)
    .destroy(old._id, old._rev)
    .catch((err: unknown) => {
      if (couchStatus(err) !== 404 && couchStatus(err) !== 409) throw err;
    });
}
