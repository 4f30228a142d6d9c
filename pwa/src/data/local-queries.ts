/**
 * Typed reads of the device's copy, in CouchDB shape: the data layer's own building block for the
 * queries it answers pages, so no page needs RxDB's query API or documents.
 */
import type { MangoQuerySelector, RxCollection, RxDocument } from 'rxdb';
import { distinctUntilChanged, map, of, switchMap, type Observable } from 'rxjs';
import { passDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { toCouchShape, type CouchShape, type LocalDoc } from './tenant-docs.ts';

/** Fields of one document type to narrow by (`{ dayDateStart: { $gte: today } }`); data layer only. */
export type Where = MangoQuerySelector<LocalDoc>;

const asCouch = <T extends CouchShape>(found: RxDocument<LocalDoc>[]) => found.map((doc) => toCouchShape<T>(doc.toJSON() as LocalDoc));

/**
 * Live documents of one type, narrowed by `where`. Narrow what a page lists: RxDB brings every open
 * query up to date inside each write, at a cost that grows with the query's result.
 */
export function watchDocs<T extends CouchShape>(collection: RxCollection<LocalDoc>, type: T['type'], where: Where = {}): Observable<T[]> {
  return collection.find({ selector: { ...where, type } }).$.pipe(map((found) => asCouch<T>(found)));
}

/** The documents of one type as the device holds them now. */
export async function findDocs<T extends CouchShape>(collection: RxCollection<LocalDoc>, type: T['type'], where: Where = {}): Promise<T[]> {
  return asCouch<T>(await collection.find({ selector: { ...where, type } }).exec());
}

/**
 * Live documents by id (those the device holds; any type). Served from RxDB's document cache where
 * it can, so a lookup of documents another query already holds (a check-in's pass) reads nothing.
 */
function watchByIds<T extends CouchShape>(collection: RxCollection<LocalDoc>, ids: readonly string[]): Observable<T[]> {
  if (ids.length === 0) return of([]);
  return collection.findByIds([...ids]).$.pipe(map((found) => asCouch<T>([...found.values()])));
}

/**
 * The passes of these check-ins, live: a counted check-in is listed on its pass
 * (rules/check-in-decisions.ts). Asked again only when the set of passes changes.
 */
export function watchCheckedInPasses(
  collection: RxCollection<LocalDoc>,
  checkIns$: Observable<readonly Pick<CheckInDoc, 'passId' | 'passKind'>[]>,
): Observable<PassDoc[]> {
  return checkIns$.pipe(
    map((checkIns) => [...new Set(checkIns.map((c) => passDocId(c.passKind, c.passId)))].sort()),
    distinctUntilChanged((a, b) => a.length === b.length && a.every((id, i) => id === b[i])),
    switchMap((ids) => watchByIds<PassDoc>(collection, ids)),
  );
}
