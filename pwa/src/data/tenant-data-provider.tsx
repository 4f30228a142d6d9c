/**
 * Opens the signed-in account's tenant store for the dashboards and shares it with their pages.
 * Nothing waits for the network: pages render from the local copy as soon as it is open.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { refreshSession } from '../session/session-api.ts';
import { tokenStore } from '../session/token-store.ts';
import { INITIAL_SYNC_STATUS, type SyncStatus } from './sync-status.ts';
import type { MangoQuerySelector } from 'rxdb';
import { toCouchShape, type CouchShape, type LocalDoc } from './tenant-docs.ts';
import { createSharedStores } from './shared-stores.ts';
import { openTenantStore, type TenantStore } from './tenant-store.ts';

const stores = createSharedStores((key) => {
  const [kind, tenantId] = key.split(':') as [TenantKind, string];
  return openTenantStore({ kind, tenantId, getAccessToken: () => tokenStore.get().accessToken, refresh: refreshSession });
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

export function useSyncStatus(): SyncStatus & { failure: string | null } {
  const { status, failure } = useTenantData();
  return { ...status, failure };
}

/**
 * Live documents of one type in CouchDB shape, optionally narrowed by `where` (fields of that
 * type); `ready` once the local copy has answered. Narrow what a page lists: RxDB brings every open
 * query up to date inside each write, at a cost that grows with the query's result.
 */
export function useTenantDocs<T extends CouchShape>(type: string, where: MangoQuerySelector<LocalDoc> = {}): { docs: T[]; ready: boolean } {
  const store = useTenantStore();
  const [state, setState] = useState<{ docs: T[]; ready: boolean; source: unknown }>({ docs: [], ready: false, source: null });
  // Callers build `where` on every render; the query is reopened only when its content changes.
  const whereKey = JSON.stringify(where);

  useEffect(() => {
    if (!store) return;
    const selector = { ...(JSON.parse(whereKey) as MangoQuerySelector<LocalDoc>), type };
    const sub = store.collection.find({ selector }).$.subscribe((found) => {
      setState({ docs: found.map((d) => toCouchShape<T>(d.toJSON() as never)), ready: true, source: store });
    });
    return () => sub.unsubscribe();
  }, [store, type, whereKey]);

  // Results of a previous store (another account) are never shown.
  return state.source === store && store ? { docs: state.docs, ready: state.ready } : { docs: [], ready: false };
}

/**
 * Check-ins this tab has recorded that are still on their way from the journal into the
 * collection, in CouchDB shape: a page lists them with `useTenantDocs('check-in')` so a tap shows
 * at once (design/sync.md "Check-ins on the device").
 */
export function useJournalledCheckIns<T extends CouchShape>(): T[] {
  const store = useTenantStore();
  const [state, setState] = useState<{ docs: T[]; source: unknown }>({ docs: [], source: null });
  useEffect(() => {
    if (!store) return;
    const sub = store.journalledCheckIns$.subscribe((docs) => setState({ docs: docs.map((d) => toCouchShape<T>(d)), source: store }));
    return () => sub.unsubscribe();
  }, [store]);
  return state.source === store && store ? state.docs : [];
}
