import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { setRefresher, tokenStore, type SessionState } from '../api/index.ts';
import { refreshSession, sendPendingLogouts } from './session-api.ts';
import { getPersist } from './persist.ts';

interface SessionContextValue extends SessionState {
  /** True while the silent refresh of a persisted session runs (the splash shows). */
  restoring: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Holds the in-memory session. With 'Keep me logged in?' ticked (persist), a silent refresh runs
 * first on load and the brand splash shows meanwhile (§4 "Session persistence").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
  const [restoring, setRestoring] = useState(() => getPersist() && !tokenStore.get().accessToken);

  useEffect(() => {
    setRefresher(refreshSession);
    return () => setRefresher(null);
  }, []);

  // A logout made offline reaches the server at start-up, when the browser is back online, or within 30 s.
  useEffect(() => {
    const send = () => void sendPendingLogouts();
    send();
    window.addEventListener('online', send);
    const timer = window.setInterval(send, 30_000);
    return () => {
      window.removeEventListener('online', send);
      window.clearInterval(timer);
    };
  }, []);

  // Acting offline as a remembered account: get a real token as soon as the network is back.
  useEffect(() => {
    if (!state.userInfo || state.accessToken) return;
    const retry = () => void refreshSession();
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, 30_000);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [state.userInfo, state.accessToken]);

  useEffect(() => {
    if (!restoring) return;
    let live = true;
    refreshSession().finally(() => live && setRestoring(false));
    return () => {
      live = false;
    };
  }, [restoring]);

  const value = useMemo(() => ({ ...state, restoring }), [state, restoring]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
