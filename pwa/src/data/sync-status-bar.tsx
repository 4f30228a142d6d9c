import { useSyncStatus } from './tenant-data-provider.tsx';
import { connectionText, firstSyncText, lastSyncedText, pendingText } from './sync-status-text.ts';
import './sync-status-bar.css';

/** Always-visible sync state of the dashboards (issue: "Sync status is always visible"). */
export function SyncStatusBar() {
  const status = useSyncStatus();
  const first = firstSyncText(status.firstSync);
  const pending = pendingText(status.pending);
  return (
    <div className="sync-bar" role="status" aria-live="polite">
      <span
        className={
          status.online || status.connecting
            ? 'sync-bar__state sync-bar__state--online'
            : 'sync-bar__state sync-bar__state--offline'
        }
      >
        {connectionText(status)}
      </span>
      {pending && <span className="sync-bar__pending">{pending}</span>}
      {first ? <span>{first}</span> : <span>{lastSyncedText(status.lastSyncedAt)}</span>}
      {(status.failure ?? status.error) && <span className="sync-bar__error">{status.failure ?? status.error}</span>}
    </div>
  );
}
