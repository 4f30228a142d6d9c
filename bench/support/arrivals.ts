/**
 * Watches documents arrive without reading them back. A bench that polls full document lists
 * (every outcome on the server, every outcome on each tablet) every 50 ms spends a large share of
 * the one Node thread that server and devices share on the polling itself, and so slows down what
 * it measures. These watchers follow CouchDB's `_changes` feed and the device collection's change
 * events, and note when the expected count is reached. Decisions on check-ins are followed where
 * they live (rules/check-in-decisions.ts): a counted one on its pass, any other in its outcome
 * document.
 */
import { recordsDecidedBy } from '@mastr/rules/check-in-decisions.ts';
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

/**
 * The server's decisions on these check-in records as they are written to a CouchDB database after
 * this call resolves (the `_changes` feed with documents: a decision may be a pass update).
 */
export async function watchServerDecisions(
  couchUrl: string,
  dbName: string,
  checkInIds: ReadonlySet<string>,
): Promise<Arrivals> {
  const seen = tracker(checkInIds.size);
  const feed = await followChanges(
    couchUrl,
    dbName,
    (change) => {
      for (const id of change.doc ? recordsDecidedBy(change.doc) : []) if (checkInIds.has(id)) seen.add(id);
    },
    seen.doneAt,
  );
  return { count: () => seen.ids.size, doneAt: seen.doneAt, stop: feed.stop };
}

/** A device's copy of the server's decisions on these check-in records, as they arrive in its collection. */
export function watchDeviceDecisions(store: OpenedTenantStore, checkInIds: ReadonlySet<string>): Arrivals {
  const seen = tracker(checkInIds.size);
  const subscription = store.collection.$.subscribe((event) => {
    if (event.operation === 'DELETE') return;
    for (const id of recordsDecidedBy(event.documentData as { type?: string })) if (checkInIds.has(id)) seen.add(id);
  });
  return { count: () => seen.ids.size, doneAt: seen.doneAt, stop: () => subscription.unsubscribe() };
}

interface Change {
  id: string;
  doc?: { type?: string };
}

/** Follows a database's `_changes`, with documents, from now on (long-polls) until stopped or `done()` says so. */
async function followChanges(
  couchUrl: string,
  dbName: string,
  onChange: (change: Change) => void,
  done: () => number,
): Promise<{ stop: () => void }> {
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
  const controller = new AbortController();
  void (async () => {
    let since = start;
    while (!controller.signal.aborted && !done()) {
      const answer = await fetch(
        `${base}/_changes?feed=longpoll&timeout=5000&include_docs=true&since=${encodeURIComponent(String(since))}`,
        { signal: controller.signal, headers },
      ).catch(() => null);
      if (!answer) return;
      const { results, last_seq } = (await answer.json()) as {
        results: (Change & { deleted?: boolean })[];
        last_seq: string | number;
      };
      for (const change of results) if (!change.deleted) onChange(change);
      since = last_seq;
    }
  })();
  return { stop: () => controller.abort() };
}
