import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, jwtCookieOf, PASSWORD, refresh, signedIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/** A logout that reaches the server late (design/auth.md "Logout while offline"). */
describe('a logout sent when the device is back online', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const sidOf = (cookie: string) => cookie.split('.')[0];
  const logout = (kind: string, cookie: string | undefined, session?: string) =>
    stack.server.inject({
      url: `/api/logout/${kind}${session === undefined ? '' : `?session=${session}`}`,
      headers: cookie ? { cookie: `jwt=${cookie}` } : {},
    });

  it('ends the session it names when the cookie still names it, and clears the cookie', async () => {
    const session = await signedIn(stack, 'gym');
    const res = await logout('gym', session.cookie, sidOf(session.cookie));
    expect(res.statusCode).toBe(204);
    expect(jwtCookieOf(res)).toBe('');
    expect((await refresh(stack.server, session.cookie)).statusCode).toBe(401);
    expect((await stack.server.inject({ url: '/api/me/gyms', headers: bearer(session.accessToken) })).statusCode).toBe(
      401,
    );
  });

  it('leaves a newer session alone: the browser signed in again before the logout was sent', async () => {
    const old = await signedIn(stack, 'user');
    const newer = await signedIn(stack, 'user');
    const res = await logout('user', newer.cookie, sidOf(old.cookie));
    expect(res.statusCode).toBe(204);
    expect(jwtCookieOf(res)).toBeUndefined(); // the cookie is not touched
    expect((await refresh(stack.server, newer.cookie)).statusCode).toBe(200);
  });

  it('does nothing without a cookie, and refuses a malformed session id', async () => {
    expect((await logout('coach', undefined, 'a'.repeat(24))).statusCode).toBe(204);
    const bad = await logout('coach', undefined, 'not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('a sign-in ends the session of the cookie it replaces, so a logout that never arrived is not needed', async () => {
    const first = await signedIn(stack, 'coach');
    const again = await stack.server.inject({
      method: 'POST',
      url: '/api/auth/coach',
      payload: { email: first.email, pwd: PASSWORD },
      headers: { cookie: `jwt=${first.cookie}` },
      remoteAddress: '10.9.9.9',
    });
    expect(again.statusCode).toBe(200);
    const second = jwtCookieOf(again)!;
    expect(sidOf(second)).not.toBe(sidOf(first.cookie));
    expect((await refresh(stack.server, first.cookie)).statusCode).toBe(401);
    expect((await refresh(stack.server, second)).statusCode).toBe(200);
  });

  it('a failed sign-in ends nothing', async () => {
    const session = await signedIn(stack, 'user');
    const wrong = await stack.server.inject({
      method: 'POST',
      url: '/api/auth/user',
      payload: { email: session.email, pwd: 'Wr0ng!Pass' },
      headers: { cookie: `jwt=${session.cookie}` },
      remoteAddress: '10.9.9.8',
    });
    expect(wrong.statusCode).toBe(401);
    expect((await refresh(stack.server, session.cookie)).statusCode).toBe(200);
  });
});
