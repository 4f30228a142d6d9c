/**
 * Which local writes the server has not acknowledged yet ('n changes waiting to sync'), check-ins
 * aside (they show it themselves: no outcome document yet). RxDB keeps this knowledge private, so the
 * store records each other write here (in IndexedDB, so the count survives a reload while
 * offline) and drops it once the replication reports that exact content as pushed.
 */
import { deepEqual, type RxCollection, type RxJsonSchema } from 'rxdb';
import type { Observable } from 'rxjs';
import type { LocalDoc } from './tenant-docs.ts';

export interface OutboxEntry {
  id: string;
  /** The document content as written; RxDB's bookkeeping fields excluded. */
  doc: Record<string, unknown>;
  writtenAt: string;
}

export const OUTBOX_SCHEMA: RxJsonSchema<OutboxEntry> = {
  title: 'writes waiting for the server',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    doc: { type: 'object' },
    writtenAt: { type: 'string' },
  },
  required: ['id', 'doc', 'writtenAt'],
};

/** The document's own fields: RxDB adds `_meta`, `_rev`, `_attachments` and `_deleted`. */
function ownFields(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_')));
}

export interface Outbox {
  count$: Observable<number>;
  count(): Promise<number>;
  /** Records a write; call before the document itself is stored. */
  add(doc: LocalDoc, at: Date): Promise<void>;
  /** Drops entries that stand for no write waiting to sync (e.g. the tab closed before the document was stored). */
  keepOnly(isWaiting: (entry: OutboxEntry) => Promise<boolean>): Promise<void>;
  /** The replication pushed this content: the entry is done if nothing newer was written since. */
  acknowledge(sent: Record<string, unknown>): Promise<void>;
  /** A conflict was resolved: what will be pushed next (or nothing, when the server's copy won). */
  resolved(id: string, next: Record<string, unknown> | null): Promise<void>;
}

export function createOutbox(collection: RxCollection<OutboxEntry>): Outbox {
  return {
    count$: collection.count().$,
    count: () => collection.count().exec(),
    async add(doc, at) {
      await collection.upsert({ id: doc.id, doc: ownFields(doc), writtenAt: at.toISOString() });
    },
    async keepOnly(isWaiting) {
      for (const entry of await collection.find().exec()) if (!(await isWaiting(entry.toJSON()))) await entry.remove();
    },
    async acknowledge(sent) {
      const id = String(sent.id);
      const entry = await collection.findOne(id).exec();
      if (entry && deepEqual(entry.toJSON().doc, ownFields(sent))) await entry.remove();
    },
    async resolved(id, next) {
      const entry = await collection.findOne(id).exec();
      if (!entry) return;
      if (next) await entry.incrementalPatch({ doc: ownFields(next) });
      else await entry.remove();
    },
  };
}
