import Bell from '@hapi/bell';
import type { AuthCredentials, Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileClaimId } from '@mastr/rules/doc-ids.ts';
import { normaliseMobile } from '@mastr/rules/validation.ts';
import { DB } from '../couch/databases.ts';
import { VERIFICATION_WINDOW_MS } from '../services/auth/index.ts';
import { findAccountByEmail, getAccount } from '../couch/stores/accounts-store.ts';
import { givenAccount, jwtCookieOf, refresh, signIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { GOOGLE_NOT_CONFIGURED } from '@mastr/rules/texts.ts';

const GOOGLE = { clientId: 'x', clientSecret: 'y' };

describe('GET /api/auth/user/google without Google configured', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers 501 with a message', async () => {
    const res = await stack.server.inject('/api/auth/user/google');
    expect(res.statusCode).toBe(501);
    expect(JSON.parse(res.payload).message).toBe(GOOGLE_NOT_CONFIGURED);
  });
});

describe('GET /api/auth/user/google with Google configured', () => {
  let stack: TestStack;
  /** A second instance whose bell strategy is simulated: the callback arrives with this profile. */
  let simulated: Server;
  let googleProfile: Record<string, unknown> = {};

  beforeAll(async () => {
    stack = await startTestStack({ google: GOOGLE });
    // bell merges what this returns into the credentials, as its Google provider would after the callback.
    Bell.simulate(() => ({ profile: googleProfile }) as AuthCredentials);
    simulated = await stack.startInstance();
  });
  afterAll(async () => {
    Bell.simulate(false);
    await stack.stop();
  });

  const asGoogle = (email: string, options: { sub?: string; verified?: boolean } = {}) => {
    googleProfile = {
      id: options.sub ?? `sub-${email}`,
      email,
      displayName: 'Robin Hood',
      name: { given_name: 'Robin', family_name: 'Hood' },
      raw: { email_verified: options.verified ?? true },
    };
  };
  const callback = () => simulated.inject('/api/auth/user/google?code=abc&state=xyz');

  it('redirects to Google (302) with our client id, callback address and scopes, without any network', async () => {
    const res = await stack.server.inject('/api/auth/user/google');
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(location.searchParams.get('client_id')).toBe('x');
    expect(location.searchParams.get('redirect_uri')).toMatch(/^http:\/\/localhost:\d+\/api\/auth\/user\/google$/);
    expect(location.searchParams.get('scope')).toContain('email');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toContain('bell-google=');
  });

  it('sends a member who cancels at Google back to the Google sign-in screen', async () => {
    const res = await stack.server.inject('/api/auth/user/google?error=access_denied');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/google');
    expect(jwtCookieOf(res)).toBeUndefined();
  });

  it('creates a verified, password-less member on first sign-in and lands on /googlesuccess with a session', async () => {
    asGoogle('New.Member@Example.com');
    const res = await callback();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/googlesuccess');
    const account = await findAccountByEmail(stack.couch, 'user', 'new.member@example.com');
    expect(account).toMatchObject({ verified: true, passwordHash: null, googleSub: 'sub-New.Member@Example.com' });

    const refreshed = await refresh(stack.server, jwtCookieOf(res)!);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.result).toEqual({ accessToken: expect.any(String) });
  });

  it('signs the same Google member in again without creating a second account', async () => {
    asGoogle('again@example.com');
    await callback();
    const first = await findAccountByEmail(stack.couch, 'user', 'again@example.com');
    const res = await callback();
    expect(res.headers.location).toBe('/googlesuccess');
    expect((await findAccountByEmail(stack.couch, 'user', 'again@example.com'))?.profileId).toBe(first?.profileId);
  });

  it('links Google to an existing verified member, whose password keeps working', async () => {
    const { account, email } = await givenAccount(stack, 'user');
    asGoogle(email, { sub: 'linked-sub' });
    expect((await callback()).headers.location).toBe('/googlesuccess');
    const linked = await findAccountByEmail(stack.couch, 'user', email);
    expect(linked).toMatchObject({ profileId: account.profileId, googleSub: 'linked-sub', verified: true });
    expect((await signIn(stack.server, 'user', email)).statusCode).toBe(200);
  });

  it('verifies an unverified member through Google and retires the password nobody proved', async () => {
    const { email } = await givenAccount(stack, 'user', { verified: false });
    asGoogle(email);
    expect((await callback()).headers.location).toBe('/googlesuccess');
    expect(await findAccountByEmail(stack.couch, 'user', email)).toMatchObject({ verified: true, passwordHash: null });
    expect((await signIn(stack.server, 'user', email)).statusCode).toBe(401);
  });

  it('starts afresh instead of linking a registration nobody verified in time, whose mobile is freed', async () => {
    const { account, email, mobile } = await givenAccount(stack, 'user', { verified: false });
    stack.clock.advance(VERIFICATION_WINDOW_MS);
    asGoogle(email);
    expect((await callback()).headers.location).toBe('/googlesuccess');
    const member = await findAccountByEmail(stack.couch, 'user', email);
    expect(member).toMatchObject({ verified: true, mobile: '' });
    expect(member!.profileId).not.toBe(account.profileId);
    expect(await getAccount(stack.couch, account.profileId)).toBeNull();
    const mobileClaim = mobileClaimId('user', normaliseMobile(mobile));
    expect(
      await stack.couch
        .use(DB.accounts)
        .get(mobileClaim)
        .catch(() => null),
    ).toBeNull();
  });

  it('refuses an email Google has not verified', async () => {
    asGoogle('unverified@example.com', { verified: false });
    const res = await callback();
    expect(res.headers.location).toBe('/auth/google');
    expect(jwtCookieOf(res)).toBeUndefined();
    expect(await findAccountByEmail(stack.couch, 'user', 'unverified@example.com')).toBeNull();
  });

  it('refuses a second Google account claiming an email already linked to another', async () => {
    asGoogle('taken@example.com', { sub: 'first' });
    await callback();
    asGoogle('taken@example.com', { sub: 'second' });
    const res = await callback();
    expect(res.headers.location).toBe('/auth/google');
    expect(jwtCookieOf(res)).toBeUndefined();
  });

  it('creates two Google members without a mobile side by side', async () => {
    asGoogle('first-no-mobile@example.com');
    expect((await callback()).headers.location).toBe('/googlesuccess');
    asGoogle('second-no-mobile@example.com');
    expect((await callback()).headers.location).toBe('/googlesuccess');
  });
});
