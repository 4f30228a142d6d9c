import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@mastr/rules/roles.ts';
import { DB } from '../couch/databases.ts';
import {
  RATE_LIMITS,
  type RefreshSessionDoc,
  delayAfter,
  FREE_FAILURES,
  MAX_DELAY_SECONDS,
} from '../services/auth/index.ts';
import {
  givenAccount,
  jwtCookieOf,
  jwtSetCookieLine,
  nextIp,
  PASSWORD,
  signIn,
} from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { SIGN_IN_MESSAGES } from './sign-in.ts';

describe('POST /api/auth/user|coach|gym', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const payloadOf = (token: string) =>
    Jwt.token.decode(token).decoded.payload as { UserInfo: { email: string; roles: number[]; profileId: string } };

  it('signs a member in: 200 with the token and profile summary, a UserInfo token, and the httpOnly refresh cookie', async () => {
    const { account, email } = await givenAccount(stack, 'user');
    const res = await signIn(stack.server, 'user', email);
    expect(res.statusCode).toBe(200);
    const body = res.result as Record<string, string>;
    expect(Object.keys(body)).toEqual(['accessToken', 'profile_id', 'profile_name']);
    expect(payloadOf(body.accessToken).UserInfo).toEqual({ email, roles: [ROLES.user], profileId: account.profileId });

    const line = jwtSetCookieLine(res)!;
    expect(line).toMatch(/^jwt=[a-f0-9]{24}\.[A-Za-z0-9_-]{43};/);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/api');
    expect(line).not.toContain('Secure'); // only in production
  });

  it('stores only a hash of the cookie secret in the refresh session', async () => {
    const { account, email } = await givenAccount(stack, 'user');
    const cookie = jwtCookieOf(await signIn(stack.server, 'user', email))!;
    const [sid, secret] = cookie.split('.');
    const doc = (await stack.couch.use<RefreshSessionDoc>(DB.auth).get(`session:${sid}`)) as RefreshSessionDoc;
    expect(doc).toMatchObject({
      type: 'refresh-session',
      accountId: account.profileId,
      kind: 'user',
      revoked: false,
      previousHashes: [],
    });
    expect(doc.tokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(doc)).not.toContain(secret);
  });

  it("answers a member with accessToken, profile_id and the member's name (the avatar's initial at once)", async () => {
    const { account, email } = await givenAccount(stack, 'user');
    const res = await signIn(stack.server, 'user', email);
    expect(res.statusCode).toBe(200);
    expect(res.result).toEqual({
      accessToken: expect.any(String),
      profile_id: account.profileId,
      profile_name: 'Alex',
    });
  });

  it('answers a coach with accessToken, profile_id and profile_name "First Last"', async () => {
    const { account, email } = await givenAccount(stack, 'coach');
    const res = await signIn(stack.server, 'coach', email);
    expect(res.statusCode).toBe(200);
    expect(res.result).toEqual({
      accessToken: expect.any(String),
      profile_id: account.profileId,
      profile_name: 'Casey Jones',
    });
    expect(payloadOf((res.result as { accessToken: string }).accessToken).UserInfo.roles).toEqual([ROLES.coach]);
  });

  it('answers a gym with accessToken, profile_id and the gym name', async () => {
    const { account, email } = await givenAccount(stack, 'gym');
    const res = await signIn(stack.server, 'gym', email);
    expect(res.statusCode).toBe(200);
    expect(res.result).toEqual({
      accessToken: expect.any(String),
      profile_id: account.profileId,
      profile_name: 'Iron Temple',
    });
  });

  it('trims and lower-cases the email', async () => {
    const { email } = await givenAccount(stack, 'user');
    const res = await signIn(stack.server, 'user', `  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same 401 message and no cookie', async () => {
    const { email } = await givenAccount(stack, 'user');
    const wrong = await signIn(stack.server, 'user', email, 'Wrong!Pass1');
    const unknown = await signIn(stack.server, 'user', 'nobody@example.com', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(JSON.parse(res.payload).message).toBe(SIGN_IN_MESSAGES.badCredentials);
      expect(jwtCookieOf(res)).toBeUndefined();
    }
  });

  it('keeps kinds apart: a member email does not sign in as a coach', async () => {
    const { email } = await givenAccount(stack, 'user');
    const res = await signIn(stack.server, 'coach', email);
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.payload).message).toBe(SIGN_IN_MESSAGES.badCredentials);
  });

  it('refuses an unverified account with the right password, saying the email is not verified', async () => {
    const { email } = await givenAccount(stack, 'gym', { verified: false });
    const res = await signIn(stack.server, 'gym', email);
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.payload).message).toBe(SIGN_IN_MESSAGES.unverified);
    expect(jwtCookieOf(res)).toBeUndefined();
  });

  it('does not reveal "unverified" to someone with the wrong password', async () => {
    const { email } = await givenAccount(stack, 'user', { verified: false });
    const res = await signIn(stack.server, 'user', email, 'Wrong!Pass1');
    expect(JSON.parse(res.payload).message).toBe(SIGN_IN_MESSAGES.badCredentials);
  });

  it('refuses a password sign-in for a Google-only member (no password hash)', async () => {
    const { email } = await givenAccount(stack, 'user', { pwd: null });
    const res = await signIn(stack.server, 'user', email, PASSWORD);
    expect(res.statusCode).toBe(401);
  });

  it('never locks the owner out: wrong passwords for the account from many addresses leave the owner signing in', async () => {
    const { email } = await givenAccount(stack, 'user');
    for (let i = 0; i < 12; i++) {
      expect((await signIn(stack.server, 'user', email, 'Wrong!Pass1', nextIp())).statusCode).toBe(401);
    }
    const res = await signIn(stack.server, 'user', email, PASSWORD, nextIp());
    expect(res.statusCode).toBe(200);
  });

  it('slows one address guessing at one account: after the free failures each wait doubles (429 + Retry-After), and the right password clears it', async () => {
    const { email } = await givenAccount(stack, 'user');
    const ip = nextIp();
    const attempt = (pwd: string) => signIn(stack.server, 'user', email, pwd, ip);
    for (let i = 0; i <= FREE_FAILURES; i++) expect((await attempt('Wrong!Pass1')).statusCode).toBe(401);
    let res = await attempt(PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(JSON.parse(res.payload).message).toBe(SIGN_IN_MESSAGES.rateLimited);
    expect(res.headers['retry-after']).toBe('1');
    expect(jwtCookieOf(res)).toBeUndefined();
    stack.clock.advance(1_000);
    expect((await attempt('Wrong!Pass1')).statusCode).toBe(401);
    res = await attempt(PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
    stack.clock.advance(2_000);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    // Cleared: the free failures are free again.
    for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt('Wrong!Pass1')).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });

  it('caps the wait at 15 minutes', () => {
    expect([1, 3, 4, 5, 6, 13, 14, 40].map(delayAfter)).toEqual([
      0,
      0,
      1,
      2,
      4,
      512,
      MAX_DELAY_SECONDS,
      MAX_DELAY_SECONDS,
    ]);
  });

  // Each refused sign-in still verifies a password hash (argon2id): generous bounds for a loaded machine.
  it('answers 429 once one address passes its limit, whatever the emails', { timeout: 90_000 }, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.signInPerIp.limit; i++) {
      expect((await signIn(stack.server, 'user', `someone${i}@example.com`, 'Wrong!Pass1', ip)).statusCode).toBe(401);
    }
    const { email } = await givenAccount(stack, 'user');
    const res = await signIn(stack.server, 'user', email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect((await signIn(stack.server, 'user', email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  // Each refused sign-in still verifies a password hash (argon2id): generous bounds for a loaded machine.
  it('counts addresses in fixed windows: the limit lifts once the window has passed', { timeout: 90_000 }, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.signInPerIp.limit; i++)
      await signIn(stack.server, 'user', `window${i}@example.com`, 'Wrong!Pass1', ip);
    const { email } = await givenAccount(stack, 'user');
    const refused = await signIn(stack.server, 'user', email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    stack.clock.advance(RATE_LIMITS.signInPerIp.windowSeconds * 1000);
    expect((await signIn(stack.server, 'user', email, PASSWORD, ip)).statusCode).toBe(200);
  });
});
