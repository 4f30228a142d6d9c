/**
 * The pending-writes store of app versions before the coach's replication became pull-only
 * (decisions.md 162): an RxDB collection `outbox` of `{id, doc, writtenAt}`, one entry per local
 * write the RxDB push had not yet had acknowledged. A device updated while a coach's availability
 * edit still waited there must not lose it: on the first open after the update its availability
 * weeks move into the week edit journal (without a base: the availability merge needs none) and the
 * collection is removed. The schema stays exactly as it was, or RxDB would refuse to open the data.
 */
import type { RxDatabase, RxJsonSchema } from 'rxdb';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import { toCouchShape, type LocalDoc } from './tenant-docs.ts';
import type { WeekEditJournal } from './week-edit-journal.ts';

export interface LegacyOutboxEntry {
  id: string;
  /** The document content as written (LocalDoc fields, RxDB's `_` fields left out). */
  doc: Record<string, unknown>;
  writtenAt: string;
}

export const LEGACY_OUTBOX_SCHEMA: RxJsonSchema<LegacyOutboxEntry> = {
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

const MOVED_MARK = 'legacy-outbox-moved';

/**
 * Moves what the old outbox still held into the journal, once per database (a local mark). Entries
 * of other types are dropped: check-ins wait on their own documents, and no other device write
 * existed. A week the journal already holds is newer than the old entry and stays as it is.
 */
export async function moveLegacyOutbox(db: RxDatabase, journal: WeekEditJournal | null): Promise<void> {
  if ((await db.getLocal(MOVED_MARK)) !== null) return;
  const { outbox } = await db.addCollections({ outbox: { schema: LEGACY_OUTBOX_SCHEMA } });
  const entries = (await outbox.find().exec()).map((e) => e.toJSON() as LegacyOutboxEntry);
  const waiting = new Set((await journal?.weeks())?.map((w) => w.id));
  for (const entry of entries) {
    if (!journal || entry.doc.type !== 'availability-week' || waiting.has(entry.id)) continue;
    const week = toCouchShape<AvailabilityWeekDoc>({ ...entry.doc, id: entry.id } as LocalDoc);
    await journal.record(week, () => undefined);
  }
  await outbox.remove();
  await db.upsertLocal(MOVED_MARK, { at: new Date().toISOString() });
}
