import type { DatabaseUpdates, UpdatesMark } from '../../sync/database-updates.ts';
import { prepareBody, type PreparedBody } from './prepared-body.ts';

/** What one computation of a profile's answer read, so the memo can tell when it no longer holds. */
export interface ProfileView<T> {
  /** The answer, or null when there is none to give (not public): kept and served alike. */
  value: T | null;
  /**
   * What of the clock the answer depends on, as a key (e.g. the current week and the classes still
   * to start): the answer holds while the key read at a later time is the same. Pure, no I/O.
   */
  timeKey: (now: Date) => string;
}

interface Entry<T> {
  marks: { dbName: string; mark: UpdatesMark }[];
  timeKey: (now: Date) => string;
  key: string;
  /** When the time key was last found unchanged (ms): it is read again at most once a second. */
  keyCheckedAt: number;
  body: PreparedBody<T> | null;
}

/** A profile's answer, computed when needed; `ready` gives it only when it is already kept and holds. */
export interface ProfileMemo<T> {
  (id: string): Promise<PreparedBody<T> | null>;
  /**
   * The public answer kept for this id, if it still holds now, with no I/O and no computing
   * (decision 173: the ready-answer lane); undefined when it is not kept, no longer holds, or the
   * profile is not public (those go through the route).
   */
  ready(id: string): PreparedBody<T> | undefined;
}

/** Profiles kept at most; the least recently served is dropped first. */
const MAX_ENTRIES = 1_000;
/**
 * How long a time key found unchanged is trusted without reading it again: UK wall-clock rules cost
 * about 80 µs a call, a third of a served profile's time, and a class that started or a request that
 * lapsed may show for under a second longer.
 */
const KEY_RECHECK_MS = 1_000;

/**
 * Per-profile public answers kept ready to send (issue 27, decision 143), like the lists (111) but
 * keyed by id. A profile reads several databases (the profiles and the gym's own) and depends on the
 * time of day, so an entry holds while the instance's `_db_updates` feed has told of no update to
 * any database it read since the marks taken before its reads, and its time key has not moved. No
 * feed (or a mark it cannot give): every call computes, as before. Concurrent calls for one id while
 * it is computed share the computation; a failed one is not kept.
 */
export function memoiseProfiles<T>(
  compute: (id: string, now: Date) => Promise<ProfileView<T>>,
  options: {
    /** Every database the profile's computation reads. */
    dbNamesOf: (id: string) => readonly string[];
    now: () => Date;
    updates?: Pick<DatabaseUpdates, 'mark' | 'unchangedSince'>;
    maxEntries?: number;
  },
): ProfileMemo<T> {
  const { now, updates, dbNamesOf } = options;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<T>>();
  const computing = new Map<string, Promise<PreparedBody<T> | null>>();

  const keyHolds = (entry: Entry<T>, at: Date) => {
    const sinceCheck = at.getTime() - entry.keyCheckedAt;
    if (sinceCheck >= 0 && sinceCheck < KEY_RECHECK_MS) return true;
    if (entry.timeKey(at) !== entry.key) return false;
    entry.keyCheckedAt = at.getTime();
    return true;
  };
  const holds = (entry: Entry<T>, at: Date) =>
    !!updates && entry.marks.every(({ dbName, mark }) => updates.unchangedSince(dbName, mark)) && keyHolds(entry, at);

  async function computeAndKeep(id: string, at: Date): Promise<PreparedBody<T> | null> {
    // Marks are taken before the reads, so a write landing meanwhile shows as an update since them.
    const marks = dbNamesOf(id).map((dbName) => ({ dbName, mark: updates?.mark(dbName) ?? null }));
    const view = await compute(id, at);
    const body = view.value === null ? null : await prepareBody(view.value);
    entries.delete(id);
    if (marks.every((m): m is Entry<T>['marks'][number] => m.mark !== null)) {
      entries.set(id, { marks, timeKey: view.timeKey, key: view.timeKey(at), keyCheckedAt: at.getTime(), body });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return body;
  }

  /** The kept entry's body when it holds now (no I/O), else undefined. */
  const held = (id: string, at: Date): PreparedBody<T> | null | undefined => {
    const entry = entries.get(id);
    if (!entry || !holds(entry, at)) return undefined;
    // Most recently served last: the first key is the one to drop.
    entries.delete(id);
    entries.set(id, entry);
    return entry.body;
  };

  const memo = async (id: string) => {
    const at = now();
    const body = held(id, at);
    if (body !== undefined) return body;
    const running = computing.get(id);
    if (running) return running;
    const started = computeAndKeep(id, at).finally(() => computing.delete(id));
    computing.set(id, started);
    return started;
  };
  return Object.assign(memo, { ready: (id: string) => held(id, now()) ?? undefined });
}
