import type { DatabaseChangesResultItem } from 'nano';
import { couchStatus, type Couch } from './couch.ts';

/**
 * The documents of some id prefixes of a database, kept in memory per database and brought up to
 * date on every read by the database's `_changes` since the last read (design/decisions.md 32).
 * A read therefore answers exactly what CouchDB holds at that moment — never a stale copy — at the
 * cost of one small `_changes` call instead of reading every document again: a busy gym's 10,000
 * passes take over a second to read whole from the embedded server, its changes since the last read
 * a few milliseconds. The first read of a database lists the prefixes with `_all_docs` key ranges.
 *
 * Nothing here needs to be shared between server instances: each keeps its own snapshots, checked
 * against CouchDB on every read. Only the `maxDatabases` most recently read databases are kept.
 */

type StoredDoc = { _id: string; type?: unknown };

interface Snapshot<T> {
  /** The update sequence the documents are current to (opaque: only ever handed back to CouchDB). */
  seq: unknown;
  docs: Map<string, T>;
  /** The documents as one list, made on the first read after a change. */
  list: readonly T[] | null;
}

interface Options<T> {
  /** Id prefixes to keep, e.g. `daypass:`; every other document is ignored. */
  prefixes: readonly string[];
  /** What is kept of a live document (null: not kept). Must not mutate its argument. */
  project: (doc: StoredDoc) => T | null;
  /** How many databases are kept (least recently read dropped first). */
  maxDatabases: number;
  /** Changes read per `_changes` call while catching up. */
  changesPerCall?: number;
}

export interface PrefixSnapshots<T> {
  /**
   * The kept documents of the database, current as of this call; none for a missing database. The
   * same list (by identity) until a kept document changes, so what a caller derives from it can be
   * remembered against it (a WeakMap): a busy gym's check-in records change nothing kept.
   */
  read(dbName: string): Promise<readonly T[]>;
}

const DEFAULT_CHANGES_PER_CALL = 1_000;

export function createPrefixSnapshots<T>(couch: Couch, options: Options<T>): PrefixSnapshots<T> {
  const changesPerCall = options.changesPerCall ?? DEFAULT_CHANGES_PER_CALL;
  /** Per database, the snapshot after the latest read (null: missing database or a failed read). In read order. */
  const snapshots = new Map<string, Promise<Snapshot<T> | null>>();
  const kept = (id: string) => options.prefixes.some((prefix) => id.startsWith(prefix));

  /** The whole snapshot from `_all_docs` ranges; the sequence is read first, so nothing written meanwhile is missed. */
  async function load(dbName: string): Promise<Snapshot<T> | null> {
    const db = couch.use<StoredDoc>(dbName);
    let seq: unknown;
    try {
      seq = (await db.info()).update_seq;
    } catch (err) {
      if (couchStatus(err) === 404) return null;
      throw err;
    }
    const docs = new Map<string, T>();
    const ranges = await Promise.all(
      options.prefixes.map((prefix) => db.list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true })),
    );
    for (const { rows } of ranges) {
      for (const row of rows) {
        const projected = row.doc ? options.project(row.doc) : null;
        if (projected !== null) docs.set(row.id, projected);
      }
    }
    return { seq, docs, list: null };
  }

  /**
   * Applies the changes since the snapshot's sequence. `_changes` lists each document once, at its
   * latest revision, so catching up never reads more than the database holds; a change already in
   * the snapshot (written while it was loaded) is applied again to the same effect.
   */
  async function catchUp(dbName: string, snapshot: Snapshot<T>): Promise<Snapshot<T> | null> {
    const db = couch.use<StoredDoc>(dbName);
    for (;;) {
      let answer;
      try {
        answer = await db.changes({ since: snapshot.seq as string, include_docs: true, limit: changesPerCall });
      } catch (err) {
        if (couchStatus(err) === 404) return null;
        throw err;
      }
      // With include_docs every change carries the document at its latest revision.
      for (const change of answer.results as (DatabaseChangesResultItem & { doc?: StoredDoc })[]) {
        if (!kept(change.id)) continue;
        const projected = change.deleted || !change.doc ? null : options.project(change.doc);
        if (projected === null) snapshot.docs.delete(change.id);
        else snapshot.docs.set(change.id, projected);
        snapshot.list = null;
      }
      snapshot.seq = answer.last_seq;
      if (answer.results.length < changesPerCall) return snapshot;
    }
  }

  return {
    async read(dbName) {
      const previous = snapshots.get(dbName);
      // Reads of one database run one after another, each from where the last one left off.
      const next = (previous ?? Promise.resolve(null)).then((snapshot) =>
        snapshot ? catchUp(dbName, snapshot) : load(dbName),
      );
      snapshots.delete(dbName);
      // A failed read is not kept: the next read loads the database afresh.
      snapshots.set(
        dbName,
        next.catch(() => null),
      );
      for (const name of snapshots.keys()) {
        if (snapshots.size <= options.maxDatabases) break;
        snapshots.delete(name);
      }
      const snapshot = await next;
      if (!snapshot) return [];
      snapshot.list ??= Object.freeze([...snapshot.docs.values()]);
      return snapshot.list;
    },
  };
}
