/**
 * Opens the signed-in account's tenant store for the dashboards and shares it with their pages.
 * Nothing waits for the network: pages render from the local copy as soon as it is open.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { refreshAccess, tokenStore } from '../api/index.ts';
import { INITIAL_SYNC_STATUS, type SyncStatus } from './sync-status.ts';
import { createSharedStores } from './shared-stores.ts';
import { openTenantStore, type TenantStore } from './tenant-store.ts';

const stores = createSharedStores((key) => {
  const [kind, tenantId] = key.split(':') as [TenantKind, string];
  return openTenantStore({ kind, tenantId, getAccessToken: () => tokenStore.get().accessToken, refresh: refreshAccess });
});

interface TenantData {
  store: TenantStore | null;
  status: SyncStatus;
  /** Why the local store could not open (e.g. private browsing without IndexedDB). */
  failure: string | null;
}

const TenantDataContext = createContext<TenantData | null>(null);

export function TenantDataProvider({ kind, tenantId, children }: { kind: TenantKind; tenantId: string; children: ReactNode }) {
  const [store, setStore] = useState<TenantStore | null>(null);
  const [status, setStatus] = useState<SyncStatus>(INITIAL_SYNC_STATUS);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // Signing out clears the session before the dashboard unmounts: nothing to open then.
    if (!tenantId) return;
    let live = true;
    let unsubscribe = () => {};
    const handle = stores.acquire(`${kind}:${tenantId}`);
    handle.promise.then(
      (s) => {
        if (!live) return;
        const sub = s.status$.subscribe(setStatus);
        unsubscribe = () => sub.unsubscribe();
        setStore(s);
      },
      (err: unknown) => {
        console.error('Could not open the local data', err);
        if (live) setFailure('This browser could not keep data on the device.');
      },
    );
    return () => {
      live = false;
      unsubscribe();
      setStore(null);
      setStatus(INITIAL_SYNC_STATUS);
      handle.release();
    };
  }, [kind, tenantId]);

  return <TenantDataContext.Provider value={{ store, status, failure }}>{children}</TenantDataContext.Provider>;
}

function useTenantData(): TenantData {
  const value = useContext(TenantDataContext);
  if (!value) throw new Error('Tenant data hooks need a TenantDataProvider');
  return value;
}

/** The open store, or null while it opens. */
export function useTenantStore(): TenantStore | null {
  return useTenantData().store;
}

/** The sync status where a dashboard's store is open, null elsewhere (public pages have none). */
export function useOptionalSyncStatus(): SyncStatus | null {
  return useContext(TenantDataContext)?.status ?? null;
}

export function useSyncStatus(): SyncStatus & { failure: string | null } {
  const { status, failure } = useTenantData();
  return { ...status, failure };
}
