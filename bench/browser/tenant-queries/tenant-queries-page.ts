/**
 * The tenant-queries bench page (tenant-queries.browser.bench.ts): a gym's documents in the device's
 * collection (RxDB 17 on Dexie, Chromium's IndexedDB), read as the app reads its types, under the
 * two layouts of decision 200: schema version 7 (`indexes: ['type']`, a type read as `{ ...where,
 * type }`) and version 8 (no index of its own, a type read as its id range, `ofType`); then a pull's
 * batch of pass updates, and the one-time migration of a version-7 store to version 8.
 */
import { addRxPlugin, createRxDatabase, type MangoQuerySelector, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { TenantDocType } from '@mastr/rules/doc-ids.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { ofType } from '../../../pwa/src/data/local-queries.ts';
import { TENANT_DOCS_MIGRATIONS, TENANT_DOCS_SCHEMA, type LocalDoc } from '../../../pwa/src/data/tenant-docs.ts';
import type {
  Layout,
  MigrationFigures,
  MigrationInput,
  QueriesFigures,
  QueriesInput,
  QueryFigure,
  SeedInput,
  TenantQueriesPage,
} from './tenant-queries-api.ts';
import { seededRandom } from '../../support/seeded-random.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);

const DAY_MS = 86_400_000;
const DAY_PASSES = 10_000;
/** Of the day passes, these are for today and these for the next two weeks; the rest are history. */
const TODAY_PASSES = 40;
const UPCOMING_PASSES = 40;
const HISTORY_DAYS = 300;
const MASTR_PASSES = 300;
const NOTIFICATIONS = 60;
const SCHEDULE_WEEKS = 20;
const OUTCOMES = 200;
const BOOKINGS = 50;
/** Day passes a pull's batch updates (every tenth held). */
const UPDATED = 1_000;

/** The collection as schema version 7 declared it: the same fields, and the `type` index. */
const V7_SCHEMA = { ...TENANT_DOCS_SCHEMA, version: 7, indexes: ['type'] };
const V7_MIGRATIONS = Object.fromEntries(
  Object.entries(TENANT_DOCS_MIGRATIONS).filter(([version]) => Number(version) <= 7),
);

const SCHEMAS = {
  v7: { schema: V7_SCHEMA, migrationStrategies: V7_MIGRATIONS },
  v8: { schema: TENANT_DOCS_SCHEMA, migrationStrategies: TENANT_DOCS_MIGRATIONS },
} satisfies Record<Layout, unknown>;

/** A type's documents as each layout reads them. */
const SELECTORS: Record<
  Layout,
  (type: TenantDocType, where?: MangoQuerySelector<LocalDoc>) => MangoQuerySelector<LocalDoc>
> = {
  v7: (type, where = {}) => ({ ...where, type }),
  v8: (type, where = {}) => ofType(type, where),
};

/** The UK date `days` after `dateKey` (YYYY-MM-DD; negative for before). */
function addDays(dateKey: string, days: number): string {
  const [y, m, d] = dateKey.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday on or before a date. */
function mondayOf(dateKey: string): string {
  const weekday = new Date(`${dateKey}T00:00:00Z`).getUTCDay();
  return addDays(dateKey, -((weekday + 6) % 7));
}

/** A gym's tenant database as its front desk's device holds it (rules/documents.ts shapes). */
function gymDocs({ seed, now }: SeedInput): LocalDoc[] {
  // The same seed draws the same gym in both layouts' contexts.
  const draw = seededRandom(seed);
  const hex = () =>
    Array.from({ length: 6 }, () =>
      Math.floor(draw() * 0x10000)
        .toString(16)
        .padStart(4, '0'),
    ).join('');
  const pick = <T>(items: readonly T[]) => items[Math.floor(draw() * items.length)];
  const nowMs = Date.parse(now);
  const instantWithin = (days: number) => new Date(nowMs - Math.floor(draw() * days * DAY_MS)).toISOString();
  const today = ukDateKey(new Date(nowMs));
  const gymId = hex();
  const gymName = 'Northside Boxing & Muay Thai';
  const names = ['Sam Patel', 'Alex Morgan', 'Jo Nowak', 'Chris Adeyemi', 'Kim Walsh', 'Ria Shah', 'Dan Byrne'];
  const entry = () => ({
    idCode: hex().slice(0, 8),
    entryToken: `${hex()}${hex()}.${hex()}${hex()}${hex()}.${hex()}${hex()}${hex()}${hex()}`,
  });
  const docs: LocalDoc[] = [];

  for (let i = 0; i < DAY_PASSES; i += 1) {
    const passId = hex();
    const offset =
      i < TODAY_PASSES
        ? 0
        : i < TODAY_PASSES + UPCOMING_PASSES
          ? 1 + Math.floor(draw() * 14)
          : -1 - Math.floor(draw() * HISTORY_DAYS);
    const name = pick(names);
    docs.push({
      id: `daypass:${passId}`,
      type: 'day-pass',
      passId,
      passType: pick(['open-mat', 'class', 'gym-floor']),
      dayDateStart: `${addDays(today, offset)}T00:00:00`,
      clientName: `${name} ${i}`,
      clientEmail: `member${i}@example.com`,
      memberId: hex(),
      gymId,
      gymName,
      ...entry(),
      expired: offset < 0,
      cancelled: false,
      pricePence: pick([1000, 1200, 1500]),
      checkIns: { all_check_ins: [], latest_check_in: null },
      countedCheckIns: [],
      createdAt: instantWithin(HISTORY_DAYS + 1),
    });
  }
  for (let i = 0; i < MASTR_PASSES; i += 1) {
    const passId = hex();
    const start = draw() < 0.3 ? null : `${addDays(today, Math.floor(draw() * 60) - 45)}T18:00:00`;
    docs.push({
      id: `mastrpass:${passId}`,
      type: 'mastr-pass',
      passId,
      clientName: `${pick(names)} M${i}`,
      clientEmail: `mastr${i}@example.com`,
      memberId: hex(),
      gymId,
      gymName,
      dateAndTimeStart: start,
      ...entry(),
      expired: false,
      pricePence: 2000,
      checkedIn: { checkedInState: false, check_in_time: null },
      countedCheckIns: [],
      createdAt: instantWithin(HISTORY_DAYS),
    });
  }
  for (let i = 0; i < NOTIFICATIONS; i += 1)
    docs.push({
      id: `notification:${hex()}`,
      type: 'notification',
      event: pick(['coach-requested', 'coach-cancelled', 'coach-left']),
      gymId,
      coachId: hex(),
      otherName: pick(names),
      at: instantWithin(HISTORY_DAYS),
    });
  const thisMonday = mondayOf(today);
  for (let i = 0; i < SCHEDULE_WEEKS; i += 1) {
    const weekStart = addDays(thisMonday, 7 * (i - 10));
    docs.push({
      id: `schedule:week:${weekStart}`,
      type: 'schedule-week',
      gymId,
      weekStart,
      days: [],
      updatedAt: instantWithin(HISTORY_DAYS),
    });
  }
  docs.push({ id: 'pass-signing-keys', type: 'signing-keys', keys: [] });
  const dayPasses = docs.filter((d) => d.type === 'day-pass');
  for (let i = 0; i < OUTCOMES; i += 1) {
    const passId = pick(dayPasses).passId as string;
    const checkInId = `checkin:${passId}:${hex().slice(0, 12)}`;
    const resolvedAt = instantWithin(30);
    docs.push({
      id: `checkin-outcome:${checkInId}`,
      type: 'check-in-outcome',
      checkInId,
      passId,
      gymId,
      outcome: 'duplicate',
      duplicateOf: `checkin:${passId}:${hex().slice(0, 12)}`,
      checkedInAt: new Date(Date.parse(resolvedAt) - 2_000).toISOString(),
      resolvedAt,
    });
  }
  for (let i = 0; i < BOOKINGS; i += 1) {
    const bookingId = hex();
    const start = `${addDays(today, Math.floor(draw() * 60) - 30)}T${String(7 + Math.floor(draw() * 12)).padStart(2, '0')}:00:00`;
    docs.push({
      id: `booking:${bookingId}`,
      type: 'booking',
      bookingId,
      source: 'gym-request',
      startTime: start,
      endTime: start.replace(/T(\d\d)/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, '0')}`),
      clientName: pick(names),
      userProfile_id: hex(),
      coachId: hex(),
      coachFullName: pick(names),
      gymId,
      gymName,
      discipline: 'boxing',
      experienceLevel: 'beginner',
      pricePence: 4000,
      paymentId: hex(),
      coachReceivesPence: 3000,
      slotClaimId: `slot-claim:${hex()}`,
      cancelled: false,
      cancelledAt: null,
      createdAt: instantWithin(HISTORY_DAYS),
    });
  }
  return docs;
}

/** The app's reads, in the order the bench times them: a type, and what narrows it. */
function reads({ now }: SeedInput): { name: string; type: TenantDocType; where?: MangoQuerySelector<LocalDoc> }[] {
  const nowMs = Date.parse(now);
  return [
    { name: 'notifications', type: 'notification' },
    { name: 'schedule-weeks', type: 'schedule-week' },
    { name: 'signing-keys', type: 'signing-keys' },
    { name: 'bookings', type: 'booking' },
    {
      name: 'outcomes-2-days',
      type: 'check-in-outcome',
      where: { resolvedAt: { $gte: new Date(nowMs - 2 * DAY_MS).toISOString() } },
    },
    {
      name: 'day-passes-from-today',
      type: 'day-pass',
      where: { dayDateStart: { $gte: `${ukDateKey(new Date(nowMs))}T00:00:00` } },
    },
    { name: 'day-passes-all', type: 'day-pass' },
  ];
}

let unique = 0;
const databaseName = (label: string) => `tenant-queries-${label}-${(unique += 1)}`;

async function open(name: string, layout: Layout): Promise<{ db: RxDatabase; collection: RxCollection<LocalDoc> }> {
  const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
  const { docs } = await db.addCollections({ docs: SCHEMAS[layout] });
  return { db, collection: docs as RxCollection<LocalDoc> };
}

/** Stores the seed a batch per write, as the pull stores a first sync's batches; resolves with the documents held. */
async function store(collection: RxCollection<LocalDoc>, seed: readonly LocalDoc[], batch: number): Promise<number> {
  for (let from = 0; from < seed.length; from += batch) {
    const inserted = await collection.bulkInsert(seed.slice(from, from + batch));
    if (inserted.error.length > 0) throw new Error(`${inserted.error.length} seed documents were refused`);
  }
  return collection.count().exec();
}

async function queries(input: QueriesInput): Promise<QueriesFigures> {
  const seed = gymDocs(input);
  const { db, collection } = await open(databaseName(input.layout), input.layout);
  try {
    const seedStart = performance.now();
    const documents = await store(collection, seed, input.seedBatch);
    const seedMs = performance.now() - seedStart;

    const select = SELECTORS[input.layout];
    const found: QueryFigure[] = [];
    for (const { name, type, where } of reads(input)) {
      const selector = select(type, where);
      const start = performance.now();
      const result = await collection.find({ selector }).exec();
      const ms = performance.now() - start;
      // The same selector again is the cached query: its plan, without a second read.
      const { queryPlan } = collection.find({ selector }).getPreparedQuery();
      found.push({
        name,
        ms,
        ids: result.map((doc) => doc.primary),
        index: [...queryPlan.index],
        selectorSatisfiedByIndex: queryPlan.selectorSatisfiedByIndex,
      });
    }

    const at = input.now;
    const updates = seed
      .filter((doc) => doc.type === 'day-pass')
      .filter((_, i) => i % (DAY_PASSES / UPDATED) === 0)
      .map((pass) => {
        const checkInId = `checkin:${pass.passId as string}:bench`;
        return {
          ...pass,
          countedCheckIns: [{ checkInId, at }],
          checkIns: { all_check_ins: [at], latest_check_in: at },
        };
      });
    const writeStart = performance.now();
    const written = await collection.bulkUpsert(updates);
    const writeMs = performance.now() - writeStart;
    if (written.error.length > 0 || written.success.length !== updates.length)
      throw new Error(`bulkUpsert: ${written.success.length} written, ${written.error.length} refused`);

    return { documents, seedMs, queries: found, write: { documents: updates.length, ms: writeMs } };
  } finally {
    await db.close();
  }
}

async function migrate(input: MigrationInput): Promise<MigrationFigures> {
  const name = databaseName('migration');
  const before = await open(name, 'v7');
  const documents = await store(before.collection, gymDocs(input), input.seedBatch);
  await before.db.close();

  const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
  const { batchSize } = input;
  const start = performance.now();
  const { docs } = await db.addCollections({ docs: { ...SCHEMAS.v8, autoMigrate: batchSize === null } });
  if (batchSize !== null) await docs.migratePromise(batchSize);
  const ms = performance.now() - start;
  const after = await docs.count().exec();
  await db.close();

  const again = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
  const reopenStart = performance.now();
  await again.addCollections({ docs: SCHEMAS.v8 });
  const reopenMs = performance.now() - reopenStart;
  await again.close();
  return { documents, ms, after, reopenMs };
}

const page: TenantQueriesPage = { queries, migrate };
window.tenantQueriesBench = page;
