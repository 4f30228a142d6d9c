import { liveQuery } from 'dexie';
import { BehaviorSubject, filter, firstValueFrom, map, type Observable } from 'rxjs';

/**
 * The entries a live query selects, as this tab knows them: its own committed writes at once (no
 * read back from IndexedDB on a tap), every other change (other tabs, the leader's sender) through
 * the live query. A live query result never predates a write signalled before it: Dexie re-runs a
 * query a commit overlaps.
 */
export function liveEntries<E extends { id: string }>(query: () => Promise<E[]>) {
  const known = new BehaviorSubject<ReadonlyMap<string, E> | null>(null);
  const subscription = liveQuery(query).subscribe({
    next: (all) => known.next(new Map(all.map((e) => [e.id, e]))),
    error: (err: unknown) => known.error(err),
  });
  const current = () => firstValueFrom(known.pipe(filter((m) => m !== null)));
  return {
    /** Every entry, live; emits once the first read answers. */
    all$: known.pipe(
      filter((m) => m !== null),
      map((m) => [...m.values()]),
    ) as Observable<E[]>,
    current,
    /** This tab's own committed write (null: the entry is gone). */
    committed(id: string, entry: E | null) {
      const next = new Map(known.value ?? []);
      if (entry) next.set(id, entry);
      else next.delete(id);
      known.next(next);
    },
    close() {
      subscription.unsubscribe();
      known.complete();
    },
  };
}
