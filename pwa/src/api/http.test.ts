import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './http.ts';

function stubFetch(answer: unknown = { message: 'ok' }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(answer)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('takes the method and path from the route key, filling and encoding its parameters', async () => {
    const fetchMock = stubFetch();
    await callApi('GET /api/users/password-reset/{id}/{token}', { params: { id: 'a/1', token: 't 1?' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/password-reset/a%2F1/t%201%3F');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('sends the body as JSON with the route method, and answers the parsed body', async () => {
    const fetchMock = stubFetch({ url: 'https://checkout.stripe.com/c/pay/cs_test' });
    const body = { user_id: 'u1', gym_id: 'g1', passDayDate: '2026-01-05' };
    const answer = await callApi('POST /api/booking/createCheckoutSessionKidsDayPass', { body });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/booking/createCheckoutSessionKidsDayPass');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify(body));
    expect(answer.url).toBe('https://checkout.stripe.com/c/pay/cs_test');
  });

  it('posts without a body where the route has none', async () => {
    const fetchMock = stubFetch();
    await callApi('POST /api/booking/gym/cancel_day_pass/{id}', { params: { id: 'p1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/booking/gym/cancel_day_pass/p1');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
  });
});
