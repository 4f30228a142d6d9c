import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import { DB } from '../couch/databases.ts';
import { REUSE_GRACE_SECONDS, revokeAllSessionsForAccount, type RefreshSessionDoc } from '../services/auth/index.ts';
import { bearer, jwtCookieOf, jwtSetCookieLine, refresh, signedIn, signIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { SESSION_MESSAGES } from './session.ts';

describe('GET /api/refresh and /api/logout/{kind}', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const sessionDoc = async (cookie: string) =>
    (await stack.couch.use<RefreshSessionDoc>(DB.auth).get(`session:${cookie.split('.')[0]}`)) as RefreshSessionDoc;
  const passGraceWindow = () => stack.clock.advance((REUSE_GRACE_SECONDS + 1) * 1000);
  const messageOf = (res: { payload: string }) => JSON.parse(res.payload).message;

  it('rotates: a new access token that works and a new cookie that differs', async () => {
    const session = await signedIn(stack, 'gym');
    const res = await refresh(stack.server, session.cookie);
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.result as { accessToken: string };
    const next = jwtCookieOf(res)!;
    expect(next).toMatch(/^[a-f0-9]{24}\./);
    expect(next).not.toBe(session.cookie);
    expect(next.split('.')[0]).toBe(session.cookie.split('.')[0]); // same session, new secret
    expect(jwtSetCookieLine(res)).toContain('HttpOnly');
    const me = await stack.server.inject({ url: '/api/me/gyms', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(stack.server, next)).statusCode).toBe(200); // the successor rotates in turn
  });

  it('detects reuse of a rotated cookie: 401 with a message, cookie cleared, whole session revoked', async () => {
    const session = await signedIn(stack, 'user');
    const next = jwtCookieOf(await refresh(stack.server, session.cookie))!;
    passGraceWindow();

    const reuse = await refresh(stack.server, session.cookie);
    expect(reuse.statusCode).toBe(401);
    expect(messageOf(reuse)).toBe(SESSION_MESSAGES.reused);
    expect(jwtCookieOf(reuse)).toBe('');
    expect((await sessionDoc(session.cookie)).revoked).toBe(true);

    const legit = await refresh(stack.server, next); // the thief and the owner are both out
    expect(legit.statusCode).toBe(401);
    expect(messageOf(legit)).toBe(SESSION_MESSAGES.unauthorized);
  });

  it('answers the just-rotated cookie inside the grace window with the same successor (a reload lost the answer)', async () => {
    const session = await signedIn(stack, 'user');
    // The first answer never reached the browser (the page reloaded while the refresh was in flight).
    const lost = jwtCookieOf(await refresh(stack.server, session.cookie))!;
    const again = await refresh(stack.server, session.cookie);
    expect(again.statusCode).toBe(200);
    expect(jwtCookieOf(again)).toBe(lost);
    const { accessToken } = again.result as { accessToken: string };
    expect((await stack.server.inject({ url: '/api/me/users', headers: bearer(accessToken) })).statusCode).toBe(200);
    expect((await sessionDoc(session.cookie)).revoked).toBe(false);
    // The session goes on from there; the old cookie is reuse once the window has passed.
    const next = jwtCookieOf(await refresh(stack.server, lost))!;
    passGraceWindow();
    expect((await refresh(stack.server, next)).statusCode).toBe(200);
  });

  it('leaves the cookie alone (401) when the session holds another successor (one rotated before successors were derived)', async () => {
    const session = await signedIn(stack, 'user');
    const next = jwtCookieOf(await refresh(stack.server, session.cookie))!;
    const doc = await sessionDoc(session.cookie);
    await stack.couch.use<RefreshSessionDoc>(DB.auth).insert({ ...doc, tokenHash: 'ab'.repeat(32) });
    const late = await refresh(stack.server, session.cookie);
    expect(late.statusCode).toBe(401);
    expect(jwtCookieOf(late)).toBeUndefined();
    expect((await sessionDoc(session.cookie)).revoked).toBe(false);
    expect(next).not.toBe(session.cookie);
  });

  it('gives two concurrent refreshes of the same cookie the same successor, without revoking the session', async () => {
    const session = await signedIn(stack, 'coach');
    const results = await Promise.all([refresh(stack.server, session.cookie), refresh(stack.server, session.cookie)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [first, second] = results.map((r) => jwtCookieOf(r)!);
    expect(first).toBe(second);
    expect((await refresh(stack.server, first!)).statusCode).toBe(200);
  });

  it.each([
    ['no cookie', undefined],
    ['a malformed cookie', 'not-a-session'],
    ['an unknown session', `${'a'.repeat(24)}.${'b'.repeat(43)}`],
  ])('answers 401 Unauthorized for %s', async (_label, cookie) => {
    const res = await stack.server.inject({ url: '/api/refresh', headers: cookie ? { cookie: `jwt=${cookie}` } : {} });
    expect(res.statusCode).toBe(401);
    expect(messageOf(res)).toBe('Unauthorized');
  });

  it('answers 401 and clears the cookie for a known session id with a wrong secret, and does not revoke it', async () => {
    const session = await signedIn(stack, 'user');
    const forged = `${session.cookie.split('.')[0]}.${'x'.repeat(43)}`;
    const res = await refresh(stack.server, forged);
    expect(res.statusCode).toBe(401);
    expect(jwtCookieOf(res)).toBe('');
    expect((await refresh(stack.server, session.cookie)).statusCode).toBe(200);
  });

  it('answers 401 once the session has expired', async () => {
    const session = await signedIn(stack, 'user');
    const ttl = (await sessionDoc(session.cookie)).expiresAt;
    stack.clock.advance(new Date(ttl).getTime() - stack.clock.now.getTime() + 1000);
    const res = await refresh(stack.server, session.cookie);
    expect(res.statusCode).toBe(401);
    expect(jwtCookieOf(res)).toBe('');
  });

  it('refuses to refresh once the account is deleted', async () => {
    const session = await signedIn(stack, 'user');
    const accounts = stack.couch.use(DB.accounts);
    const doc = await accounts.get(accountDocId(session.account.profileId));
    await accounts.destroy(doc._id, doc._rev);
    expect((await refresh(stack.server, session.cookie)).statusCode).toBe(401);
    expect((await sessionDoc(session.cookie)).revoked).toBe(true);
  });

  it.each(['user', 'coach', 'gym'] as const)(
    'logs a %s out: 204, cookie cleared, session revoked, refresh then 401',
    async (kind) => {
      const session = await signedIn(stack, kind);
      const res = await stack.server.inject({
        url: `/api/logout/${kind}`,
        headers: { cookie: `jwt=${session.cookie}` },
      });
      expect(res.statusCode).toBe(204);
      expect(jwtCookieOf(res)).toBe('');
      expect(jwtSetCookieLine(res)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect((await sessionDoc(session.cookie)).revoked).toBe(true);
      expect((await refresh(stack.server, session.cookie)).statusCode).toBe(401);
    },
  );

  it('answers logout with 204 even without a cookie', async () => {
    const res = await stack.server.inject('/api/logout/user');
    expect(res.statusCode).toBe(204);
    expect(jwtCookieOf(res)).toBe('');
  });

  it('does not let a bare session id with a wrong secret log somebody else out', async () => {
    const session = await signedIn(stack, 'user');
    const forged = `${session.cookie.split('.')[0]}.${'y'.repeat(43)}`;
    await stack.server.inject({ url: '/api/logout/user', headers: { cookie: `jwt=${forged}` } });
    expect((await sessionDoc(session.cookie)).revoked).toBe(false);
  });

  it('revokes every session of one account and no other (revokeAllSessionsForAccount)', async () => {
    const first = await signedIn(stack, 'user');
    const again = jwtCookieOf(await signIn(stack.server, 'user', first.email))!;
    const other = await signedIn(stack, 'user');
    expect(await revokeAllSessionsForAccount(stack.couch, first.account.profileId)).toBe(2);
    expect((await refresh(stack.server, first.cookie)).statusCode).toBe(401);
    expect((await refresh(stack.server, again)).statusCode).toBe(401);
    expect((await refresh(stack.server, other.cookie)).statusCode).toBe(200);
  });
});
