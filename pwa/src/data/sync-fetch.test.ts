import { describe, expect, it } from 'vitest';
import { createSyncFetch, SyncHttpError } from './sync-fetch.ts';

function harness(answers: (number | Error)[], refreshTo: string | null = 'fresh') {
  const sent: (string | null)[] = [];
  const reachable: number[] = [];
  let unreachable = 0;
  let refreshes = 0;
  const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Headers(init?.headers).get('Authorization'));
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return new Response('{}', { status: next });
  }) as typeof fetch;
  const syncFetch = createSyncFetch({
    getAccessToken: () => 'old',
    refresh: async () => {
      refreshes += 1;
      return refreshTo;
    },
    onReachable: ({ status }) => reachable.push(status),
    onUnreachable: () => (unreachable += 1),
    fetchImpl,
  });
  return { syncFetch, sent, reachable, unreachable: () => unreachable, refreshes: () => refreshes };
}

describe('the replication fetch', () => {
  it('sends the Bearer token', async () => {
    const h = harness([200]);
    expect((await h.syncFetch('http://x/sync/gym/1/_changes')).status).toBe(200);
    expect(h.sent).toEqual(['Bearer old']);
    expect(h.reachable).toEqual([200]);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const h = harness([401, 200]);
    await h.syncFetch('http://x/sync/gym/1/_changes');
    expect(h.sent).toEqual(['Bearer old', 'Bearer fresh']);
    expect(h.refreshes()).toBe(1);
  });

  it('throws non-2xx answers so the replication retries instead of reading an error body', async () => {
    const h = harness([401, 401]);
    await expect(h.syncFetch('http://x/sync/gym/1/_changes')).rejects.toBeInstanceOf(SyncHttpError);
    expect(h.refreshes()).toBe(1);
    expect(h.reachable).toEqual([401]);
  });

  it('reports a network failure as unreachable', async () => {
    const h = harness([new TypeError('fetch failed')]);
    await expect(h.syncFetch('http://x/sync/gym/1/_changes')).rejects.toThrow('fetch failed');
    expect(h.unreachable()).toBe(1);
  });
});
