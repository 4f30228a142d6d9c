/**
 * The fetch the replication uses: adds the Bearer access token, refreshes the session once on a
 * 401 and retries, and reports reachability (a network failure means offline; any HTTP answer
 * means the server is reachable) so the sync status needs no extra polling.
 *
 * An answer other than 2xx is thrown as a SyncHttpError rather than returned: RxDB's CouchDB
 * plugin reads `results` of a long-poll answer outside its retry loop, so an error body (a 401,
 * a 502 while the server restarts) would end live replication for good instead of being retried.
 */
export class SyncHttpError extends Error {
  constructor(readonly status: number) {
    super(`The sync server answered ${status}`);
    this.name = 'SyncHttpError';
  }
}

export interface SyncFetchOptions {
  getAccessToken: () => string | null;
  /** Refreshes the session; resolves the new access token, or null when signed out. */
  refresh: () => Promise<string | null>;
  onReachable: (ok: { status: number; url: string }) => void;
  onUnreachable: (error: unknown) => void;
  fetchImpl?: typeof fetch;
}

function withToken(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

export function createSyncFetch(options: SyncFetchOptions): typeof fetch {
  const send = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    let response: Response;
    try {
      response = await send(input, withToken(init, options.getAccessToken()));
      if (response.status === 401) {
        const fresh = await options.refresh();
        if (fresh) response = await send(input, withToken(init, fresh));
      }
    } catch (error) {
      // An abort is ours (stop()), not the network's.
      if ((error as Error).name !== 'AbortError') options.onUnreachable(error);
      throw error;
    }
    options.onReachable({ status: response.status, url });
    if (!response.ok) throw new SyncHttpError(response.status);
    return response;
  };
}
