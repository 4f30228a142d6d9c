import Jwt from '@hapi/jwt';
import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { ACCESS_CHECK_WINDOW_MS, issueAccessToken, REUSE_GRACE_SECONDS } from '../services/auth/index.ts';
import { sessionIdOfToken } from '../test-support/access-fixtures.ts';
import { bearer, jwtCookieOf, refresh, signedIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * Hostile and stale access tokens (design/auth.md "Tokens and sessions"): each is refused with 401
 * on the API and on the sync gateway, reads and writes alike.
 */

const PLURAL = { user: 'users', coach: 'coaches', gym: 'gyms' } as const;
const TENANT = { user: 'member', coach: 'coach', gym: 'gym' } as const;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens the server must refuse', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** The answers to an API read, a gateway read and a gateway write with this token. */
  async function answersTo(token: string, kind: AccountKind, profileId: string, server: Server = stack.server) {
    const headers = bearer(token);
    const sync = `/sync/${TENANT[kind]}/${profileId}`;
    const [api, read, write] = await Promise.all([
      server.inject({ method: 'GET', url: `/api/me/${PLURAL[kind]}`, headers }),
      server.inject({ method: 'GET', url: `${sync}/_changes?since=0`, headers }),
      server.inject({ method: 'POST', url: `${sync}/_bulk_docs`, headers, payload: { docs: [] } }),
    ]);
    return { api: api.statusCode, read: read.statusCode, write: write.statusCode };
  }
  const REFUSED = { api: 401, read: 401, write: 401 };

  /** A gym signed in for real whose own token is accepted everywhere (so only the change under test refuses). */
  async function liveGym() {
    const gym = await signedIn(stack, 'gym');
    const gymId = gym.account.profileId;
    expect(await answersTo(gym.accessToken, 'gym', gymId)).toEqual({ api: 200, read: 200, write: 201 });
    const { payload } = Jwt.token.decode(gym.accessToken).decoded;
    return { ...gym, gymId, payload: payload as Record<string, unknown> };
  }

  it("refuses a token with alg 'none' and no signature", async () => {
    const { gymId, payload } = await liveGym();
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
    expect(await answersTo(unsigned, 'gym', gymId)).toEqual(REFUSED);
  });

  it('refuses a token signed with another key, or with the right key under another algorithm', async () => {
    const { gymId, payload } = await liveGym();
    const claims = { ...payload };
    delete claims.exp;
    const wrongKey = Jwt.token.generate(claims, { key: 'not-the-server-secret-'.repeat(3), algorithm: 'HS256' });
    expect(await answersTo(wrongKey, 'gym', gymId)).toEqual(REFUSED);
    const otherAlgorithm = Jwt.token.generate(claims, { key: stack.config.jwtAccessSecret, algorithm: 'HS512' });
    expect(await answersTo(otherAlgorithm, 'gym', gymId)).toEqual(REFUSED);
  });

  it('refuses an expired token of a live session', async () => {
    const { gymId, account, accessToken } = await liveGym();
    const expired = issueAccessToken(
      stack.config.jwtAccessSecret,
      { email: account.email, kind: 'gym', profileId: gymId, sid: sessionIdOfToken(accessToken) },
      stack.config.accessTokenTtlSeconds,
      new Date(Date.now() - 2 * stack.config.accessTokenTtlSeconds * 1000),
    );
    expect(await answersTo(expired, 'gym', gymId)).toEqual(REFUSED);
  });

  it('ends the session when a rotated refresh cookie comes back after the grace window, and its tokens at once', async () => {
    const member = await signedIn(stack, 'user');
    const memberId = member.account.profileId;
    const first = await refresh(stack.server, member.cookie);
    expect(first.statusCode).toBe(200);
    const successor = jwtCookieOf(first)!;
    // Within the grace window the same cookie is answered with the same successor (two tabs, a reload).
    const again = await refresh(stack.server, member.cookie);
    expect(again.statusCode).toBe(200);
    expect(jwtCookieOf(again)).toBe(successor);

    stack.clock.advance(REUSE_GRACE_SECONDS * 1000 + 1);
    const token = (first.result as { accessToken: string }).accessToken;
    // This instance has just checked the token: the refusal below cannot come from an expired memory.
    expect(await answersTo(token, 'user', memberId)).toEqual({ api: 200, read: 200, write: 403 });

    const reused = await refresh(stack.server, member.cookie);
    expect(reused.statusCode).toBe(401);
    expect(JSON.parse(reused.payload).message).toMatch(/used from another device/);
    expect((await refresh(stack.server, successor)).statusCode).toBe(401);
    expect(await answersTo(token, 'user', memberId)).toEqual(REFUSED);
    expect(await answersTo(member.accessToken, 'user', memberId)).toEqual(REFUSED);
  });

  it('refuses a token after logout: at once where the logout ran, within the check window elsewhere', async () => {
    const other = await stack.startInstance();
    const { gymId, cookie, accessToken } = await liveGym();
    expect(await answersTo(accessToken, 'gym', gymId, other)).toEqual({ api: 200, read: 200, write: 201 });

    const logout = await stack.server.inject({ url: '/api/logout/gym', headers: { cookie: `jwt=${cookie}` } });
    expect(logout.statusCode).toBe(204);
    expect(await answersTo(accessToken, 'gym', gymId)).toEqual(REFUSED);
    // The other instance checked the token moments ago and trusts that answer for ACCESS_CHECK_WINDOW_MS.
    expect((await answersTo(accessToken, 'gym', gymId, other)).api).toBe(200);
    stack.clock.advance(ACCESS_CHECK_WINDOW_MS + 1);
    expect(await answersTo(accessToken, 'gym', gymId, other)).toEqual(REFUSED);
  });

  it("refuses the token of a deleted account, and never recreates the account's data", async () => {
    const { gymId, accessToken } = await liveGym();
    const deleted = await stack.server.inject({ method: 'DELETE', url: '/api/me/gyms', headers: bearer(accessToken) });
    expect(deleted.statusCode).toBe(204);
    expect(await answersTo(accessToken, 'gym', gymId)).toEqual(REFUSED);
    expect(await stack.couch.db.list()).not.toContain(`mastr_gym_${gymId}`);
  });
});
