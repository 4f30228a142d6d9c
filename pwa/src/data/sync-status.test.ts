import { describe, expect, it } from 'vitest';
import { classifySyncError, countPerBatch, createSyncStatusTracker, createThrottledLogger, type SyncStatus } from './sync-status.ts';
import { connectionText, firstSyncText, lastSyncedText, pendingText } from './sync-status-text.ts';

function collect(tracker: ReturnType<typeof createSyncStatusTracker>) {
  let last: SyncStatus | null = null;
  tracker.status$.subscribe((s) => (last = s));
  return () => last!;
}

describe('sync status', () => {
  it('is online after any answer, offline after a network failure, and synced only after a 2xx', () => {
    const tracker = createSyncStatusTracker();
    const status = collect(tracker);
    expect(status()).toMatchObject({ online: false, lastSyncedAt: null });
    tracker.reachable(200, new Date('2026-11-21T10:02:00Z'));
    expect(status()).toMatchObject({ online: true, lastSyncedAt: '2026-11-21T10:02:00.000Z', error: null });
    tracker.reachable(403, new Date('2026-11-21T10:03:00Z'));
    expect(status()).toMatchObject({ online: true, lastSyncedAt: '2026-11-21T10:02:00.000Z', error: 'This account may not sync this data.' });
    tracker.unreachable();
    expect(status().online).toBe(false);
  });

  it('counts first-sync progress until the first sync is done', () => {
    const tracker = createSyncStatusTracker();
    const status = collect(tracker);
    tracker.received(1);
    tracker.received(1);
    expect(status().firstSync).toEqual({ done: false, docsReceived: 2 });
    tracker.firstSyncDone();
    tracker.received(1);
    expect(status().firstSync).toEqual({ done: true, docsReceived: 2 });
  });

  it('emits only when something changed, so the bar does not re-render for nothing', () => {
    const tracker = createSyncStatusTracker();
    const emitted: SyncStatus[] = [];
    tracker.status$.subscribe((s) => emitted.push(s));
    tracker.pending(0);
    tracker.unreachable(); // changes 'connecting' only, once
    tracker.unreachable();
    tracker.firstSyncDone();
    tracker.received(5);
    expect(emitted).toHaveLength(3);
    expect(emitted[1]).toMatchObject({ online: false, connecting: false });
    expect(emitted[2].firstSync).toEqual({ done: true, docsReceived: 0 });
  });

  it("says 'Connecting…' until the first exchange, never 'Offline' before it knows (issue 15)", () => {
    const tracker = createSyncStatusTracker();
    expect(connectionText(tracker.get())).toBe('Connecting…');
    tracker.reachable(200, new Date());
    expect(connectionText(tracker.get())).toBe('Online');
    tracker.unreachable();
    expect(connectionText(tracker.get())).toBe('Offline');
    expect(connectionText(createSyncStatusTracker().get())).toBe('Connecting…');
  });

  it('reports items counted one by one once per batch', async () => {
    const reports: number[] = [];
    const count = countPerBatch((n) => reports.push(n));
    for (let i = 0; i < 1_000; i += 1) count();
    expect(reports).toEqual([]);
    await Promise.resolve();
    count();
    count();
    await Promise.resolve();
    expect(reports).toEqual([1_000, 2]);
  });

  it('words for the bar', () => {
    expect(pendingText(0)).toBeNull();
    expect(pendingText(1)).toBe('1 change waiting to sync');
    expect(pendingText(3)).toBe('3 changes waiting to sync');
    // 10:02 UTC in summer is 11:02 in the UK.
    expect(lastSyncedText('2026-07-01T10:02:00Z', new Date('2026-07-01T16:00:00Z'))).toBe('Last synced 11:02');
    // An earlier UK day says which: 23:30 UTC on 30 June is 00:30 on 1 July in the UK, so still today.
    expect(lastSyncedText('2026-06-30T23:30:00Z', new Date('2026-07-01T16:00:00Z'))).toBe('Last synced 00:30');
    expect(lastSyncedText('2026-06-30T10:02:00Z', new Date('2026-07-01T08:00:00Z'))).toBe(
      'Last synced Tue 30 Jun, 11:02',
    );
    expect(lastSyncedText(null)).toBe('Not synced yet');
    expect(firstSyncText({ done: false, docsReceived: 0 })).toBe('First sync: waiting for the server…');
    expect(firstSyncText({ done: false, docsReceived: 12 })).toBe('First sync: 12 items received…');
    expect(firstSyncText({ done: true, docsReceived: 12 })).toBeNull();
  });

  it('tells network failures and HTTP refusals from other replication errors', () => {
    expect(classifySyncError({ parameters: { errors: [{ name: 'TypeError', message: 'fetch failed' }] } })).toBe('network');
    expect(classifySyncError({ parameters: { errors: [{ name: 'SyncHttpError', message: 'The sync server answered 502' }] } })).toBe('http');
    expect(classifySyncError({ parameters: { writeError: { status: 422 } } })).toBe('other');
  });

  it('logs each kind of message at most once per interval', () => {
    const said: string[] = [];
    let t = 0;
    const log = createThrottledLogger(60_000, (m) => said.push(m), () => t);
    log('network', 'down');
    t = 30_000;
    log('network', 'down again');
    log('http', 'refused');
    t = 60_000;
    log('network', 'still down');
    expect(said).toEqual(['down', 'refused', 'still down']);
  });
});
