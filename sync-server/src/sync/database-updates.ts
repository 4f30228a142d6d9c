import type { Logger } from 'pino';

/** Why a wait ended: its database changed, the time ran out, or the feed was lost (a change may have been missed). */
type WakeReason = 'changed' | 'timeout' | 'lost';

interface DatabaseWatch {
  /**
   * Resolves when the database changed since the watch began or since the last wait returned
   * (a change that came in between is not missed), after `ms`, on `signal`, or when the feed is lost.
   */
  wait(ms: number, signal?: AbortSignal): Promise<WakeReason>;
  cancel(): void;
}

/** Where a database's updates stood at a moment (taken just before a read of its changes). */
export interface UpdatesMark {
  epoch: number;
  count: number;
  /** When it was taken (ms since the epoch). */
  at: number;
  /** The database's last told update was at least SETTLE_MS before: every copy of it holds it. */
  settled: boolean;
}

export interface DatabaseUpdates {
  /** True while the one feed is connected: a watch hears of every change from now on. */
  readonly live: boolean;
  watch(dbName: string): DatabaseWatch;
  /** Where `dbName`'s updates stand now, or null while the feed is down. Take it before a read. */
  mark(dbName: string): UpdatesMark | null;
  /**
   * True when the feed has stayed up since `mark`, told of no update to `dbName` since, the mark
   * was taken well after the update before it (`settled`), and it is under MAX_MARK_AGE_MS old: a read that started after the mark still holds (used to skip a
   * device's re-read of an unchanged database).
   */
  unchangedSince(dbName: string, mark: UpdatesMark): boolean;
  /**
   * This instance has just written to `dbName` (its answer came, or the call failed and it may
   * have landed): counted as an update now, so marks taken before it no longer hold (decision 156).
   * The feed tells of the same write later (Apache CouchDB batches it, up to about a second) and it
   * counts again: a memo computes once more, never serves the answer from before the write.
   * Watches are not woken: devices hear of the write from the feed, as before.
   */
  wrote(dbName: string): void;
  /** Ends the feed (the server stops); watches get 'lost'. */
  stop(): void;
  /** Opens the feed (the server starts, or starts again after stop). */
  start(): void;
}

interface Watcher {
  dirty: boolean;
  lost: boolean;
  wake: (() => void) | null;
}

const HEARTBEAT_MS = 10_000;
/** No byte (not even a heartbeat) for this long: the feed is wedged and is opened again. */
const SILENCE_MS = 3 * HEARTBEAT_MS;
const RETRY_MIN_MS = 500;
/**
 * How long "no update told" stands in for a read. Apache CouchDB's `_db_updates` is built on its
 * global changes, which may coalesce and, if a node fails, lose an event: a device then still reads
 * at least this often, so a lost event delays a change by at most this much (plus one bound).
 */
const MAX_MARK_AGE_MS = 5 * 60_000;
/**
 * How long after a told update a read counts as having seen it. On a CouchDB cluster `_changes` reads
 * one copy of each shard, and the feed can tell of a write before the third copy has it (~50 ms,
 * design/sync.md "On a CouchDB cluster"): a read sooner than this may have missed it, so it never
 * stands in for later reads (the device's next poll reads again).
 */
const SETTLE_MS = 1_000;
/** Databases whose update counts are kept (one small entry each). */
const MAX_MARKED = 100_000;
const RETRY_MAX_MS = 30_000;

/**
 * One CouchDB `_db_updates` feed per server instance, fanned out to the long-polls parked on it
 * (design/sync.md "Live feeds"). A device's long-poll no longer holds a CouchDB connection of its
 * own: the gateway reads the device's changes at once, and when there are none it waits here for
 * its database to change, then reads again. The feed is opened when the server starts, re-opened with
 * backoff when it ends, fails or falls silent, and every watch is woken as 'lost' when it drops
 * (a change in the gap is then found by the watch's next read). While it is down, `live` is false
 * and the gateway holds long-polls upstream as before, so a CouchDB without `_db_updates` still works.
 */
