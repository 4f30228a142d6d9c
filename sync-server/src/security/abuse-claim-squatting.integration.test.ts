import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailClaimId, mobileClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseMobile } from '@mastr/rules/validation.ts';
import { DB } from '../couch/databases.ts';
import { verifyEmail } from '../services/account-lifecycle/index.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import { TOKEN_LIFETIME_MS } from '../services/auth/index.ts';
import { createLogger } from '../logging/logger.ts';
import { createMailer } from '../services/mail/index.ts';
import type { Deps } from '../deps.ts';
import { apiPathOfLink, register, registrationBody, waitForMail } from '../test-support/account-fixtures.ts';
import { nextIp, signIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { SIGN_IN_MESSAGES } from '../plugins/sign-in.ts';

/**
 * Claim squatting (issue 22, design/auth.md "Unverified registrations"): registering someone else's
 * email or mobile used to hold it for ever, since an unverified account kept its claims with no
 * expiry. Now a registration nobody verified within the verification window (24 h, the link's
 * lifetime) holds nothing: the owner registers, verifies and signs in, and the squatter's account is
 * gone. A verified account's email and mobile stay its own.
 */

const WINDOW = TOKEN_LIFETIME_MS.verify;
const VERIFY_SUBJECT = 'Verify your Mastr email';

describe('squatting an email or mobile with a registration nobody verifies', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** Registers, answering the status and (on 201) the account id and link path of its newest mail. */
  async function registers(kind: AccountKind, body: Record<string, unknown>, count = 1) {
    const res = await register(stack, kind, body);
    if (res.statusCode !== 201) return { status: res.statusCode, message: (res.result as { message: string }).message };
    const linkPath = apiPathOfLink((await waitForMail(stack, body.email as string, VERIFY_SUBJECT, count)).text);
    return { status: 201, linkPath, id: linkPath.split('/')[3] };
  }

  const claimHolder = async (id: string) =>
    stack.couch
      .use<{ accountId: string }>(DB.accounts)
      .get(id)
      .then(
        (claim) => claim.accountId,
        () => null,
      );

  it("frees a victim's email and mobile once the squatter's window has passed: the victim registers, verifies and signs in", async () => {
    const victim = registrationBody('user', { email: 'victim.one@example.com', mobile: '07700 900001' });
    const squat = await registers('user', { ...victim, pwd: 'Squatt3r!x' });
    expect(squat.status).toBe(201);

    // Within the window the claims hold: the squatter might still be the owner who has not opened the mail yet.
    expect(await registers('user', victim)).toEqual({ status: 409, message: 'Email or Mobile Taken' });

    stack.clock.advance(WINDOW);
    const owner = await registers('user', victim, 2);
    expect(owner.status).toBe(201);
    expect(owner.id).not.toBe(squat.id);
    expect(await claimHolder(emailClaimId('user', 'victim.one@example.com'))).toBe(owner.id);
    expect(await claimHolder(mobileClaimId('user', normaliseMobile('07700 900001')))).toBe(owner.id);
    expect(await getAccount(stack.couch, squat.id!)).toBeNull();

    expect((await stack.server.inject(owner.linkPath!)).statusCode).toBe(200);
    expect((await signIn(stack.server, 'user', 'victim.one@example.com', victim.pwd as string)).statusCode).toBe(200);
    // The squatter's link and password lead nowhere.
    expect((await stack.server.inject(squat.linkPath!)).statusCode).toBe(404);
    expect((await signIn(stack.server, 'user', 'victim.one@example.com', 'Squatt3r!x')).statusCode).toBe(401);
  });

  it('frees a mobile squatted from the squatter’s own mailbox; the squatter can then neither verify nor sign in', async () => {
    const mobile = '+44 7700 900002';
    const squatter = registrationBody('coach', { email: 'squatter.two@example.com', mobile });
    const squat = await registers('coach', squatter);
    expect(squat.status).toBe(201);
    const victim = registrationBody('coach', { email: 'victim.two@example.com', mobile: '07700900002' });
    expect((await registers('coach', victim)).status).toBe(409);

    stack.clock.advance(WINDOW + 60_000);
    // Past the window the squatter's own link is refused, so the account can no longer be made to hold the number.
    expect((await stack.server.inject(squat.linkPath!)).statusCode).toBe(404);
    const lapsed = await signIn(stack.server, 'coach', 'squatter.two@example.com', squatter.pwd as string);
    expect(lapsed.statusCode).toBe(401);
    expect(JSON.parse(lapsed.payload).message).toBe(SIGN_IN_MESSAGES.lapsed);
    const owner = await registers('coach', victim);
    expect(owner.status).toBe(201);
    expect((await stack.server.inject(owner.linkPath!)).statusCode).toBe(200);
    expect((await signIn(stack.server, 'coach', 'victim.two@example.com', victim.pwd as string)).statusCode).toBe(200);

    expect(await getAccount(stack.couch, squat.id!)).toBeNull();
    expect(await claimHolder(emailClaimId('coach', 'squatter.two@example.com'))).toBeNull();
    expect(
      await stack.couch
        .use(DB.profiles)
        .get(`coach:${squat.id}`)
        .catch(() => null),
    ).toBeNull();
    expect((await signIn(stack.server, 'coach', 'squatter.two@example.com', squatter.pwd as string)).statusCode).toBe(
      401,
    );
    // The squatter's address is free again too (a fresh registration starts a fresh window).
    expect((await registers('coach', registrationBody('coach', { email: 'squatter.two@example.com' }))).status).toBe(
      201,
    );
  });

  it("never frees a verified account's email or mobile, however long ago it registered", async () => {
    const first = registrationBody('gym', { email: 'real.gym@example.com', mobile: '07700 900003' });
    const real = await registers('gym', first);
    stack.clock.advance(WINDOW - 1000); // verified in the last second of the window
    expect((await stack.server.inject(real.linkPath!)).statusCode).toBe(200);

    stack.clock.advance(30 * WINDOW);
    for (const body of [
      registrationBody('gym', { mobile: '07700900003' }),
      registrationBody('gym', { email: 'Real.Gym@example.com' }),
    ])
      expect(await registers('gym', body)).toEqual({ status: 409, message: 'Email or Mobile Taken' });
    expect(await getAccount(stack.couch, real.id!)).toMatchObject({ verified: true });
    expect((await signIn(stack.server, 'gym', 'real.gym@example.com', first.pwd as string)).statusCode).toBe(200);
  });

  it('lets exactly one of several simultaneous registrations take over a lapsed email, across two instances', async () => {
    const email = 'contested@example.com';
    const squat = await registers('user', registrationBody('user', { email }));
    stack.clock.advance(WINDOW);
    const other = await stack.startInstance();
    const bodies = [0, 1, 2].map(() => registrationBody('user', { email }));
    const results = await Promise.all(
      bodies.map((body, i) =>
        (i % 2 ? other : stack.server).inject({
          method: 'POST',
          url: '/api/register/user',
          payload: body,
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const winner = results.findIndex((r) => r.statusCode === 201);
    const holder = await claimHolder(emailClaimId('user', email));
    expect(await getAccount(stack.couch, holder!)).toMatchObject({ email, mobile: bodies[winner].mobile });
    expect(await getAccount(stack.couch, squat.id!)).toBeNull();
    // The losers' mobiles were not left claimed.
    for (const [i, body] of bodies.entries())
      if (i !== winner)
        expect(await claimHolder(mobileClaimId('user', normaliseMobile(body.mobile as string)))).toBeNull();
  });

  it('refuses a verification that arrives after a take-over, even from an instance whose clock is behind', async () => {
    const victim = registrationBody('user', { email: 'late.click@example.com' });
    const squat = await registers('user', victim);
    stack.clock.advance(WINDOW);
    expect((await registers('user', victim, 2)).status).toBe(201);

    // An instance whose clock is a minute slow still thinks the squatter's link is live: the account is gone all the same.
    const slow: Deps = {
      config: stack.config,
      couch: stack.couch,
      logger: createLogger({ production: false, level: 'silent' }),
      mailer: createMailer({
        couch: stack.couch,
        from: stack.config.mailFrom,
        outboxDir: stack.config.outboxDir,
        log: () => {},
      }),
      stripe: stack.stripe,
      now: () => new Date(stack.clock.now.getTime() - 60_000),
    };
    const [, , , id, , token] = squat.linkPath!.split('/');
    expect(await verifyEmail(slow, 'user', id, token)).toBe(false);
    expect(await getAccount(stack.couch, id)).toBeNull();
  });

  it('sends no reset link for a lapsed registration and refuses one opened after the window (it would verify it)', async () => {
    const body = registrationBody('gym', { email: 'reset.lapse@example.com' });
    const squat = await registers('gym', body);
    const forgot = () =>
      stack.server.inject({
        method: 'POST',
        url: '/api/gyms/password-reset',
        payload: { email: 'reset.lapse@example.com' },
        remoteAddress: nextIp(),
      });

    stack.clock.advance(WINDOW - 30 * 60_000);
    expect((await forgot()).statusCode).toBe(200);
    const resetPath = apiPathOfLink(
      (await waitForMail(stack, 'reset.lapse@example.com', 'Reset your Mastr password')).text,
    );
    stack.clock.advance(30 * 60_000 + 1000);
    expect((await stack.server.inject(resetPath)).statusCode).toBe(404);
    const reset = await stack.server.inject({ method: 'POST', url: resetPath, payload: { pwd: 'N3w!Password' } });
    expect(reset.statusCode).toBe(404);
    expect(await getAccount(stack.couch, squat.id!)).toMatchObject({ verified: false });

    const mails = (await stack.outbox()).length;
    expect((await forgot()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await stack.outbox()).toHaveLength(mails);
  });
});
