import type { TenantKind } from '@mastr/rules/roles.ts';

/** A CouchDB `_selector` filter for `_changes` (Mango syntax). */
export type PullSelector = Record<string, unknown>;

/**
 * Everything but check-in records, tombstones included: a deleted document's bare
 * `{_id, _rev, _deleted}` has no `type`, hence the `$exists: false` arm. Not `{$not: {type:
 * 'check-in'}}`: Apache CouchDB's Mango turns `$not` of an equality into `$ne`, which a document
 * without the field never matches, so it dropped every tombstone (seen on 3.4.3; PouchDB kept them).
 */
const NO_CHECK_IN_RECORDS: PullSelector = {
  $or: [{ type: { $ne: 'check-in' } }, { type: { $exists: false } }],
};

/**
 * What a tenant's devices leave out of their pull, as a CouchDB `_selector` filter (null: nothing,
 * the feed as CouchDB streams it). A gym's devices do not pull check-in records (decision 198): a
 * counted one is on its pass (`countedCheckIns`), one that did not count has its outcome document,
 * and a device's own wait in its journal until decided, so after a reconnect with 1,000 offline
 * check-ins each tablet stored 1,000 records it never read (~1.4 ms each in IndexedDB). They stay in
 * CouchDB for audit. CouchDB filters rather than the gateway: its `limit` counts matching rows, so a
 * page stays full and RxDB never takes a short page for the end of the feed. Members' and coaches'
 * databases hold no check-in records.
 */
export function pullSelector(kind: TenantKind): PullSelector | null {
  return kind === 'gym' ? NO_CHECK_IN_RECORDS : null;
}

/** A `_changes` call as CouchDB takes it: with a selector, a POST of `{selector}` with `filter=_selector`. */
export function changesCall(
  selector: PullSelector | null,
  search: URLSearchParams,
): { method: 'GET' | 'POST'; search: URLSearchParams; body?: { selector: PullSelector } } {
  if (!selector) return { method: 'GET', search };
  const filtered = new URLSearchParams(search);
  filtered.set('filter', '_selector');
  return { method: 'POST', search: filtered, body: { selector } };
}
