import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { MeProfiles } from '@mastr/rules/api/me.ts';
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { ApiError, callApi } from '../api/http.ts';
import { useSession } from '../session/session-context.tsx';

export type MeState<T> = { status: 'loading' } | { status: 'ready'; profile: T } | { status: 'error'; message: string };

interface Loaded {
  kind: AccountKind;
  state: MeState<unknown>;
  reload(): Promise<void>;
}

const MeProfileContext = createContext<Loaded | null>(null);

/** Loads the signed-in account's profile once per dashboard visit and shares it with the frame and every page. */
export function MeProfileProvider({ kind, children }: { kind: AccountKind; children: ReactNode }) {
  const { userInfo, accessToken } = useSession();
  const profileId = userInfo?.profileId;
  // Offline (a kept session without a token) the load fails; it runs again once a token arrives.
  const hasToken = accessToken !== null;
  const [state, setState] = useState<MeState<unknown>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    callApi(`GET /api/me/${KIND_PLURAL[kind]}`, { auth: true, signal: controller.signal }).then(
      (profile) => setState({ status: 'ready', profile }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ApiError && err.status !== 0 ? err.message : 'No Server Response.';
        setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [kind, profileId, hasToken]);

  const reload = useCallback(async () => {
    try {
      const profile = await callApi(`GET /api/me/${KIND_PLURAL[kind]}`, { auth: true });
      setState({ status: 'ready', profile });
    } catch {
      // What is shown stays: it was right a moment ago.
    }
  }, [kind]);

  return <MeProfileContext.Provider value={{ kind, state, reload }}>{children}</MeProfileContext.Provider>;
}

export function useMeProfile<K extends AccountKind>(kind: K): MeState<MeProfiles[K]> {
  const loaded = useContext(MeProfileContext);
  if (!loaded || loaded.kind !== kind) throw new Error(`useMeProfile('${kind}') outside its MeProfileProvider`);
  // The provider fetched /api/me for exactly this kind (checked above), so the shape is MeProfiles[K].
  return loaded.state as MeState<MeProfiles[K]>;
}

/** Fetches the profile again, keeping the one on screen until the fresh one arrives (or if that fails). */
export function useReloadMeProfile(kind: AccountKind): () => Promise<void> {
  const loaded = useContext(MeProfileContext);
  if (!loaded || loaded.kind !== kind) throw new Error(`useReloadMeProfile('${kind}') outside its MeProfileProvider`);
  return loaded.reload;
}

/**
 * Asks for a fresh profile once when a page opens, if one was loaded earlier in this visit (a page
 * whose data changes elsewhere, e.g. at Stripe); on a full page load the first load is fresh already.
 */
export function useFreshMeProfile(kind: AccountKind): void {
  const reload = useReloadMeProfile(kind);
  const { status } = useMeProfile(kind);
  // Kept from the page's first render: whether a profile was already on screen when it opened.
  const [loadedBefore] = useState(status === 'ready');
  useEffect(() => {
    if (loadedBefore) void reload();
  }, [loadedBefore, reload]);
}

/** Renders `children(profile)` once the profile is loaded; meanwhile a loading line, or the error in red. */
export function ProfileGate<K extends AccountKind>({
  kind,
  children,
}: {
  kind: K;
  children: (profile: MeProfiles[K]) => ReactNode;
}) {
  const me = useMeProfile(kind);
  if (me.status === 'loading')
    return (
      <p className="dash-note" role="status">
        Loading your details...
      </p>
    );
  if (me.status === 'error')
    return (
      <p className="dash-error" role="alert">
        Error: {me.message}
      </p>
    );
  return <>{children(me.profile)}</>;
}
