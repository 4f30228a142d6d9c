import { BehaviorSubject, filter, map, type Observable } from 'rxjs';

type Told<E> = { put: E } | { gone: readonly string[] };

/**
 * The entries of one journal table as this tab knows them, without reading the table again after
 * each write (decision 177): read once on opening, then kept from this tab's own writes and what
 * the other tabs of the account tell on a BroadcastChannel. A check-in tap is a put into a table
 * that holds every check-in still waiting offline: a live query would read all of them after each
 * tap, and its read transaction could hold up the next tap's put. A message about an entry the
 * first read already found changes nothing (a put is the same entry, a removal is a removal), so
 * what arrives while that read runs is applied after it.
 */
export function toldEntries<E extends { id: string }>(channelName: string, read: () => Promise<E[]>) {
  const known = new BehaviorSubject<ReadonlyMap<string, E> | null>(null);
  const early: Told<E>[] = [];
  const apply = (told: Told<E>) => {
    const next = new Map(known.value ?? []);
    if ('put' in told) next.set(told.put.id, told.put);
    else for (const id of told.gone) next.delete(id);
    known.next(next);
  };
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = ({ data }: MessageEvent<Told<E>>) => (known.value ? apply(data) : early.push(data));
  read().then(
    (all) => {
      known.next(new Map(all.map((entry) => [entry.id, entry])));
      for (const told of early.splice(0)) apply(told);
    },
    (err: unknown) => known.error(err),
  );
  const tell = (told: Told<E>) => {
    if (known.value) apply(told);
    else early.push(told);
    channel.postMessage(told);
  };
  return {
    /** Every entry; emits once the first read answers. */
    all$: known.pipe(
      filter((m) => m !== null),
      map((m) => [...m.values()]),
    ) as Observable<E[]>,
    /** This tab's committed write. */
    committed: (entry: E) => tell({ put: entry }),
    /** Entries this tab removed. */
    forgotten: (ids: readonly string[]) => tell({ gone: [...ids] }),
    close() {
      channel.close();
      known.complete();
    },
  };
}
