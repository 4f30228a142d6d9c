/**
 * How tenant documents are held on the device. Every document of a tenant's CouchDB database
 * lives in one RxDB collection, typed by its `type` field; RxDB keys them by `id` (it does not
 * allow `_id` as a primary key), CouchDB by `_id`. Pages see the CouchDB shape.
 */
import type { RxCollection, RxDatabase, RxJsonSchema } from 'rxdb';

/** A tenant document as RxDB stores it: CouchDB's `_id` as `id`, no `_rev` (the server's business). */
export interface LocalDoc {
  id: string;
  type: string;
  [field: string]: unknown;
}

/** Any tenant document in CouchDB shape. */
export interface CouchShape {
  _id: string;
  _rev?: string;
  type: string;
}

/** What a bare server tombstone is typed as, so it passes the schema and never stalls a pull. */
export const TOMBSTONE_TYPE = 'deleted';

const text = { type: 'string' } as const;
const textOrNull = { type: ['string', 'null'] } as const;
const flag = { type: 'boolean' } as const;
const list = { type: 'array' } as const;
const record = { type: 'object' } as const;

/**
 * RxDB stores only declared top-level fields (it forces `additionalProperties: false`), so every
 * field of the tenant documents in rules/documents.ts is listed; nested shapes stay open. A new
 * document type or field needs a new schema version with a migration strategy (local check-ins
 * waiting to sync must survive it).
 *
 * Versions: 0 schedules, availability, passes, check-ins, signing keys; 1 adds the private session
 * requests (`coach-request`, `gym-request`) and the coach's `slot-claim` documents; 2 adds the
 * server's `check-in-outcome` documents (check-ins no longer carry their outcome); 3 adds the
 * server's `notification` documents (coach–gym relation events); 4 adds the Mastr class: a pass's
 * `cancelledClass` notice and the gym's `mastr-class` occurrences; 5 adds private sessions: `booking`
 * documents, a coach request's `acceptedAt`, a slot claim's `booking` and a session notification's
 * `sessionStart` and `memberId`; 6 adds a pass notification's `refundedPence` (decision 71; a Mastr
 * pass's own cancellation, decision 70, uses the day pass's fields already declared); 7 adds
 * `serverRev`, the CouchDB revision a pulled week came with (`server-revs.ts`, decision 164); 8 drops
 * the index of types (decision 200).
 *
 * No field is indexed. Each index costs IndexedDB an entry for every document a pull stores, and
 * a reconnect or a first sync stores thousands; a type is read as its id range on the primary key
 * instead (`local-queries.ts` `ofType`, rules/doc-ids.ts `TENANT_DOC_ID_PREFIXES`). The Dexie storage
 * refuses indexes over fields that are not required (DXE1) anyway, and every other field belongs to
 * some types only. `tenant-docs-migration.test.ts` opens data written under the previous version:
 * move it on with each new version.
 */
export const TENANT_DOCS_SCHEMA: RxJsonSchema<LocalDoc> = {
  title: 'tenant documents',
  version: 8,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 200 },
    type: { type: 'string', maxLength: 40 },
    // schedule-week, availability-week
    /** The server's `_rev` of the pulled copy (RxDB keeps its own `_rev`): an edit's first post uses it. */
    serverRev: text,
    gymId: text,
    coachId: text,
    weekStart: textOrNull,
    days: list,
    updatedAt: text,
    // day-pass, mastr-pass
    passId: text,
    passType: text,
    dayDateStart: text,
    dateAndTimeStart: textOrNull,
    clientName: text,
    clientEmail: text,
    memberId: text,
    gymName: text,
    idCode: text,
    entryToken: text,
    expired: flag,
    cancelled: flag,
    pricePence: { type: 'number' },
    checkIns: record,
    checkedIn: record,
    countedCheckIns: list,
    createdAt: text,
    cancelledClass: { type: ['object', 'null'] },
    // mastr-class (gymId, cancelled above)
    classId: text,
    classDateAndTime: text,
    cancelledAt: textOrNull,
    assignedPasses: list,
    // check-in
    passKind: text,
    checkedInAt: text,
    method: text,
    deviceId: text,
    // check-in-outcome (duplicates and refusals; a counted check-in is on its pass, decision 197)
    checkInId: text,
    outcome: text,
    duplicateOf: text,
    reason: text,
    resolvedAt: text,
    // signing-keys
    keys: list,
    // coach-request, gym-request
    requestId: text,
    startTime: text,
    endTime: text,
    userProfile_id: text,
    coachFullName: text,
    coachPrice: { type: 'number' },
    experienceLevel: text,
    accepted: flag,
    acceptedAt: text,
    bookingDayId: text,
    bookingTimeObject_id: text,
    slotClaimId: text,
    requestedDiscipline: text,
    sessionPrice: { type: 'number' },
    appliedCoaches: list,
    // slot-claim
    weekday: { type: 'number' },
    time: { type: 'number' },
    booking: record,
    // booking (also startTime, endTime, clientName, userProfile_id, coachId, coachFullName, gymId,
    // gymName, experienceLevel, pricePence, slotClaimId, cancelled, cancelledAt, createdAt above)
    bookingId: text,
    source: text,
    discipline: text,
    paymentId: text,
    coachReceivesPence: { type: 'number' },
    // also a day pass's, with cancelledAt, since issue 22 (who cancelled it; design/payments.md)
    cancelledBy: textOrNull,
    refundOnCancel: flag,
    // notification (gymId, coachId above)
    event: text,
    otherName: text,
    at: text,
    sessionStart: text,
    // a pass notification (passId above)
    refundedPence: { type: 'number' },
  },
  required: ['id', 'type'],
  // No index of its own (decision 200): a type is read as its id range on the primary key.
};

