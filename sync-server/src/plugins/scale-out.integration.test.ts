import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS, FREE_FAILURES } from '../services/auth/index.ts';
import {
  bearer,
  givenAccount,
  jwtCookieOf,
  nextIp,
  PASSWORD,
  refresh,
  signedIn,
  signIn,
} from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { SIGN_IN_MESSAGES } from './sign-in.ts';

/** Two Hapi instances on one CouchDB: nothing about a session or a limit may live in one instance's memory. */
describe('sessions and limits across two server instances', () => {
  let stack: TestStack;
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    stack = await startTestStack();
    a = stack.server;
    b = await stack.startInstance();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('accepts an access token from A on B', async () => {
    const { accessToken } = await signedIn(stack, 'coach', a);
    const res = await b.inject({ url: '/api/me/coaches', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
  });

  it('refreshes on B a session started on A, and revokes it everywhere when A sees the old cookie again', async () => {
    const session = await signedIn(stack, 'user', a);
    const onB = await refresh(b, session.cookie);
    expect(onB.statusCode).toBe(200);
    const next = jwtCookieOf(onB)!;
    stack.clock.advance((REUSE_GRACE_SECONDS + 1) * 1000);

    const reused = await refresh(a, session.cookie);
    expect(reused.statusCode).toBe(401);
    expect(jwtCookieOf(reused)).toBe('');
    expect((await refresh(b, next)).statusCode).toBe(401);
    expect((await refresh(a, next)).statusCode).toBe(401);
  });

  it('logs out on B a session started on A', async () => {
    const session = await signedIn(stack, 'gym', a);
    const res = await b.inject({ url: '/api/logout/gym', headers: { cookie: `jwt=${session.cookie}` } });
    expect(res.statusCode).toBe(204);
    expect((await refresh(a, session.cookie)).statusCode).toBe(401);
  });

  it('counts wrong passwords on A and B together', async () => {
    const { email } = await givenAccount(stack, 'user');
    const ip = nextIp();
    for (let i = 0; i <= FREE_FAILURES; i++) {
      const res = await signIn(i % 2 === 0 ? a : b, 'user', email, 'Wrong!Pass1', ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await signIn(b, 'user', email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(JSON.parse(res.payload).message).toBe(SIGN_IN_MESSAGES.rateLimited);
    expect((await signIn(a, 'user', email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('counts concurrent wrong passwords on both instances without losing any', async () => {
    const { email } = await givenAccount(stack, 'user');
    const ip = nextIp();
    // One failure past the free ones starts the delay only if every one of them was counted.
    const attempts = Array.from({ length: FREE_FAILURES + 1 }, (_, i) =>
      signIn(i % 2 === 0 ? a : b, 'user', email, 'Wrong!Pass1', ip),
    );
    expect((await Promise.all(attempts)).map((r) => r.statusCode)).toEqual(attempts.map(() => 401));
    expect((await signIn(a, 'user', email, PASSWORD, ip)).statusCode).toBe(429);
  });
});
