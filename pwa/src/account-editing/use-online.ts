/**
 * Whether the server can be reached, as far as the device knows: the browser must have a network
 * (navigator.onLine, kept current by its online and offline events), and inside a dashboard the sync
 * feed's last exchange with the server must not have failed. navigator.onLine alone reads true on a
 * Wi-Fi with no way out (and in Chromium's emulated offline after a reload), so pages that act online
 * would offer actions bound to fail; the sync feed retries every second, so it notices the way back.
 */
import { useSyncExternalStore } from 'react';
import { useOptionalSyncStatus } from '../data/index.ts';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

const isOnline = () => navigator.onLine;

export function useOnline(): boolean {
  const browserOnline = useSyncExternalStore(subscribe, isOnline, () => true);
  const sync = useOptionalSyncStatus();
  // While the first exchange is under way the feed knows nothing yet: the browser's word stands.
  return browserOnline && (sync === null || sync.connecting || sync.online);
}
