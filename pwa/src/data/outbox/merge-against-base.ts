/**
 * The merge-against-base strategy (design/sync.md "One device outbox"): for documents several devices
 * edit (a gym's schedule weeks). An edited document waits in its journal as `{id, doc, sent}` with the
 * server copy its edits started from (the base). A pass posts each waiting document with the base's
 * `_rev`; a `conflict` means another device (or the online calls) wrote it meanwhile: the server's
 * copy is read, merged with the device's (the type's own merge, e.g. `mergeSchedule`) and posted
 * again from the server's revision — unless the server's copy is already the device's (a post whose
 * answer was lost): then it is sent. A 403 is final: the edit is dropped and a refusal kept to show.
 * Once the server holds a document it stays (`sent`) until the pull brings a copy at least as new.
 */
import { deepEqual } from 'rxdb';
import { SyncHttpError } from '../sync-fetch.ts';
import { isNetworkFailure, type EntryBackOff } from './entry-back-off.ts';
import type { DeliveryPass } from './outbox-sender.ts';

interface CouchDoc {
  _id: string;
  _rev?: string;
}

export interface MergeGateway {
  /** The gateway's `_bulk_docs` and `_all_docs` of the tenant's database. */
  bulkDocsUrl: string;
  allDocsUrl: string;
  /** The sync fetch: throws a SyncHttpError on a non-2xx answer. */
  fetch: typeof fetch;
}

export interface PendingAgainstBase<T> {
  id: string;
  /** The server's copy the edit started from (null when the device created the document). */
  base: T | null;
  /** The document as the device shows it. */
  doc: T;
}

export type MergeDelivery<T> =
  /** The server holds the document (as sent, or merged with its newer copy). */
  | { outcome: 'sent'; rev: string; doc: T }
  /** The gateway refused the document (403): it can never be sent as it is. */
  | { outcome: 'refused' };

/** Server copy, device copy and their common base (absent when both created it) → what to send. */
export type Merge<T> = (server: T, mine: T, base: T | undefined) => T;

const MAX_ROUNDS = 5;

type Row = { ok?: boolean; id: string; rev?: string; error?: string };

/** The document without its revision: for comparing contents, and for what the journal keeps. */
export function withoutRev<T extends CouchDoc>(doc: T): T {
  const { _rev, ...rest } = doc;
  return rest as T;
}

