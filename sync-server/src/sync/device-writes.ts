import type { AvailabilityWeekDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import type { DocWrite, DocWritten } from '../couch/doc-write.ts';
import { fetchDocs, getDoc, tenantDb } from '../couch/tenant-docs.ts';
import { recordCheckIns, type DecidedCheckIn } from '../services/passes/index.ts';
import {
  availabilityReadIds,
  writeAvailability,
  writeSchedules,
  type BulkRow,
  type WriterContext,
  type WrittenWeek,
} from './bulk-writes.ts';
import {
  CHECK_IN_METHODS,
  parseAvailabilityDocs,
  parseCheckIns,
  parseScheduleDocs,
  type WritePath,
} from './write-rules.ts';

/** What a batch's parser may read besides the documents. */
interface WriteContext {
  now: Date;
  /** From `deviceClockOffsetMs`: how far the server's clock is ahead of the sending device's. */
  clockOffsetMs: number;
}

/**
 * One document type a device may write: whose devices write it, its one parser and its one writer.
 * The online `/api` calls that write the same type hand their documents to the same entry
 * (`writeOnline`, `onlineDocWriter`; decision 184), so a type has one set of rules whichever way it
 * arrives; what a path alone may do is the parser's to tell by `via` (a check-in's `method`).
 */
interface DeviceWrite<D, R> {
  tenant: TenantKind;
  /** The batch ready for the writer, or null when any document is outside the type's rules (403, or the online call's refusal). */
  parse(docs: readonly unknown[], tenantId: string, context: WriteContext & { via: WritePath }): D[] | null;
  /** Writes a parsed batch: one result per document, in order. */
  write(deps: Deps, tenantId: string, docs: readonly D[], context: WriterContext<D>): Promise<R[]>;
  /** The gateway's `_bulk_docs` row for one result. */
  row(result: R): BulkRow;
  /**
   * The other documents the writer reads with a document's (none unless said): an online edit reads
   * them in the same request as the document it builds on and hands them over (`onlineDocWriter`).
   */
  readsWith?(id: string): string[];
  /** Whether a result not written is the writer's refusal against the stored revision it was given. */
  refusedOnStored?(result: R): boolean;
}

const deviceWrite = <D, R>(write: DeviceWrite<D, R>) => write;
const asRow = (row: BulkRow) => row;

/**
 * Every document type a device writes through the gateway's `_bulk_docs` (issue 25, decision 176),
 * keyed by the documents' `type`: a batch is one type, named by its documents, never guessed by
 * trying one parser after another. A new type a device writes starts here (design/architecture.md
 * "Where a new document type starts").
 */
const DEVICE_WRITES = {
  'check-in': deviceWrite({
    tenant: 'gym',
    parse: (docs, gymId, { now, clockOffsetMs, via }) =>
      parseCheckIns(docs, gymId, now, clockOffsetMs, CHECK_IN_METHODS[via]),
    // The check-in authority decides each record; every record is accepted (a duplicate or refused
    // one is kept for audit with its outcome document), so each row is ok with the record's rev.
    write: recordCheckIns,
    row: ({ checkIn }: DecidedCheckIn): BulkRow => ({ ok: true, id: checkIn._id, rev: checkIn._rev }),
  }),
  'schedule-week': deviceWrite({
    tenant: 'gym',
    parse: (docs, gymId, { now }) => parseScheduleDocs(docs, gymId, now),
    write: writeSchedules,
    row: asRow,
  }),
  'availability-week': deviceWrite({
    tenant: 'coach',
    parse: (docs, coachId, { now }) => parseAvailabilityDocs(docs, coachId, now),
    write: writeAvailability,
    row: ({ row }: WrittenWeek) => row,
    readsWith: (id) => availabilityReadIds([id]).filter((other) => other !== id),
    // Only a held hour makes the writer answer `conflict` itself; a stale revision's is CouchDB's.
    refusedOnStored: ({ row, kept }: WrittenWeek) => kept.length > 0 && !('ok' in row),
  }),
};

type DeviceWriteType = keyof typeof DEVICE_WRITES;
type Entry<T extends DeviceWriteType> = (typeof DEVICE_WRITES)[T];
type DocOf<T extends DeviceWriteType> = Entry<T> extends DeviceWrite<infer D, unknown> ? D : never;
type ResultOf<T extends DeviceWriteType> = Awaited<ReturnType<Entry<T>['write']>>[number];

const isDeviceWriteType = (type: unknown): type is DeviceWriteType =>
  typeof type === 'string' && Object.hasOwn(DEVICE_WRITES, type);

/**
 * Parses and writes one `_bulk_docs` batch of a tenant's device, or answers null (the gateway's 403,
 * nothing written) when the batch mixes types, holds a type this tenant's devices do not
 * write, or any document breaks its type's rules.
 */
export async function writeDeviceBatch(
  deps: Deps,
  tenant: { kind: TenantKind; id: string },
  docs: readonly unknown[],
  context: WriteContext,
): Promise<BulkRow[] | null> {
  // An empty batch changes nothing; only a tenant whose devices write may send one.
  if (docs.length === 0) return Object.values(DEVICE_WRITES).some((w) => w.tenant === tenant.kind) ? [] : null;
  const type = (docs[0] as { type?: unknown } | null)?.type;
  if (!isDeviceWriteType(type)) return null;
  if (docs.some((doc) => (doc as { type?: unknown } | null)?.type !== type)) return null;
  // Each entry's parser, writer and row agree on their types; TypeScript cannot follow a key
  // chosen at run time, so the entry is taken as one.
  const write = DEVICE_WRITES[type] as DeviceWrite<unknown, unknown>;
  if (write.tenant !== tenant.kind) return null;
  const parsed = write.parse(docs, tenant.id, { ...context, via: 'device' });
  return parsed ? (await write.write(deps, tenant.id, parsed, { via: 'device' })).map(write.row) : null;
}

/**
 * Writes documents an online `/api` call built, through their type's entry as a device's would be:
 * the same parser (on the online path, with the server's clock) and the same writer, handed the
 * stored copies the call has just read (`stored`, when it read them). Answers the writer's results,
 * or null when the type's rules refuse the documents (nothing written).
 */
export async function writeOnline<T extends DeviceWriteType>(
  deps: Deps,
  type: T,
  tenantId: string,
  docs: readonly DocOf<T>[],
  stored?: ReadonlyMap<string, DocOf<T> & { _rev: string }>,
): Promise<ResultOf<T>[] | null> {
  const write = DEVICE_WRITES[type] as DeviceWrite<DocOf<T>, ResultOf<T>>;
  const parsed = write.parse(docs, tenantId, { now: deps.now(), clockOffsetMs: 0, via: 'online' });
  return parsed ? write.write(deps, tenantId, parsed, { via: 'online', stored }) : null;
}

/** Rounds of "read, build, write" an online edit makes before giving up under extreme contention. */
const MAX_ONLINE_ROUNDS = 8;

/** The week types, which an online edit writes as a read-modify-write of one document. */
interface WeekDocs {
  'schedule-week': ScheduleWeekDoc;
  'availability-week': AvailabilityWeekDoc;
}

/**
 * The revision-guarded write an online week edit hands its service (`DocWrite`): the stored copy
 * is read (with what the writer reads beside it, in the same request, handed to the writer so it
 * reads nothing twice), the service builds the next document from it, and the week goes through
 * `writeOnline` with the stored revision. A conflict from a newer revision builds again from it (a
 * device's write meanwhile is judged again, never overwritten); one on the same revision is the
 * writer's refusal against the stored state (an hour a slot claim holds) and is answered as such,
 * with the writer's result (which hours it kept).
 */
export function onlineDocWriter<T extends keyof WeekDocs>(
  deps: Deps,
  type: T,
  tenantId: string,
): DocWrite<WeekDocs[T], ResultOf<T>> {
  type D = WeekDocs[T] & DocOf<T>;
  // As in writeDeviceBatch: the entry of a key chosen at run time, taken as one.
  const entry = DEVICE_WRITES[type] as unknown as DeviceWrite<D, ResultOf<T>>;
  const db = tenantDb<D>(deps.couch, entry.tenant, tenantId);
  return async (id, change): Promise<DocWritten<D, ResultOf<T>>> => {
    const alsoRead = entry.readsWith?.(id) ?? [];
    const read = async () => {
      if (alsoRead.length) return fetchDocs(db, [id, ...alsoRead]);
      const doc = await getDoc(db, id);
      return new Map(doc ? [[id, doc]] : []);
    };
    let stored = await read();
    for (let round = 1; ; round += 1) {
      const current = stored.get(id) ?? null;
      const next = change(current);
      if (!next) return { outcome: 'unchanged', doc: current };
      const { _rev, ...fields } = next as D & { _rev?: string };
      const doc = { ...fields, _id: id, ...(current ? { _rev: current._rev } : {}) } as D;
      const results = await writeOnline(deps, type, tenantId, [doc], alsoRead.length ? stored : undefined);
      if (!results) return { outcome: 'refused' };
      const result = results[0]!;
      const row = entry.row(result);
      if ('ok' in row) return { outcome: 'written', doc: { ...doc, _rev: row.rev }, result };
      if (row.error === 'conflict' && entry.refusedOnStored?.(result))
        return { outcome: 'conflict', reason: row.reason, result };
      const again = await read();
      if (row.error !== 'conflict' || round >= MAX_ONLINE_ROUNDS)
        throw new Error(`Writing ${id} failed: ${row.error} ${row.reason}`);
      if (again.get(id)?._rev === current?._rev) return { outcome: 'conflict', reason: row.reason, result };
      stored = again;
    }
  };
}