export function createDatabaseUpdates(couchUrl: string, logger: Logger): DatabaseUpdates {
  const base = new URL(couchUrl.endsWith('/') ? couchUrl : `${couchUrl}/`);
  const authorization = base.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`
    : undefined;
  base.username = '';
  base.password = '';
  const feedUrl = new URL(`_db_updates?feed=continuous&since=now&heartbeat=${HEARTBEAT_MS}`, base);

  const watchers = new Map<string, Set<Watcher>>();
  /** Updates told per database since it was first marked, in this feed's epoch (one per connection). */
  const counts = new Map<string, number>();
  /** When an update to each marked database was last told (ms), in this epoch. */
  const toldAt = new Map<string, number>();
  let epoch = 0;
  let live = false;
  let running = false;
  let stopped = false;
  let current: AbortController | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const wakeAll = (lost: boolean) => {
    for (const set of watchers.values())
      for (const watcher of set) {
        watcher.dirty = true;
        watcher.lost ||= lost;
        watcher.wake?.();
      }
  };

  const count = (dbName: string) => {
    const told = counts.get(dbName);
    if (told !== undefined) {
      counts.set(dbName, told + 1);
      toldAt.set(dbName, Date.now());
    }
  };
  const changed = (dbName: string) => {
    count(dbName);
    for (const watcher of watchers.get(dbName) ?? []) {
      watcher.dirty = true;
      watcher.wake?.();
    }
  };

  async function follow(controller: AbortController): Promise<void> {
    let silence = setTimeout(() => controller.abort(), SILENCE_MS);
    try {
      const res = await fetch(feedUrl, {
        headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
        signal: controller.signal,
      });
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        throw new Error(`_db_updates answered ${res.status}`);
      }
      // A new connection may have missed updates: marks of the previous one no longer hold.
      epoch += 1;
      counts.clear();
      toldAt.clear();
      live = true;
      retryMs = RETRY_MIN_MS;
      const decoder = new TextDecoder();
      let pending = '';
      const reader = res.body.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        clearTimeout(silence);
        silence = setTimeout(() => controller.abort(), SILENCE_MS);
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim() === '') continue; // heartbeat
          const update = JSON.parse(line) as { db_name?: unknown };
          if (typeof update.db_name === 'string') changed(update.db_name);
        }
      }
      throw new Error('_db_updates ended');
    } finally {
      clearTimeout(silence);
    }
  }

  function connect(): void {
    if (running || stopped) return;
    running = true;
    const controller = new AbortController();
    current = controller;
    void follow(controller).catch((err: unknown) => {
      const wasLive = live;
      live = false;
      running = false;
      current = null;
      wakeAll(true);
      if (stopped) return;
      if (wasLive) logger.warn({ err }, 'the CouchDB updates feed dropped; opening it again');
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    });
  }

  return {
    get live() {
      return live;
    },
    mark(dbName) {
      if (!live) return null;
      if (!counts.has(dbName)) {
        // Bounded: the oldest marked database is forgotten (its next mark starts again, its devices re-read).
        if (counts.size >= MAX_MARKED) {
          const oldest = counts.keys().next().value!;
          counts.delete(oldest);
          toldAt.delete(oldest);
        }
        counts.set(dbName, 0);
      }
      const at = Date.now();
      const lastTold = toldAt.get(dbName);
      return { epoch, count: counts.get(dbName)!, at, settled: lastTold === undefined || at - lastTold >= SETTLE_MS };
    },
    unchangedSince(dbName, mark) {
      return (
        live &&
        mark.settled &&
        mark.epoch === epoch &&
        counts.get(dbName) === mark.count &&
        Date.now() - mark.at < MAX_MARK_AGE_MS
      );
    },
    wrote: count,
    watch(dbName) {
      connect();
      const watcher: Watcher = { dirty: false, lost: false, wake: null };
      let set = watchers.get(dbName);
      if (!set) watchers.set(dbName, (set = new Set()));
      set.add(watcher);
      return {
        wait(ms, signal) {
          return new Promise<WakeReason>((resolve) => {
            let done = false;
            const finish = (reason: WakeReason) => {
              if (done) return;
              done = true;
              clearTimeout(timer);
              signal?.removeEventListener('abort', onAbort);
              watcher.wake = null;
              watcher.dirty = false;
              watcher.lost = false;
              resolve(reason);
            };
            const onAbort = () => finish('timeout');
            const timer = setTimeout(() => finish('timeout'), ms);
            signal?.addEventListener('abort', onAbort, { once: true });
            watcher.wake = () => finish(watcher.lost ? 'lost' : 'changed');
            if (signal?.aborted) finish('timeout');
            else if (watcher.dirty) watcher.wake();
          });
        },
        cancel() {
          watcher.wake = null;
          set.delete(watcher);
          if (set.size === 0) watchers.delete(dbName);
        },
      };
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      current?.abort();
    },
    start() {
      stopped = false;
      connect();
    },
  };
}
