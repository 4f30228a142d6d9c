import type { TenantKind } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { writeAvailability, writeCheckIns, writeSchedules, type BulkRow } from './bulk-writes.ts';
import { parseAvailabilityDocs, parseCheckIns, parseScheduleDocs } from './write-rules.ts';

/** What a batch's parser may read besides the documents. */
interface WriteContext {
  now: Date;
  /** From `deviceClockOffsetMs`: how far the server's clock is ahead of the sending device's. */
  clockOffsetMs: number;
}

/** One document type a device may write: whose devices write it, its one parser and its one writer. */
interface DeviceWrite<D> {
  tenant: TenantKind;
  /** The batch ready for the writer, or null when any document is outside the type's rules (403). */
  parse(docs: readonly unknown[], tenantId: string, context: WriteContext): D[] | null;
  write(deps: Deps, tenantId: string, docs: readonly D[]): Promise<BulkRow[]>;
}

const deviceWrite = <D>(write: DeviceWrite<D>) => write;

/**
 * Every document type a device writes through the gateway's `_bulk_docs` (issue 25, decision 176),
 * keyed by the documents' `type`: a batch is one type, named by its documents, never guessed by
 * trying one parser after another. A new type a device writes starts here (design/architecture.md
 * "Where a new document type starts").
 */
const DEVICE_WRITES = {
  'check-in': deviceWrite({
    tenant: 'gym',
    parse: (docs, gymId, { now, clockOffsetMs }) => parseCheckIns(docs, gymId, now, clockOffsetMs),
    write: writeCheckIns,
  }),
  'schedule-week': deviceWrite({
    tenant: 'gym',
    parse: (docs, gymId, { now }) => parseScheduleDocs(docs, gymId, now),
    write: writeSchedules,
  }),
  'availability-week': deviceWrite({
    tenant: 'coach',
    parse: (docs, coachId, { now }) => parseAvailabilityDocs(docs, coachId, now),
    write: writeAvailability,
  }),
};

type DeviceWriteType = keyof typeof DEVICE_WRITES;

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
  // Each entry's parser and writer agree on their document type; TypeScript cannot follow a key
  // chosen at run time, so the pair is taken as one.
  const write = DEVICE_WRITES[type] as DeviceWrite<unknown>;
  if (write.tenant !== tenant.kind) return null;
  const parsed = write.parse(docs, tenant.id, context);
  return parsed ? write.write(deps, tenant.id, parsed) : null;
}
