/**
 * Logging out of a shared tablet leaves none of the account's data behind (design/sync.md):
 * its IndexedDB databases (the replicated copy and the device journal of writes waiting to sync), the runtime caches and
 * its kept profile. The precached app shell stays, so the app still starts offline for the next person. RxDB
 * loads only if there is something to remove.
 */
import type { TenantKind } from '@mastr/rules/roles.ts';
import { availabilityNotices } from './availability-notices.ts';
import { openStores, tenantDatabaseName } from './open-stores.ts';

export async function wipeLocalData(account?: { kind: TenantKind; tenantId: string }): Promise<void> {
  // The account's last /api/me answer, kept for offline pages (me-profile-cache.ts); every account's when none is
  // named. It holds contact details, so it goes even when removing a store below fails.
  const profileGone = import('./me-profile-cache.ts')
    .then(({ deleteMeProfiles }) => deleteMeProfiles(account?.tenantId))
    .then(
      () => null,
      (err: unknown) => err,
    );
  const removed = new Set<string>();
  for (const store of openStores.all()) {
    await store.remove();
    removed.add(store.databaseName);
  }
  const name = account && tenantDatabaseName(account.kind, account.tenantId);
  if (name && !removed.has(name)) {
    const [{ removeRxDatabase }, { getRxStorageDexie }, { deleteDeviceJournal }] = await Promise.all([
      import('rxdb'),
      import('rxdb/plugins/storage-dexie'),
      import('./outbox/device-journal.ts'),
    ]);
    await removeRxDatabase(name, getRxStorageDexie());
    await deleteDeviceJournal(name);
  }
  availabilityNotices.clear();
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name)));
  }
  const failed = await profileGone;
  if (failed) throw failed;
}
