import { notificationDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc, SessionEvent } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { ensureDatabase } from '../../couch/couch.ts';
import { tenantDbName } from '../../couch/databases.ts';
import { newId } from '../../couch/ids.ts';
import { tenantDb } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';

/**
 * Tells the other party of a private session what happened, as decision 34 tells coach–gym events:
 * a `notification:{id}` document in their own database, read offline by their devices. Written after
 * the change it reports; a failure is logged and never fails the call (the change is the truth).
 */
export async function tellSession(
  deps: Deps,
  to: [TenantKind, string][],
  event: SessionEvent,
  about: { gymId: string; coachId: string; memberId: string; otherName: string; sessionStart: string },
): Promise<void> {
  for (const [kind, ownerId] of to) {
    const doc: NotificationDoc = {
      _id: notificationDocId(newId()),
      type: 'notification',
      event,
      ...about,
      at: deps.now().toISOString(),
    };
    try {
      await ensureDatabase(deps.couch, tenantDbName(kind, ownerId));
      await tenantDb<NotificationDoc>(deps.couch, kind, ownerId).insert(doc);
    } catch (err) {
      deps.logger.warn({ err, event, kind, ownerId }, 'could not write the private session notification');
    }
  }
}
