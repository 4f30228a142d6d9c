/**
 * Typed reads of the device's copy, in CouchDB shape: the data layer's own building block for the
 * queries it answers pages, so no page needs RxDB's query API or documents.
 */
import type { MangoQuerySelector, RxCollection, RxDocument } from 'rxdb';
import { map, type Observable } from 'rxjs';
import { tenantDocIdRange, type TenantDocType } from '@mastr/rules/doc-ids.ts';
import { toCouchShape, type CouchShape, type LocalDoc } from './tenant-docs.ts';

/** Fields of one document type to narrow by (`{ dayDateStart: { $gte: today } }`); data layer only. */
export type Where = MangoQuerySelector<LocalDoc>;

/**
 * One type's documents: its id range, read on the primary key (the store keeps no index of types,
 * decision 200), and the type itself, which a server tombstone in the range does not carry.
 */
export const ofType = (type: TenantDocType, where: Where = {}): Where => ({ ...where, id: tenantDocIdRange(type), type });

const asCouch = <T extends CouchShape>(found: RxDocument<LocalDoc>[]) => found.map((doc) => toCouchShape<T>(doc.toJSON() as LocalDoc));

/**
 * Live documents of one type, narrowed by `where`. Narrow what a page lists: RxDB brings every open
 * query up to date inside each write, at a cost that grows with the query's result.
 */
export function watchDocs<T extends CouchShape & { type: TenantDocType }>(
  collection: RxCollection<LocalDoc>,
  type: T['type'],
  where: Where = {},
): Observable<T[]> {
  return collection.find({ selector: ofType(type, where) }).$.pipe(map((found) => asCouch<T>(found)));
}

/** The documents of one type as the device holds them now. */
export async function findDocs<T extends CouchShape & { type: TenantDocType }>(
  collection: RxCollection<LocalDoc>,
  type: T['type'],
  where: Where = {},
): Promise<T[]> {
  return asCouch<T>(await collection.find({ selector: ofType(type, where) }).exec());
}
