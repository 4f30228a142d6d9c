import 'fake-indexeddb/auto';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { TENANT_DOCS_MIGRATIONS, TENANT_DOCS_SCHEMA, type LocalDoc } from './tenant-docs.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);

/** The schema as the previous release declared it: without the fields the current version added. */
function previousSchema(): RxJsonSchema<LocalDoc> {
  const added = new Set(['serverRev']);
  const properties = Object.fromEntries(Object.entries(TENANT_DOCS_SCHEMA.properties).filter(([key]) => !added.has(key)));
  return { ...TENANT_DOCS_SCHEMA, version: TENANT_DOCS_SCHEMA.version - 1, properties };
}

describe('a device updated to the current tenant schema', () => {
  it('keeps what it held, a check-in still waiting to sync included', async () => {
    const name = `migration-test-${Date.now()}`;
    const older = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    const { docs } = await older.addCollections({
      docs: { schema: previousSchema(), migrationStrategies: { 1: (d: LocalDoc) => d, 2: (d: LocalDoc) => d, 3: (d: LocalDoc) => d, 4: (d: LocalDoc) => d, 5: (d: LocalDoc) => d, 6: (d: LocalDoc) => d } },
    });
    const held: LocalDoc[] = [
      { id: 'checkin:p1:r1', type: 'check-in', passId: 'p1', checkedInAt: '2026-11-25T10:00:00.000Z' },
      { id: 'mastrpass:p2', type: 'mastr-pass', passId: 'p2', dateAndTimeStart: null },
      { id: 'coach-request:r1', type: 'coach-request', requestId: 'r1', accepted: false },
      { id: 'booking:b1', type: 'booking', bookingId: 'b1', sessionStart: '2026-11-30T18:00:00' },
    ];
    await docs.bulkInsert(held);
    await older.close();

    const updated = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    const { docs: current } = await updated.addCollections({
      docs: { schema: TENANT_DOCS_SCHEMA, migrationStrategies: TENANT_DOCS_MIGRATIONS },
    });
    const found = (await current.find().exec()).map((d) => d.toJSON());
    expect(found).toEqual(expect.arrayContaining(held.map((doc) => expect.objectContaining(doc))));
    expect(found).toHaveLength(held.length);
    await updated.remove();
  });
});
