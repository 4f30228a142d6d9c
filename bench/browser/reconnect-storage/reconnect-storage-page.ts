/**
 * The reconnect-storage bench page (reconnect-storage.browser.bench.ts): what it costs this browser
 * to store the documents a front desk pulls after 1,000 offline check-ins, through the device's own
 * collection (RxDB on Dexie, the tenant schema and its indexes), as the pull stores them: the
 * documents the server writes today, and those it would write were a counted check-in told by the
 * pass alone.
 */
import { addRxPlugin, createRxDatabase, type RxCollection } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { TENANT_DOCS_MIGRATIONS, TENANT_DOCS_SCHEMA, type LocalDoc } from '../../../pwa/src/data/tenant-docs.ts';
import type { ReconnectStorageFigures, ReconnectStorageInput, ReconnectStoragePage } from './reconnect-storage-api.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);

let unique = 0;
const id = () => `${Date.now().toString(36)}${(unique += 1).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const at = () => new Date().toISOString();

/** A day pass as the gym's copy holds it (the fields the server writes; sizes as the seeded gyms'). */
function dayPass(i: number): LocalDoc {
  return {
    id: `daypass:${id()}`,
    type: 'day-pass',
    passId: id(),
    passType: 'day-pass',
    dayDateStart: '2026-12-03',
    gymId: 'gym-1',
    gymName: 'Northside Boxing & Muay Thai',
    clientName: `Member Number ${i}`,
    clientEmail: `member${i}@example.com`,
    memberId: id(),
    idCode: `MST-${i}`,
    entryToken: `${id()}.${id()}.${id()}.${id()}`,
    expired: false,
    cancelled: false,
    pricePence: 1500,
    checkIns: { all_check_ins: [], latest_check_in: null },
    countedCheckIns: [],
    createdAt: at(),
  };
}

/** A pass after the server counted a check-in on it. */
function counted(pass: LocalDoc, checkInId: string): LocalDoc {
  const when = at();
  return {
    ...pass,
    countedCheckIns: [{ checkInId, at: when }],
    checkIns: { all_check_ins: [when], latest_check_in: when },
  };
}

function checkIn(passId: string): LocalDoc {
  return {
    id: `checkin:${passId}:${id()}`,
    type: 'check-in',
    passId,
    gymId: 'gym-1',
    passKind: 'day-pass',
    checkedInAt: at(),
    method: 'tap',
    deviceId: id(),
  };
}

function outcome(checkInId: string, passId: string): LocalDoc {
  return {
    id: `checkin-outcome:${checkInId}`,
    type: 'check-in-outcome',
    checkInId,
    passId,
    gymId: 'gym-1',
    outcome: 'counted',
    resolvedAt: at(),
  };
}

const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/**
 * The pull's documents in the order the server writes them: a check-in, its outcome, the pass
 * counted (a second check-in on a pass within the hour is a duplicate: no pass update). With
 * `countedOnPass`, only an outcome that did not count is a document of its own: a counted one is
 * read from the pass's `countedCheckIns`, which the server writes anyway.
 */
function pulledDocs(
  held: readonly LocalDoc[],
  { checkIns, shared }: ReconnectStorageInput,
  countedOnPass: boolean,
): LocalDoc[] {
  const pulled: LocalDoc[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < checkIns; i += 1) {
    const pass = held[i < checkIns - shared ? i : i - (checkIns - shared)];
    const record = checkIn(pass.passId as string);
    const counts = !seen.has(pass.id);
    seen.add(pass.id);
    pulled.push(record);
    if (!counts || !countedOnPass) pulled.push(outcome(record.id, pass.passId as string));
    if (counts) pulled.push(counted(pass, record.id));
  }
  return pulled;
}

/** Stores `docs` in the collection as the replication's downstream does: read the device's copies, then one bulk write per batch. */
async function storeAsPulled(
  collection: RxCollection<LocalDoc>,
  docs: readonly LocalDoc[],
  batch: number,
): Promise<number> {
  const storage = collection.storageInstance;
  return timed(async () => {
    for (let from = 0; from < docs.length; from += batch) {
      const part = docs.slice(from, from + batch);
      const held = new Map(
        (
          await storage.findDocumentsById(
            part.map((d) => d.id),
            true,
          )
        ).map((d) => [d.id, d]),
      );
      await storage.bulkWrite(
        part.map((doc) => {
          const previous = held.get(doc.id);
          const height = previous ? Number(previous._rev.split('-')[0]) + 1 : 1;
          return {
            previous,
            document: {
              ...doc,
              _deleted: false,
              _attachments: {},
              _meta: { lwt: Date.now() },
              _rev: `${height}-pulled`,
            },
          };
        }),
        'reconnect-storage-bench',
      );
    }
  });
}

/** A fresh device copy holding `held`, the pulled documents stored into it as the pull stores them. */
async function storeOnFreshDevice(
  held: readonly LocalDoc[],
  pulled: readonly LocalDoc[],
  batch: number,
): Promise<number> {
  const db = await createRxDatabase({ name: `storage-${id()}`, storage: getRxStorageDexie(), multiInstance: true });
  try {
    const { docs } = await db.addCollections({
      docs: { schema: TENANT_DOCS_SCHEMA, migrationStrategies: TENANT_DOCS_MIGRATIONS },
    });
    const collection = docs as RxCollection<LocalDoc>;
    await collection.bulkInsert([...held]);
    return await storeAsPulled(collection, pulled, batch);
  } finally {
    await db.remove();
  }
}

async function run(input: ReconnectStorageInput): Promise<ReconnectStorageFigures> {
  const held = Array.from({ length: input.passes }, (_, i) => dayPass(i));
  const pulled = pulledDocs(held, input, input.countedOnPass);
  return {
    documents: pulled.length,
    updates: pulled.filter((d) => d.type === 'day-pass').length,
    ms: await storeOnFreshDevice(held, pulled, input.batch),
  };
}

const page: ReconnectStoragePage = { run };
window.reconnectStorageBench = page;
