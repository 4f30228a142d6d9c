/** What the sync status bar shows (design/sync.md "Sync status and logout"). */
import { BehaviorSubject, type Observable } from 'rxjs';

export interface SyncStatus {
  online: boolean;
  /**
   * True until the first exchange with the server succeeded or failed: a page just opened (e.g. back
   * from a checkout) says 'Connecting…', never 'Offline', before it knows (issue 15).
   */
  connecting: boolean;
  /** Local writes the server has not acknowledged yet ('n changes waiting to sync'). */
  pending: number;
  /** ISO instant of the last successful exchange with the server. */
  lastSyncedAt: string | null;
  firstSync: { done: boolean; docsReceived: number };
  error: string | null;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  online: false,
  connecting: true,
  pending: 0,
  lastSyncedAt: null,
  firstSync: { done: false, docsReceived: 0 },
  error: null,
};

/** Why the server refused the replication, in words the bar can show. */
function refusalMessage(status: number): string | null {
  if (status === 401) return 'Signed out: sign in again to sync.';
  if (status === 403) return 'This account may not sync this data.';
  if (status >= 500) return 'The server could not sync just now.';
  return null;
}

export interface SyncStatusTracker {
  status$: Observable<SyncStatus>;
  get(): SyncStatus;
  reachable(status: number, at: Date): void;
  unreachable(): void;
  pending(count: number): void;
  received(count: number): void;
  firstSyncDone(): void;
  failed(message: string): void;
  complete(): void;
}

export function createSyncStatusTracker(initial: Partial<SyncStatus> = {}): SyncStatusTracker {
  const subject = new BehaviorSubject<SyncStatus>({ ...INITIAL_SYNC_STATUS, ...initial });
  const update = (change: (s: SyncStatus) => Partial<SyncStatus>) => {
    const current = subject.getValue();
    const changed = change(current);
    // Every subscriber (the status bar) re-renders on each emission: say nothing when nothing changed.
    if ((Object.keys(changed) as (keyof SyncStatus)[]).every((key) => changed[key] === current[key])) return;
    subject.next({ ...current, ...changed });
  };
  return {
    status$: subject.asObservable(),
    get: () => subject.getValue(),
    reachable(status, at) {
      const ok = status >= 200 && status < 300;
      update((s) => ({
        online: true,
        connecting: false,
        lastSyncedAt: ok ? at.toISOString() : s.lastSyncedAt,
        error: ok ? null : (refusalMessage(status) ?? s.error),
      }));
    },
    unreachable() {
      update(() => ({ online: false, connecting: false }));
    },
    pending(count) {
      update(() => ({ pending: count }));
    },
    received(count) {
      update((s) => (s.firstSync.done ? {} : { firstSync: { done: false, docsReceived: s.firstSync.docsReceived + count } }));
    },
    firstSyncDone() {
      update((s) => ({ firstSync: { done: true, docsReceived: s.firstSync.docsReceived } }));
    },
    failed(message) {
      update(() => ({ error: message }));
    },
    complete() {
      subject.complete();
    },
  };
}

/**
 * Counts items reported one by one and passes the count on once per batch: RxDB's replication
 * reports each pulled document separately but all of one write together, so a first sync of
 * 10,000 documents becomes a handful of status updates instead of 10,000.
 */
export function countPerBatch(report: (count: number) => void): () => void {
  let counted = 0;
  return () => {
    counted += 1;
    if (counted > 1) return;
    queueMicrotask(() => {
      const batch = counted;
      counted = 0;
      report(batch);
    });
  };
}

/**
 * What a replication error means for the status: the server could not be reached (a failed fetch,
 * a long-poll cut mid-answer), the server refused with an HTTP status (already shown from the
 * status code), or anything else (e.g. a document that does not fit).
 */
export function classifySyncError(error: { parameters?: unknown }): 'network' | 'http' | 'other' {
  const details = JSON.stringify(error.parameters ?? {});
  if (/"name":"SyncHttpError"/.test(details)) return 'http';
  if (/"name":"(TypeError|AbortError)"/.test(details)) return 'network';
  return 'other';
}

/**
 * A logger that says each kind of message at most once per interval: the replication reports
 * an error every retry while the server is unreachable (stack notes), which would flood the console.
 */
export function createThrottledLogger(intervalMs: number, log: (message: string) => void, now: () => number = Date.now) {
  const lastSaid = new Map<string, number>();
  return (key: string, message: string) => {
    const t = now();
    const last = lastSaid.get(key);
    if (last !== undefined && t - last < intervalMs) return;
    lastSaid.set(key, t);
    log(message);
  };
}
