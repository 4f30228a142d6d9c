/**
 * Watches documents arrive without reading them back. A bench that polls full document lists
 * (every outcome on the server, every outcome on each tablet) every 50 ms spends a large share of
 * the one Node thread that server and devices share on the polling itself, and so slows down what
 * it measures. These watchers follow CouchDB's `_changes` feed (ids only) and the device
 * collection's change events, and note when the expected count is reached.
 */
import type { OpenedTenantStore } from '../../pwa/src/data/tenant-store.ts';

export interface Arrivals {
  count(): number;
  /** Date.now() when `expected` distinct documents had arrived; 0 until then. */
  doneAt(): number;
  stop(): void;
}

function tracker(expected: number) {
  const ids = new Set<string>();
  let doneAt = 0;
  return {
    ids,
    add(id: string) {
      ids.add(id);
      if (!doneAt && ids.size >= expected) doneAt = Date.now();
    },
    doneAt: () => doneAt,
  };
}

/** Documents with ids starting with `prefix` written to a CouchDB database after this call resolves. */
export async function watchServerArrivals(
  couchUrl: string,
  dbName: string,
  prefix: string,
  expected: number,
): Promise<Arrivals> {
  // fetch refuses URLs with credentials: the embedded server's password travels as a Basic header.
  const url = new URL(couchUrl);
  const headers: Record<string, string> = url.username
    ? {
        Authorization: `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`,
      }
    : {};
  url.username = '';
  url.password = '';
  const base = `${url.href.replace(/\/$/, '')}/${encodeURIComponent(dbName)}`;
  const { update_seq: start } = (await (await fetch(base, { headers })).json()) as { update_seq: string | number };
  const seen = tracker(expected);
  const controller = new AbortController();
  void (async () => {
    let since = start;
    while (!controller.signal.aborted && !seen.doneAt()) {
      const answer = await fetch(
        `${base}/_changes?feed=longpoll&timeout=5000&since=${encodeURIComponent(String(since))}`,
        { signal: controller.signal, headers },
      ).catch(() => null);
      if (!answer) return;
      const { results, last_seq } = (await answer.json()) as {
        results: { id: string; deleted?: boolean }[];
        last_seq: string | number;
      };
      for (const { id, deleted } of results) if (!deleted && id.startsWith(prefix)) seen.add(id);
      since = last_seq;
    }
  })();
  return { count: () => seen.ids.size, doneAt: seen.doneAt, stop: () => controller.abort() };
}

/** Documents of one type arriving in a device's collection (pulled or written locally) after this call. */
export function watchDeviceArrivals(store: OpenedTenantStore, type: string, expected: number): Arrivals {
  const seen = tracker(expected);
  const subscription = store.collection.$.subscribe((event) => {
    if (event.operation !== 'DELETE' && (event.documentData as { type?: string }).type === type)
      seen.add(event.documentId);
  });
  return { count: () => seen.ids.size, doneAt: seen.doneAt, stop: () => subscription.unsubscribe() };
}
