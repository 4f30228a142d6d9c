import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCoach, fetchGym, fetchGyms } from '../directory/index.ts';
import { earlyRequestFor, requestEarly } from './early-answers.ts';

function stubFetch() {
  const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ url })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('earlyRequestFor', () => {
  it('names the directory GET of the gym list, a gym and a coach, and nothing else', () => {
    expect(earlyRequestFor('/gyms')).toEqual({ kind: 'gyms' });
    expect(earlyRequestFor('/gyms/g%201')).toEqual({ kind: 'gym', id: 'g 1' });
    expect(earlyRequestFor('/coaches/c1/')).toEqual({ kind: 'coach', id: 'c1' });
    for (const path of ['/', '/auth', '/coaches', '/gyms/g1/coaches', '/gyms/%E0%A4%A', '/userdashboard'])
      expect(earlyRequestFor(path)).toBeNull();
  });
});

describe('requestEarly', () => {
  it("asks at once, and the page's first call takes that answer instead of asking again", async () => {
    const fetchMock = stubFetch();
    requestEarly('/coaches/c1', false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(fetchCoach('c1')).resolves.toEqual({ url: '/api/coaches/c1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: a later load (the week turned over) asks the server.
    await fetchCoach('c1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("leaves another page's call alone", async () => {
    const fetchMock = stubFetch();
    requestEarly('/gyms', false);
    await fetchGym('g1');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/gyms', '/api/gyms/g1']);
    await fetchGyms();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not ask for a gym's page ahead when a kept session may hold a member's token", async () => {
    const fetchMock = stubFetch();
    requestEarly('/gyms/g1', true);
    expect(fetchMock).not.toHaveBeenCalled();
    requestEarly('/coaches/c1', true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchCoach('c1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not hand out an answer asked for long before the page wants it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = stubFetch();
    requestEarly('/gyms', false);
    vi.setSystemTime(Date.now() + 60_000);
    await fetchGyms();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
