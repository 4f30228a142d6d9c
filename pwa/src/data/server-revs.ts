/**
 * Keeps the CouchDB revision a pulled week came with (design/sync.md "One device outbox", decision
 * 164). RxDB's CouchDB plugin drops a pulled document's `_rev` before its pull modifier runs and
 * keeps a revision of its own, so the device never knew which server revision its copy of a week
 * was: the first post of an edit went without one, was answered `conflict`, and the sender read the
 * server's copy and posted again — three round trips for one edit. This fetch, under the
 * replication's, copies `_rev` of every week in a `_changes` answer into the week's `serverRev`; the
 * week edits give it to the merge base as `_rev`, so a first edit of an unchanged week is one post.
 */
const WEEK_TYPES: ReadonlySet<unknown> = new Set(['schedule-week', 'availability-week']);

interface ChangesAnswer {
  results?: { doc?: { type?: unknown; _rev?: unknown; serverRev?: unknown } | null }[];
}

const isChangesFeed = (input: RequestInfo | URL) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://device.invalid').pathname.endsWith('/_changes');
};

export function keepServerRevs(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    if (!answer.ok || !isChangesFeed(input)) return answer;
    const text = await answer.text();
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const reply = (body: string) => new Response(body, { status: answer.status, statusText: answer.statusText, headers });
    // Most pulled batches of a busy gym hold no week: those are not parsed a second time.
    if (!text.includes('-week"')) return reply(text);
    const body = JSON.parse(text) as ChangesAnswer;
    for (const row of body.results ?? []) {
      const doc = row.doc;
      if (doc && WEEK_TYPES.has(doc.type) && typeof doc._rev === 'string') doc.serverRev = doc._rev;
    }
    return reply(JSON.stringify(body));
  };
}
