import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { MeProfiles } from '@mastr/rules/api/me.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { ApiError, statusOf, tokenStore } from '../api/index.ts';
import { loadMeProfile, saveMeProfile } from '../data/index.ts';
import { useSession } from '../session/index.ts';
import { fetchMeProfile } from './me-profile-api.ts';
import { displayNameOf, offlineNoteText } from './me-profiles.ts';

/**
 * The profile on screen. `keptAt` is set when the server could not be reached and the page shows the
 * copy kept on this device from that time (me-profile-cache.ts).
 */
export type MeState<T> =
  { status: 'loading' } | { status: 'ready'; profile: T; keptAt?: string } | { status: 'error'; message: string };

interface Loaded {
  kind: AccountKind;
  state: MeState<unknown>;
  reload(): Promise<void>;
  update(patch: object): void;
}

const MeProfileContext = createContext<Loaded | null>(null);

/** No answer, or a server that cannot answer now (503 while CouchDB is away): show the kept copy. */
const unreachable = (err: unknown) => statusOf(err) === 0 || statusOf(err) >= 500;

/** GET /api/me for the kind; when the server cannot be reached, the copy this device kept of it. */
async function loadProfile(kind: AccountKind, profileId: string, signal?: AbortSignal): Promise<MeState<unknown>> {
  try {
    return { status: 'ready', profile: await fetchMeProfile(kind, signal) };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (unreachable(err)) {
      const kept = await loadMeProfile(kind, profileId);
      if (kept) return { status: 'ready', profile: kept.profile, keptAt: kept.savedAt };
    }
    return {
      status: 'error',
      message: err instanceof ApiError && err.status !== 0 ? err.message : 'No Server Response.',
    };
  }
}

/**
 * Loads the signed-in account's profile once per dashboard visit and shares it with the frame and
 * every page. Each answer from the server is kept on the device; offline, the kept one is shown
 * (with when it was kept) until the server answers again.
 */
export function MeProfileProvider({ kind, children }: { kind: AccountKind; children: ReactNode }) {
  const { userInfo, accessToken } = useSession();
  const profileId = userInfo?.profileId ?? '';
  // Offline (a kept session without a token) the load fails; it runs again once a token arrives.
  const hasToken = accessToken !== null;
  const [state, setState] = useState<MeState<unknown>>({ status: 'loading' });
  // Whose profile is on screen: a new token for the same account keeps it there while the fresh one loads.
  const shownFor = useRef('');

  useEffect(() => {
    const controller = new AbortController();
    const account = `${kind}:${profileId}`;
    if (shownFor.current !== account) setState({ status: 'loading' });
    shownFor.current = account;
    loadProfile(kind, profileId, controller.signal).then(
      // A profile on screen gives way only to the server's answer.
      (next) =>
        setState((shown) => (shown.status === 'ready' && (next.status !== 'ready' || next.keptAt) ? shown : next)),
      () => {}, // aborted: a newer load runs
    );
    return () => controller.abort();
  }, [kind, profileId, hasToken]);

  const reload = useCallback(async () => {
    const next = await loadProfile(kind, profileId);
    // What is shown stays unless the server answered: it was right a moment ago.
    if (next.status === 'ready' && !next.keptAt) setState(next);
  }, [kind, profileId]);

  // Back online while showing the kept copy: ask the server again.
  const showingKept = state.status === 'ready' && state.keptAt !== undefined;
  const showingKeptNow = useRef(showingKept);
  useEffect(() => {
    showingKeptNow.current = showingKept;
    if (!showingKept) return;
    const retry = () => void reload();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [showingKept, reload]);

  /**
   * Merges what an edit's answer says into the profile on screen (and so into the kept copy). An edit
   * the server took while the kept copy was shown means it answers again: the rest is fetched too.
   */
  const update = useCallback(
    (patch: object) => {
      setState((shown) =>
        shown.status === 'ready' ? { ...shown, profile: { ...(shown.profile as object), ...patch } } : shown,
      );
      if (showingKeptNow.current) void reload();
    },
    [reload],
  );

  // Every profile the server gave (and every edit it confirmed) is the device's copy for offline visits.
  useEffect(() => {
    if (state.status === 'ready' && !state.keptAt && profileId)
      void saveMeProfile(kind, profileId, state.profile as MeProfiles[typeof kind]);
  }, [state, kind, profileId]);

  // The session's name follows the profile, so the site bar's initial matches the dashboard's (issue 15).
  useEffect(() => {
    if (state.status !== 'ready') return;
    const name = displayNameOf(kind, state.profile as MeProfiles[typeof kind]);
    if (name) tokenStore.setProfileName(name);
  }, [state, kind]);

  return <MeProfileContext.Provider value={{ kind, state, reload, update }}>{children}</MeProfileContext.Provider>;
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

/** Merges an edit's answer into the shared profile: the frame, the page and the device's copy show it at once. */
export function useUpdateMeProfile<K extends AccountKind>(kind: K): (patch: Partial<MeProfiles[K]>) => void {
  const loaded = useContext(MeProfileContext);
  if (!loaded || loaded.kind !== kind) throw new Error(`useUpdateMeProfile('${kind}') outside its MeProfileProvider`);
  return loaded.update;
}

/** The kind of account whose dashboard this is (pages shared by every dashboard, e.g. Settings). */
export function useMeProfileKind(): AccountKind {
  const loaded = useContext(MeProfileContext);
  if (!loaded) throw new Error('useMeProfileKind outside a MeProfileProvider');
  return loaded.kind;
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

/**
 * Renders `children(profile)` once the profile is loaded, under a note when it is the copy kept on
 * this device (offline); meanwhile a loading line, or the error in red.
 */
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
  return (
    <>
      {me.keptAt !== undefined && (
        <p className="dash-note dash-note--offline" role="status">
          {offlineNoteText(me.keptAt)}
        </p>
      )}
      {children(me.profile)}
    </>
  );
}
