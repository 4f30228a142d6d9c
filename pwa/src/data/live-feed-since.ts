/**
 * The live feed resumes from what the device has pulled, never from "now".
 *
 * RxDB's CouchDB plugin opens its live long-poll with `since=now` and keeps `now` until a long-poll
 * is answered; every retry before that (the network gone, a server answering 503 while it stops)
 * asks for `now` again, which CouchDB (and the gateway, which pins it to the current sequence)
 * takes as "from this moment". Changes written between the device's last pull and that moment are
 * skipped, and the first answer's sequence then becomes the replication's checkpoint, so a later
 * checkpoint pull does not find them either: a front desk missed the server's outcomes written just
 * before a quick restart (issue 23). Wrapped around the replication's fetch, this notes the
 * `last_seq` of every `_changes` answer, and sends a long-poll asking for `since=now` from the
 * latest of them instead. Before the first checkpoint pull has reached the end of the feed (an
 * answer short of its `limit`, where RxDB stops pulling), such a long-poll waits for it: resuming
 * from the middle of a first sync would pull it twice.
 */
export function resumeLiveFeedFromPull(
  fetchImpl: typeof fetch,
  /**
   * Told once when a long-poll fails, until one is answered again: the store asks for a checkpoint
   * pull then, so whatever the feed might have missed meanwhile (a server stopping while the poll was
   * parked) arrives as soon as the server answers, not only with the next change.
   */
  onFeedLost: () => void = () => {},
): typeof fetch {
  let pulledTo: string | null = null;
  let lost = false;
  let caughtUp!: () => void;
  const firstCaughtUp = new Promise<void>((resolve) => (caughtUp = resolve));

  /** `limit`: what the call asked for at most; an answer with fewer is the end of the feed. */
  const noteAnswer = (response: Response, live: boolean, limit: number) => {
    const json = response.json.bind(response);
    // Read once, by the plugin: noted as it parses (no second parse of a 1,000-document batch).
    response.json = async () => {
      const body = (await json()) as { results?: unknown[]; last_seq?: unknown };
      if (body && Array.isArray(body.results) && body.last_seq !== undefined && body.last_seq !== null) {
        pulledTo = String(body.last_seq);
        if (!live && !(body.results.length >= limit)) caughtUp();
      }
      return body;
    };
    return response;
  };

  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!url.pathname.endsWith('/_changes')) return fetchImpl(input, init);
    const live = url.searchParams.get('feed') === 'longpoll';
    const limit = Number(url.searchParams.get('limit') ?? Infinity);
    if (!live) return noteAnswer(await fetchImpl(input, init), live, limit);
    if (url.searchParams.get('since') === 'now') {
      await firstCaughtUp;
      url.searchParams.set('since', pulledTo!);
    }
    try {
      const response = await fetchImpl(url.href, init);
      lost = false;
      return noteAnswer(response, live, limit);
    } catch (error) {
      if (!lost && (error as Error).name !== 'AbortError') {
        lost = true;
        onFeedLost();
      }
      throw error;
    }
  };
}
