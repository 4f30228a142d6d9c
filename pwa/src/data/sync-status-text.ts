/** The words of the sync status bar, kept apart from the component so they are tested. */
import { DATE_FORMATS, ukNow } from '@mastr/rules/dates.ts';
import { format } from 'date-fns';
import type { SyncStatus } from './sync-status.ts';

export function pendingText(pending: number): string | null {
  if (pending <= 0) return null;
  return pending === 1 ? '1 change waiting to sync' : `${pending} changes waiting to sync`;
}

/**
 * 'Last synced 14:05' today, 'Last synced Thu 26 Nov, 14:05' on an earlier day (a desk opened offline
 * the next morning must not read yesterday's time as today's), 'Not synced yet' only when this device
 * never has (the time is kept on the device, so a reload offline still says it: issue 24).
 */
export function lastSyncedText(lastSyncedAt: string | null, now: Date = new Date()): string {
  if (!lastSyncedAt) return 'Not synced yet';
  const at = ukNow(new Date(lastSyncedAt));
  const sameDay = format(at, 'yyyy-MM-dd') === format(ukNow(now), 'yyyy-MM-dd');
  return `Last synced ${format(at, sameDay ? DATE_FORMATS.time : `EEE d LLL, ${DATE_FORMATS.time}`)}`;
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
