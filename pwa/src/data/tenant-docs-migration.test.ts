import 'fake-indexeddb/auto';
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { findDocs } from './local-queries.ts';
import { addTenantDocs, TENANT_DOCS_MIGRATIONS, TENANT_DOCS_SCHEMA, type LocalDoc } from './tenant-docs.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);

/** The schema as the previous release declared it: the same fields, with its index of types (decision 200). */
function previousSchema(): RxJsonSchema<LocalDoc> {
  return { ...TENANT_DOCS_SCHEMA, version: TENANT_DOCS_SCHEMA.version - 1, indexes: ['type'] };
}

describe('a device updated to the current tenant schema', () => {
  it('keeps what it held, a check-in still waiting to sync included, and reads it by type', async () => {
    const name = `migration-test-${Date.now()}`;
    const older = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    const { docs } = await older.addCollections({
      docs: { schema: previousSchema(), migrationStrategies: Object.fromEntries(Object.entries(TENANT_DOCS_MIGRATIONS).slice(0, -1)) },
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
    // As the store opens it (tenant-store.ts): moved over before it answers.
    const current = await addTenantDocs(updated);
    const found = (await current.find().exec()).map((d) => d.toJSON());
    expect(found).toEqual(expect.arrayContaining(held.map((doc) => expect.objectContaining(doc))));
    expect(found).toHaveLength(held.length);
    // Read by type as the data layer reads, on the new layout's id ranges.
    expect((await findDocs(current, 'check-in')).map((d) => d._id)).toEqual(['checkin:p1:r1']);
    expect((await findDocs(current, 'booking')).map((d) => d._id)).toEqual(['booking:b1']);
    await updated.remove();
  });
});