/**
 * How documents stored under an older schema version become current. Versions 1 to 7 only
 * declared new fields and types, and 8 only dropped an index, so every older document (a check-in
 * still waiting to sync included) is valid as it is.
 */
export const TENANT_DOCS_MIGRATIONS = {
  1: (doc: LocalDoc) => doc,
  2: (doc: LocalDoc) => doc,
  3: (doc: LocalDoc) => doc,
  4: (doc: LocalDoc) => doc,
  5: (doc: LocalDoc) => doc,
  6: (doc: LocalDoc) => doc,
  7: (doc: LocalDoc) => doc,
  8: (doc: LocalDoc) => doc,
};

/**
 * Documents moved per batch when a device migrates its copy to a newer schema version. RxDB's own
 * default (10, what `autoMigrate` uses) walks the old store's documents again and again: 54 s for a
 * gym's 10,631 documents in Chromium, against 9.5 s by 1,000 (bench/tenant-queries.browser.bench.ts,
 * decision 200); larger batches were slower again (2,500: 15 s).
 */
export const TENANT_DOCS_MIGRATION_BATCH = 1_000;

/**
 * Adds the tenant collection `docs` to a device's database. A copy stored under an older schema
 * version is moved over first, once, before anything reads it (RxDB blocks its writes until then),
 * in batches of our own size rather than RxDB's (decision 200).
 */
export async function addTenantDocs(db: RxDatabase): Promise<RxCollection<LocalDoc>> {
  const { docs } = await db.addCollections({
    docs: { schema: TENANT_DOCS_SCHEMA, migrationStrategies: TENANT_DOCS_MIGRATIONS, autoMigrate: false },
  });
  if (await docs.migrationNeeded()) await docs.migratePromise(TENANT_DOCS_MIGRATION_BATCH);
  return docs as RxCollection<LocalDoc>;
}

export function toLocalDoc(doc: CouchShape): LocalDoc {
  // `_rev` is left out: RxDB keeps its own revisions and the replication sends the server's.
  const { _id, _rev, ...rest } = doc as CouchShape & Record<string, unknown>;
  return { ...rest, id: _id } as LocalDoc;
}

/** RxDB's document data back in CouchDB shape, without RxDB's bookkeeping fields or a pulled week's `serverRev` (only the sender reads that). */
export function toCouchShape<T extends CouchShape>(data: LocalDoc): T {
  const out: Record<string, unknown> = { _id: data.id };
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'id' && key !== '_meta' && key !== '_rev' && key !== '_attachments' && key !== '_deleted' && key !== 'serverRev') out[key] = value;
  }
  return out as unknown as T;
}

/**
 * Pull modifier: CouchDB answers a plain DELETE with a bare tombstone `{_id, _rev, _deleted}`
 * that lacks `type`; giving it one keeps schema validation happy, so the deletion replicates
 * instead of stalling the pull (stack notes).
 */
export function tolerateTombstone<T extends { _deleted?: boolean; type?: unknown }>(doc: T): T {
  return doc._deleted && typeof doc.type !== 'string' ? { ...doc, type: TOMBSTONE_TYPE } : doc;
}
