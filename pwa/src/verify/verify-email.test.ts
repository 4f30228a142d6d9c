import { afterEach, describe, it, expect, vi } from 'vitest';
import { verifyEmail, verifyEmailPath } from './verify-email.ts';

function stubFetch(status: number) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ message: 'ok' }), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verifyEmail', () => {
  it('builds the plural API path of §7', () => {
    expect(verifyEmailPath('user', 'a1', 't1')).toBe('/api/users/a1/verify/t1');
    expect(verifyEmailPath('coach', 'a1', 't1')).toBe('/api/coaches/a1/verify/t1');
    expect(verifyEmailPath('gym', 'a1', 't1')).toBe('/api/gyms/a1/verify/t1');
  });

  it('sends one request for a link however many times it is asked (StrictMode runs effects twice)', async () => {
    const fetchMock = stubFetch(200);
    const [first, second] = await Promise.all([
      verifyEmail('user', 'id-once', 'tok'),
      verifyEmail('user', 'id-once', 'tok'),
    ]);
    expect(first).toBe(true);
    expect(second).toBe(true);
    expect(await verifyEmail('user', 'id-once', 'tok')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/id-once/verify/tok');
  });

  it('reports failure on a 404 and keeps different links apart', async () => {
    const fetchMock = stubFetch(404);
    expect(await verifyEmail('gym', 'id-bad', 'tok')).toBe(false);
    expect(await verifyEmail('coach', 'id-bad', 'tok')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reports failure when the server does not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await verifyEmail('user', 'id-offline', 'tok')).toBe(false);
  });
});
