/** The words of the sync status bar, kept apart from the component so they are tested. */
import { DATE_FORMATS, ukNow } from '@mastr/rules/dates.ts';
import { format } from 'date-fns';
import type { SyncStatus } from './sync-status.ts';

export function pendingText(pending: number): string | null {
  if (pending <= 0) return null;
  return pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`;
}

export function lastSyncedText(lastSyncedAt: string | null): string {
  return lastSyncedAt ? `Last synced ${format(ukNow(new Date(lastSyncedAt)), DATE_FORMATS.time)}` : 'Not synced yet';
}

export function firstSyncText(firstSync: SyncStatus['firstSync']): string | null {
  if (firstSync.done) return null;
  const n = firstSync.docsReceived;
  return n === 0 ? 'First sync: waiting for the server…' : `First sync: ${n} ${n === 1 ? 'item' : 'items'} received…`;
}

/** The bar's connection word: 'Connecting…' until the first exchange says which it is. */
export function connectionText(status: Pick<SyncStatus, 'online' | 'connecting'>): 'Online' | 'Offline' | 'Connecting…' {
  if (status.online) return 'Online';
  return status.connecting ? 'Connecting…' : 'Offline';
}
