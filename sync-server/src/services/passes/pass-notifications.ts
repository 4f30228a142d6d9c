import { passNotificationDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc, PassEvent } from '@mastr/rules/documents.ts';
import { ensureDatabase, couchStatus } from '../../couch/couch.ts';
import { tenantDbName } from '../../couch/databases.ts';
import { tenantDb } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';

/**
 * Tells a member in the app that the gym cancelled something of theirs (decision 71): a
 * `notification:…` document in the member's database, read offline by their devices like the
 * private-session events (decision 40). Its id is the pass's and the event's (and the class's
 * start), so every call that finishes one cancellation — a retry, the other side of a race, a second
 * instance — writes the same document and CouchDB keeps the first (a 409 is that one, already there).
 * Written after the change it reports; a failure is logged and never fails the cancellation.
 */
export async function tellMemberOfPass(
  deps: Deps,
  event: PassEvent,
  about: {
    memberId: string;
    gymId: string;
    gymName: string;
    passId: string;
    /** The day pass's day or the cancelled class's start (UK wall clock). */
    start: string;
    refundedPence: number;
    /** When the gym cancelled (ISO instant): the same for every call finishing one cancellation. */
    at: string;
  },
): Promise<void> {
  const doc: NotificationDoc = {
    _id: passNotificationDocId(event, about.passId, event === 'mastr-class-cancelled-by-gym' ? about.start : ''),
    type: 'notification',
    event,
    gymId: about.gymId,
    coachId: '',
    otherName: about.gymName,
    at: about.at,
    sessionStart: about.start,
    memberId: about.memberId,
    passId: about.passId,
    refundedPence: about.refundedPence,
  };
  try {
    await ensureDatabase(deps.couch, tenantDbName('member', about.memberId));
    await tenantDb<NotificationDoc>(deps.couch, 'member', about.memberId).insert(doc);
  } catch (err) {
    if (couchStatus(err) === 409) return;
    deps.logger.warn({ err, event, passId: about.passId }, 'could not write the pass notification');
  }
}