async function serverCopy<T>(gateway: MergeGateway, id: string): Promise<T | null> {
  const res = await gateway.fetch(`${gateway.allDocsUrl}?include_docs=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keys: [id] }),
  });
  const body = (await res.json()) as { rows: { doc?: T | null }[] };
  return body.rows[0]?.doc ?? null;
}

/**
 * Sends one pending document until the server holds it (merging on each conflict), or the gateway
 * refuses it. A network failure throws (the sender retries later with the same entry).
 */
export async function deliverAgainstBase<T extends CouchDoc>(
  gateway: MergeGateway,
  pending: PendingAgainstBase<T>,
  merge: Merge<T>,
): Promise<MergeDelivery<T>> {
  let { base, doc } = pending;
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const sent = { ...withoutRev(doc), ...(base?._rev ? { _rev: base._rev } : {}) };
    let rows: Row[];
    try {
      const res = await gateway.fetch(gateway.bulkDocsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ docs: [sent] }),
      });
      rows = (await res.json()) as Row[];
    } catch (error) {
      if (error instanceof SyncHttpError && error.status === 403) return { outcome: 'refused' };
      throw error;
    }
    const row = rows[0];
    if (row?.ok && row.rev) return { outcome: 'sent', rev: row.rev, doc: { ...sent, _rev: row.rev } };
    if (row?.error !== 'conflict') throw new Error(`Document not stored: ${row?.error ?? 'no answer'}`);
    const server = await serverCopy<T>(gateway, pending.id);
    if (server) {
      // The server already holds exactly this (a post whose answer was lost wrote it): nothing to send.
      if (server._rev && deepEqual(withoutRev(server), withoutRev(doc))) return { outcome: 'sent', rev: server._rev, doc: server };
      doc = merge(server, doc, base ?? undefined);
      base = server;
    }
  }
  throw new Error('Document still conflicting: will try again');
}

/** A document waiting for the server, as the page shows it. */
interface PendingEdit<T> {
  id: string;
  doc: T;
  /** The server holds `doc`: shown until the pull brings it back. */
  sent: boolean;
}

/** The journal the pending edits wait in (for schedule weeks, `schedule-edit-journal.ts`). */
interface MergeJournal<T> {
  pending(): Promise<PendingEdit<T>[]>;
  base(id: string): Promise<T | undefined>;
  /** One transaction from what the journal holds now: the entry and base to keep, null to forget, or keep as is. */
  update(id: string, change: (now: PendingEdit<T> | undefined) => { entry: PendingEdit<T>; base?: T } | null | 'keep'): Promise<void>;
  /** Drops a refused entry (unless edited meanwhile) and keeps a refusal to show. */
  refuse(id: string, isUnchanged: (now: PendingEdit<T> | undefined) => boolean, at: Date): Promise<void>;
}

export interface MergeAgainstBaseOptions<T extends CouchDoc> {
  journal: MergeJournal<T>;
  /** Sends one entry (`deliverAgainstBase` with the type's merge). */
  send(pending: PendingAgainstBase<T>): Promise<MergeDelivery<T>>;
  /** The pulled copy of a document (by id: no query of the whole collection). */
  pulled(id: string): Promise<T | undefined>;
  /** The pull brought a copy at least as new as the sent entry: the entry can go. */
  caughtUp(pulled: T | undefined, entry: PendingEdit<T>): boolean;
  onRefused(id: string): void;
  /** A week that fails (other than by the network) pauses alone; a network failure pauses the sender. */
  backOff: EntryBackOff;
  onFailed(id: string, error: unknown): void;
}

/** One pass over the journal: every unsent entry is sent in turn; entries the pull caught up with go. */
export function mergeAgainstBase<T extends CouchDoc>({
  journal,
  send,
  pulled,
  caughtUp,
  onRefused,
  backOff,
  onFailed,
}: MergeAgainstBaseOptions<T>): DeliveryPass {
  return async () => {
    const pending = await journal.pending();
    backOff.keepOnly(new Set(pending.map((entry) => entry.id)));
    for (const entry of pending) {
      const held = await pulled(entry.id);
      if (caughtUp(held, entry)) {
        // Unless an edit came meanwhile (it is no longer `sent`).
        await journal.update(entry.id, (now) => (now && caughtUp(held, now) ? null : 'keep'));
        continue;
      }
      if (entry.sent || !backOff.due(entry.id)) continue;
      const base = (await journal.base(entry.id)) ?? null;
      let result: MergeDelivery<T>;
      try {
        result = await send({ id: entry.id, base, doc: entry.doc });
      } catch (error) {
        if (isNetworkFailure(error)) throw error;
        backOff.failed([entry.id]);
        onFailed(entry.id, error);
        continue;
      }
      backOff.succeeded([entry.id]);
      const unchanged = (now: PendingEdit<T> | undefined) => now !== undefined && deepEqual(now.doc, entry.doc);
      if (result.outcome === 'refused') {
        onRefused(entry.id);
        await journal.refuse(entry.id, unchanged, new Date());
        continue;
      }
      const stored = withoutRev(result.doc);
      // An edit made while sending is sent next, merged from what the server now holds; the base
      // keeps the revision the server answered, so that next post needs no conflict to learn it.
      await journal.update(entry.id, (now) =>
        now && !unchanged(now)
          ? { entry: { ...now, sent: false }, base: result.doc }
          : { entry: { id: entry.id, doc: stored, sent: true }, base: result.doc },
      );
    }
    const next = backOff.nextDueInMs();
    return next === undefined ? undefined : { lookAgainInMs: next };
  };
}
