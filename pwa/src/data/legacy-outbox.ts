/**
 * The pending-writes store of app versions before the coach's replication became pull-only
 * (decisions.md 162): an RxDB collection `outbox` of `{id, doc, writtenAt}`, one entry per local
 * write the RxDB push had not yet had acknowledged. A device updated while a coach's availability
 * edit still waited there must not lose it: on the first open after the update its availability
 * weeks move into the device journal (without a base: the availability merge needs none) and the
 * collection is removed. The schema stays exactly as it was, or RxDB would refuse to open the data.
 */
import type { RxCollection, RxDatabase, RxJsonSchema } from 'rxdb';
import { CHECK_IN_FIELDS, type AvailabilityWeekDoc, type CheckInDoc } from '@mastr/rules/documents.ts';
import type { CheckInJournal } from './check-in-journal.ts';
import { ofType } from './local-queries.ts';
import { undecidedCheckIns, type OutcomeFields, type PassCounts } from '@mastr/rules/check-in-decisions.ts';
import { passDocId } from '@mastr/rules/doc-ids.ts';
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

const CHECK_INS_MOVED_MARK = 'unsent-check-ins-moved';

/**
 * Versions before the device journal (decision 178) moved each check-in from their journal into the
 * collection and sent it from there; now the collection holds only what the pull brings, and the
 * sender reads the journal. This device's check-ins in the collection the server has not decided
 * (recorded offline before the update) go back into the journal, once per database, or they would
 * never be sent. Other devices' are theirs to send.
 */
export async function moveUnsentCheckIns(
  db: RxDatabase,
  collection: RxCollection<LocalDoc>,
  journal: Pick<CheckInJournal, 'append'>,
  deviceId: string,
): Promise<void> {
  if ((await db.getLocal(CHECK_INS_MOVED_MARK)) !== null) return;
  const mine = (await collection.find({ selector: ofType('check-in', { deviceId }) }).exec()).map((d) => d.toJSON() as LocalDoc);
  if (mine.length > 0) {
    const outcomes = (await collection.find({ selector: ofType('check-in-outcome') }).exec()).map((d) => d.toJSON() as unknown as OutcomeFields);
    const passIds = [...new Set(mine.map((c) => passDocId(c.passKind as CheckInDoc['passKind'], c.passId as string)))];
    const passes = [...(await collection.findByIds(passIds).exec()).values()].map((d) => d.toJSON() as PassCounts);
    for (const checkIn of undecidedCheckIns(mine, passes, outcomes)) {
      const couch = toCouchShape(checkIn) as unknown as Record<string, unknown>;
      await journal.append(Object.fromEntries(CHECK_IN_FIELDS.map((field) => [field, couch[field]])) as unknown as CheckInDoc);
    }
  }
  await db.upsertLocal(CHECK_INS_MOVED_MARK, { at: new Date().toISOString() });
}
