import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { KIND_PLURAL, type AccountKind } from '@mastr/rules/roles.ts';
import { DB } from '../couch/databases.ts';
import { MESSAGES } from '../schemas/account-schemas.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import { verifyPassword, RATE_LIMITS, createRefreshSession, type RefreshSessionDoc } from '../services/auth/index.ts';
import {
  apiPathOfLink,
  GOOD_PASSWORD,
  register,
  registrationBody,
  waitForMail,
} from '../test-support/account-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const HOUR_MS = 60 * 60 * 1000;
const NEW_PASSWORD = 'N3w$ecret';
const SAME_ANSWER = { message: 'If an account exists for that email, a password reset link has been sent.' };
const RESET_SUBJECT = 'Reset your Mastr password';

describe('password reset: /api/{users|coaches|gyms}/password-reset', () => {
  let stack: TestStack;
  let ipCounter = 0;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** Each test asks from its own address so the per-IP limit of one test does not touch another. */
  const freshIp = () => `10.0.0.${++ipCounter}`;

  function requestReset(kind: AccountKind, email: string, ip = freshIp()) {
    return stack.server.inject({
      method: 'POST',
      url: `/api/${KIND_PLURAL[kind]}/password-reset`,
      payload: { email },
      remoteAddress: ip,
    });
  }

  const checkLink = (path: string) => stack.server.inject(path);
  const useLink = (path: string, pwd: string) => stack.server.inject({ method: 'POST', url: path, payload: { pwd } });

  async function registeredAccount(kind: AccountKind) {
    const body = registrationBody(kind);
    const res = await register(stack, kind, body);
    expect(res.statusCode).toBe(201);
    const verifyPath = apiPathOfLink((await waitForMail(stack, body.email as string, 'Verify your Mastr email')).text);
    return { email: body.email as string, id: verifyPath.split('/')[3] };
  }

  /** Asks for a reset and returns the API path of the link mailed (the `nth` reset mail to that address). */
  async function resetLinkFor(kind: AccountKind, email: string, nth = 1) {
    const res = await requestReset(kind, email);
    expect(res.statusCode).toBe(200);
    return apiPathOfLink((await waitForMail(stack, email, RESET_SUBJECT, nth)).text);
  }

  it('gives the same answer for an unknown email and mails nothing', async () => {
    const before = (await stack.outbox()).length;
    const res = await requestReset('user', 'nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.result).toEqual(SAME_ANSWER);
    expect(await stack.outbox()).toHaveLength(before);
  });

  it('walks the whole flow: mail, link check, weak password refused without using the link, new password set, link dead', async () => {
    const { email, id } = await registeredAccount('coach');
    const res = await requestReset('coach', email.toUpperCase());
    expect(res.result).toEqual(SAME_ANSWER);
    const mail = await waitForMail(stack, email, RESET_SUBJECT);
    const link = apiPathOfLink(mail.text);
    expect(link).toMatch(new RegExp(`^/api/coaches/password-reset/${id}/[A-Za-z0-9_-]{43}$`));

    expect((await checkLink(link)).result).toEqual({ message: 'Valid Link' });

    const weak = await useLink(link, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.result).toMatchObject({ message: MESSAGES.password });
    expect((await checkLink(link)).statusCode).toBe(200);

    const done = await useLink(link, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.result).toEqual({ message: 'Password reset successful. You can now sign in.' });
    const account = (await getAccount(stack.couch, id)) as AccountDoc;
    expect(await verifyPassword(account.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(account.passwordHash, GOOD_PASSWORD)).toBe(false);

    expect((await checkLink(link)).statusCode).toBe(404);
    const reuse = await useLink(link, 'An0ther!one');
    expect(reuse.statusCode).toBe(404);
    expect(await verifyPassword(((await getAccount(stack.couch, id)) as AccountDoc).passwordHash, NEW_PASSWORD)).toBe(
      true,
    );
  });

  it('marks an unverified email verified, since the reset link proved the mailbox', async () => {
    const { email, id } = await registeredAccount('user');
    expect(await getAccount(stack.couch, id)).toMatchObject({ verified: false });
    expect((await useLink(await resetLinkFor('user', email), NEW_PASSWORD)).statusCode).toBe(200);
    expect(await getAccount(stack.couch, id)).toMatchObject({
      verified: true,
      verifiedAt: stack.clock.now.toISOString(),
    });
  });

  it('revokes every refresh session of the account and no other', async () => {
    const { email, id } = await registeredAccount('gym');
    const other = await registeredAccount('gym');
    const sessionId = async (accountId: string) =>
      `session:${(await createRefreshSession(stack.couch, { accountId, kind: 'gym' }, 3600, stack.clock.now)).split('.')[0]}`;
    const mine = [await sessionId(id), await sessionId(id)];
    const theirs = await sessionId(other.id);
    const auth = stack.couch.use<RefreshSessionDoc>(DB.auth);

    expect((await useLink(await resetLinkFor('gym', email), NEW_PASSWORD)).statusCode).toBe(200);

    for (const session of mine) expect(await auth.get(session)).toMatchObject({ revoked: true });
    expect(await auth.get(theirs)).toMatchObject({ revoked: false });
  });

  it('keeps only the newest link working', async () => {
    const { email } = await registeredAccount('user');
    const older = await resetLinkFor('user', email, 1);
    const newer = await resetLinkFor('user', email, 2);
    expect(newer).not.toBe(older);
    expect((await checkLink(older)).statusCode).toBe(404);
    expect((await checkLink(newer)).statusCode).toBe(200);
  });

  it('accepts the link until an hour has passed and refuses it from then on', async () => {
    const { email, id } = await registeredAccount('coach');
    const link = await resetLinkFor('coach', email);

    stack.clock.advance(HOUR_MS - 1000);
    expect((await checkLink(link)).statusCode).toBe(200);
    stack.clock.advance(1000);
    expect((await checkLink(link)).statusCode).toBe(404);
    expect((await useLink(link, NEW_PASSWORD)).statusCode).toBe(404);
    expect(await verifyPassword(((await getAccount(stack.couch, id)) as AccountDoc).passwordHash, GOOD_PASSWORD)).toBe(
      true,
    );
  });

  it("refuses the link on another kind's path, malformed links, and requests for another kind's account", async () => {
    const { email, id } = await registeredAccount('user');
    const link = await resetLinkFor('user', email);
    const token = link.split('/').pop() as string;

    for (const path of [
      `/api/gyms/password-reset/${id}/${token}`,
      `/api/users/password-reset/not-an-id/${token}`,
      `/api/users/password-reset/${id}/short`,
      `/api/users/password-reset/${'0'.repeat(24)}/${token}`,
    ]) {
      expect((await checkLink(path)).statusCode, path).toBe(404);
      expect((await useLink(path, NEW_PASSWORD)).statusCode, path).toBe(404);
    }
    expect((await checkLink(link)).statusCode).toBe(200);

    const before = (await stack.outbox()).length;
    expect((await requestReset('coach', email)).result).toEqual(SAME_ANSWER);
    expect(await stack.outbox()).toHaveLength(before);
  });

  it('refuses an invalid email, an unknown field and a missing password with 400', async () => {
    const bad = await requestReset('gym', 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.result).toMatchObject({ message: MESSAGES.email });
    const extra = await stack.server.inject({
      method: 'POST',
      url: '/api/gyms/password-reset',
      payload: { email: 'a@b.co', pwd: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    const noPwd = await stack.server.inject({
      method: 'POST',
      url: `/api/gyms/password-reset/${'0'.repeat(24)}/${'A'.repeat(43)}`,
      payload: {},
    });
    expect(noPwd.statusCode).toBe(400);
  });

  it('limits requests per email, whichever addresses they come from', async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < RATE_LIMITS.resetPerEmail.limit; i++) {
      expect((await requestReset('user', email)).statusCode).toBe(200);
    }
    const limited = await requestReset('user', email);
    expect(limited.statusCode).toBe(429);
    expect(limited.result).toMatchObject({ message: 'Too many requests. Please try again later.' });
  });

  it('limits requests per address, whichever emails they name', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.resetPerIp.limit; i++) {
      expect((await requestReset('gym', `someone${i}@example.com`, ip)).statusCode).toBe(200);
    }
    const limited = await requestReset('gym', 'someone-else@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.result).toMatchObject({ message: 'Too many requests. Please try again later.' });
    expect((await requestReset('gym', 'someone-else@example.com')).statusCode).toBe(200);
  });

  it('lets exactly one of several simultaneous uses of a link set the password', async () => {
    const { email, id } = await registeredAccount('gym');
    const link = await resetLinkFor('gym', email);
    const passwords = ['Fir$t111', 'Sec0nd!!', 'Th1rd#aa', 'F0urth%%'];
    const results = await Promise.all(passwords.map((pwd) => useLink(link, pwd)));

    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404]);
    const winner = passwords[results.findIndex((r) => r.statusCode === 200)];
    expect(await verifyPassword(((await getAccount(stack.couch, id)) as AccountDoc).passwordHash, winner)).toBe(true);
  });
});
