/**
 * Logging out of a shared tablet leaves none of the account's data behind (design/sync.md):
 * its IndexedDB database and the runtime caches. The precached app shell stays, so the app still
 * starts offline for the next person. RxDB loads only if there is something to remove.
 */
import { availabilityNotices } from './availability-notices.ts';
import { openStores, tenantDatabaseName, type TenantKind } from './open-stores.ts';

export async function wipeLocalData(account?: { kind: TenantKind; tenantId: string }): Promise<void> {
  const removed = new Set<string>();
  for (const store of openStores.all()) {
    await store.remove();
    removed.add(store.databaseName);
  }
  if (account && !removed.has(tenantDatabaseName(account.kind, account.tenantId))) {
    const [{ removeRxDatabase }, { getRxStorageDexie }] = await Promise.all([import('rxdb'), import('rxdb/plugins/storage-dexie')]);
    await removeRxDatabase(tenantDatabaseName(account.kind, account.tenantId), getRxStorageDexie());
  }
  availabilityNotices.clear();
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name)));
  }
}
