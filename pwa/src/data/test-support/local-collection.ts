/**
 * A tenant collection on fake-indexeddb with nothing around it (no replication, outbox or journal),
 * for unit tests of the data layer's typed queries and check-in delivery.
 */
import 'fake-indexeddb/auto';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { firstValueFrom, type Observable } from 'rxjs';
import { addTenantDocs, type LocalDoc } from '../tenant-docs.ts';

// RxDB opens a collection of schema version > 0 only with the migration plugin, even when empty.
addRxPlugin(RxDBMigrationSchemaPlugin);

let opened = 0;

export interface LocalCollection {
  name: string;
  db: RxDatabase;
  collection: RxCollection<LocalDoc>;
  remove(): Promise<void>;
}

export async function openLocalCollection(): Promise<LocalCollection> {
  const name = `unit-tenant-${(opened += 1)}-${Date.now()}`;
  // Local documents as the tenant store has them (marks such as the first sync or notifications seen).
  const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false, localDocuments: true });
  const collection = await addTenantDocs(db);
  return { name, db, collection, remove: () => db.remove().then(() => undefined) };
}

/** The first answer of a live query that satisfies `holds` (the current one included). */
export function answerWhere<T>(live: Observable<T>, holds: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  return new Promise((resolve, reject) => {
    let last: T | undefined;
    const timer = setTimeout(() => {
      sub.unsubscribe();
      reject(new Error(`No answer held within ${timeoutMs} ms; last: ${JSON.stringify(last)}`));
    }, timeoutMs);
    const sub = live.subscribe((value) => {
      last = value;
      if (!holds(value)) return;
      clearTimeout(timer);
      queueMicrotask(() => sub.unsubscribe());
      resolve(value);
    });
  });
}

/** A live query's current answer. */
export const answerOf = <T>(live: Observable<T>): Promise<T> => firstValueFrom(live);
