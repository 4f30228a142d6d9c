import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import { apiPathOfLink, register, registrationBody, waitForMail } from '../test-support/account-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const HOUR_MS = 60 * 60 * 1000;

describe('GET /api/{users|coaches|gyms}/{id}/verify/{token}', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** Registers an account and returns its id and the API path of its verification link. */
  async function registered(kind: AccountKind) {
    const body = registrationBody(kind);
    expect((await register(stack, kind, body)).statusCode).toBe(201);
    const linkPath = apiPathOfLink((await waitForMail(stack, body.email as string, 'Verify your Mastr email')).text);
    const [, , plural, id, , token] = linkPath.split('/');
    return { id, token, plural, linkPath };
  }

  const verify = (url: string) => stack.server.inject(url);

  it('verifies once: 200 and a verified account, then 404 when the link is used again', async () => {
    const { id, linkPath } = await registered('gym');

    const first = await verify(linkPath);
    expect(first.statusCode).toBe(200);
    expect(first.result).toEqual({ message: 'Email Verification Successful' });
    expect(await getAccount(stack.couch, id)).toMatchObject({
      verified: true,
      verifiedAt: stack.clock.now.toISOString(),
    });

    const again = await verify(linkPath);
    expect(again.statusCode).toBe(404);
    expect(again.result).toMatchObject({ message: 'Not Found' });
    expect(await getAccount(stack.couch, id)).toMatchObject({ verified: true });
  });

  it('accepts the link until 24 hours have passed and refuses it from then on', async () => {
    const fresh = await registered('user');
    const stale = await registered('user');

    stack.clock.advance(24 * HOUR_MS - 1000);
    expect((await verify(fresh.linkPath)).statusCode).toBe(200);
    stack.clock.advance(1000);
    expect((await verify(stale.linkPath)).statusCode).toBe(404);
    expect(await getAccount(stack.couch, stale.id)).toMatchObject({ verified: false });
  });

  it("refuses a member's link on the coaches path without using it up", async () => {
    const { id, token, linkPath } = await registered('user');

    expect((await verify(`/api/coaches/${id}/verify/${token}`)).statusCode).toBe(404);
    expect((await verify(`/api/gyms/${id}/verify/${token}`)).statusCode).toBe(404);
    expect(await getAccount(stack.couch, id)).toMatchObject({ verified: false });
    expect((await verify(linkPath)).statusCode).toBe(200);
  });

  it("refuses another account's token, unknown ids and malformed ids or tokens with 404", async () => {
    const a = await registered('coach');
    const b = await registered('coach');
    const unknownToken = 'A'.repeat(43);

    const attempts = [
      `/api/coaches/${a.id}/verify/${b.token}`,
      `/api/coaches/${a.id}/verify/${unknownToken}`,
      `/api/coaches/${'0'.repeat(24)}/verify/${a.token}`,
      `/api/coaches/not-an-id/verify/${a.token}`,
      `/api/coaches/${a.id.toUpperCase()}/verify/${a.token}`,
      `/api/coaches/${a.id}/verify/${a.token}x`,
      `/api/coaches/${a.id}/verify/${encodeURIComponent('../../_all_docs')}`,
      `/api/trainers/${a.id}/verify/${a.token}`,
    ];
    for (const url of attempts) {
      const res = await verify(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await getAccount(stack.couch, a.id)).toMatchObject({ verified: false });
    expect((await verify(a.linkPath)).statusCode).toBe(200);
    expect((await verify(b.linkPath)).statusCode).toBe(200);
  });

  it('lets exactly one of several simultaneous uses of a link through', async () => {
    const { linkPath } = await registered('gym');
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(linkPath)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
  });
});
