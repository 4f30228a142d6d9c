import { notificationDocId } from '@mastr/rules/doc-ids.ts';
import type { NotificationDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { docsWithPrefix, tenantDb, updateDoc } from '../tenant-docs.ts';
import { ensureTenantDatabase } from './tenant-databases.ts';

/**
 * In-app notifications (`notification:{id}`) in the database of the member, coach or gym told, which
 * its devices replicate (private sessions, passes, memberships).
 */

const notificationsDb = (couch: Couch, kind: TenantKind, owner: string) =>
  tenantDb<NotificationDoc>(couch, kind, owner);

/**
 * Writes a new notification, creating the tenant's database if it has none yet: false when one with
 * its id is stored already (a notification keyed by what it tells of is written once).
 */
export async function addNotification(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  doc: NotificationDoc,
): Promise<boolean> {
  await ensureTenantDatabase(couch, kind, owner);
  try {
    await notificationsDb(couch, kind, owner).insert(doc);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}

/** Every notification in one tenant's database, in id order. */
export function notificationsIn(couch: Couch, kind: TenantKind, owner: string): Promise<NotificationDoc[]> {
  return docsWithPrefix(notificationsDb(couch, kind, owner), notificationDocId(''));
}

/** Read-modify-write of one notification under its revision (`updateDoc`: null leaves it as it is). */
export function updateNotification(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docId: string,
  change: (current: (NotificationDoc & { _rev: string }) | null) => NotificationDoc | null,
) {
  return updateDoc(notificationsDb(couch, kind, owner), docId, change);
}
