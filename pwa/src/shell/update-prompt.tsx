import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const HOUR_MS = 60 * 60 * 1000;
/** 'Ready to work offline' is news, not a question: it goes by itself so it never sits over the page. */
const OFFLINE_READY_MS = 5_000;

/**
 * Registers the service worker once the page has loaded and offers 'Reload' when a new version is
 * waiting (registerType 'prompt': never swap the app under a front-desk check-in in progress).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // An installed tablet can stay open for days: look for a new version every hour.
      // update() rejects while offline; the next hour tries again.
      setInterval(() => registration.update().catch(() => undefined), HOUR_MS);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady || needRefresh) return;
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_READY_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, needRefresh, setOfflineReady]);

  const dismiss = () => {
    setNeedRefresh(false);
    setOfflineReady(false);
  };

  // The live region stays mounted so screen readers announce the message when it appears.
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {(needRefresh || offlineReady) && (
        <div className={needRefresh ? 'toast' : 'toast toast--brief'}>
          <p>{needRefresh ? 'A new version of Mastr is ready.' : 'Mastr is ready to work offline.'}</p>
          <div className="toast__actions">
            {needRefresh && (
              <button type="button" className="button" onClick={() => updateServiceWorker(true)}>
                Reload
              </button>
            )}
            <button type="button" className="button button--ghost" onClick={dismiss}>
              {needRefresh ? 'Later' : 'Close'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
