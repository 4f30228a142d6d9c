import type { TenantKind } from '@mastr/rules/roles.ts';

/**
 * The tenant stores open in this tab, by database name, so logout can stop and remove them
 * without importing RxDB into the public routes' bundle.
 */
export interface ClosableStore {
  databaseName: string;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

const open = new Map<string, ClosableStore>();

export const openStores = {
  add(store: ClosableStore): void {
    open.set(store.databaseName, store);
  },
  delete(store: ClosableStore): void {
    if (open.get(store.databaseName) === store) open.delete(store.databaseName);
  },
  all: (): ClosableStore[] => [...open.values()],
};

/** One IndexedDB database per account on the device (RxDB names: lower-case letters, digits, '-'). */
export function tenantDatabaseName(kind: TenantKind, tenantId: string): string {
  return `mastr-${kind}-${tenantId.toLowerCase()}`;
}
