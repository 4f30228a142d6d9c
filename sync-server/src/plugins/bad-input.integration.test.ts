import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB } from '../couch/databases.ts';
import { MAX_JSON_BYTES } from '../server.ts';
import { givenAccount, jwtCookieOf } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/** Hostile and broken input on the public session routes: always a 4xx with a message, never a 500, nothing written. */
describe('bad input on sign-in, refresh, logout and /api/me', () => {
  let stack: TestStack;
  let email: string;
  let docsBefore: number;

  beforeAll(async () => {
    stack = await startTestStack();
    ({ email } = await givenAccount(stack, 'user'));
  });
  afterAll(async () => {
    await stack.stop();
  });

  const docCount = async () => {
    const counts = await Promise.all(
      [DB.accounts, DB.auth, DB.profiles].map(async (db) => (await stack.couch.db.get(db)).doc_count),
    );
    return counts.reduce((a, b) => a + b, 0);
  };
  beforeEach(async () => {
    docsBefore = await docCount();
  });

  const post = (payload: string | Buffer, contentType = 'application/json') =>
    stack.server.inject({ method: 'POST', url: '/api/auth/user', payload, headers: { 'content-type': contentType } });

  async function expectRefused(res: { statusCode: number; payload: string }, status: number) {
    expect(res.statusCode).toBe(status);
    const message = JSON.parse(res.payload).message;
    expect(typeof message).toBe('string');
    expect(message.length).toBeGreaterThan(0);
    expect(await docCount()).toBe(docsBefore);
  }

  it.each([
    ['malformed JSON', '{"email": "a@b.co", "pwd": '],
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['an empty body', ''],
    ['an empty object', '{}'],
    ['a missing password', () => JSON.stringify({ email })],
    ['a numeric email', '{"email": 12345, "pwd": "Str0ng!Pass"}'],
    ['a boolean password', () => JSON.stringify({ email, pwd: true })],
    ['an object password', () => JSON.stringify({ email, pwd: { $gt: '' } })],
    ['an array email', '{"email": ["a@b.co"], "pwd": "Str0ng!Pass"}'],
    ['an empty password', () => JSON.stringify({ email, pwd: '' })],
    ['an email that is not an email', '{"email": "not-an-email", "pwd": "Str0ng!Pass"}'],
    ['an unknown field', () => JSON.stringify({ email, pwd: 'Str0ng!Pass', admin: true })],
    ['a __proto__ key', () => `{"email": "${email}", "pwd": "Str0ng!Pass", "__proto__": {"admin": true}}`],
    ['a password longer than any password may be', () => JSON.stringify({ email, pwd: 'A!1a'.repeat(75) })],
  ])('refuses %s with 400', async (_label, body) => {
    await expectRefused(await post(typeof body === 'function' ? body() : body), 400);
  });

  it('refuses a body beyond the few kilobytes credentials need with 413', async () => {
    await expectRefused(await post(JSON.stringify({ email, pwd: 'x'.repeat(8 * 1024) })), 413);
  });

  it('refuses a body larger than the server-wide limit with 413', async () => {
    const huge = JSON.stringify({ email, pwd: 'x'.repeat(MAX_JSON_BYTES + 1) });
    await expectRefused(await post(huge), 413);
  });

  it.each([
    ['form-encoded', `email=${encodeURIComponent('a@b.co')}&pwd=Str0ng%21Pass`, 'application/x-www-form-urlencoded'],
    ['plain text', '{"email": "a@b.co", "pwd": "Str0ng!Pass"}', 'text/plain'],
    [
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
      'multipart/form-data; boundary=x',
    ],
  ])('refuses a %s body with 415', async (_label, body, type) => {
    await expectRefused(await post(body, type), 415);
  });

  it.each([
    ['an unparseable cookie header', 'jwt="unterminated'],
    ['a cookie with a huge value', `jwt=${'a'.repeat(3000)}`],
    ['a cookie with injected characters', 'jwt=abc%00def'],
    ['a cookie that is only a dot', 'jwt=.'],
    ['two jwt cookies', 'jwt=a; jwt=b'],
  ])('answers refresh with 401 for %s, and logout with 204', async (_label, cookie) => {
    const refreshed = await stack.server.inject({ url: '/api/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(401);
    expect(JSON.parse(refreshed.payload).message).toBe('Unauthorized');
    const loggedOut = await stack.server.inject({ url: '/api/logout/user', headers: { cookie } });
    expect(loggedOut.statusCode).toBe(204);
    expect(jwtCookieOf(loggedOut)).toBe('');
    expect(await docCount()).toBe(docsBefore);
  });

  it.each([
    ['a Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['Bearer with nothing after it', 'Bearer'],
    ['Bearer with several words', 'Bearer a b c'],
    ['a token of three empty parts', 'Bearer ..'],
    [
      'an unsigned token',
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"UserInfo":{"roles":[6969]}}').toString('base64url')}.`,
    ],
  ])('answers /api/me with 401 for %s', async (_label, authorization) => {
    const res = await stack.server.inject({ url: '/api/me/users', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.payload).message).toEqual(expect.any(String));
  });
});
