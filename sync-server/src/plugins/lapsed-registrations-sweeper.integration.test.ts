import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailClaimId, mobileClaimId } from '@mastr/rules/doc-ids.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseMobile } from '@mastr/rules/validation.ts';
import { DB } from '../couch/databases.ts';
import type { Deps } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import { sweepLapsedRegistrations, verifyEmail } from '../services/account-lifecycle/index.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import { SWEEP_GRACE_MS, VERIFICATION_WINDOW_MS } from '../services/auth/index.ts';
import { createMailer } from '../services/mail/index.ts';
import { createServer } from '../server.ts';
import { apiPathOfLink, register, registrationBody, waitForMail } from '../test-support/account-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * The sweeper's second part (design/auth.md "Unverified registrations"): registrations nobody
 * verified within the window, removed with their claims, profile and links; verified accounts never.
 */
describe('the sweeper of registrations nobody verified', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const depsAt = (now: () => Date, more: Partial<Deps> = {}): Deps => ({
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
    now,
    ...more,
  });
  const deps = () => depsAt(() => stack.clock.now);
  const sweep = () => sweepLapsedRegistrations(deps(), SWEEP_GRACE_MS);

  async function registered(kind: AccountKind) {
    const body = registrationBody(kind);
    expect((await register(stack, kind, body)).statusCode).toBe(201);
    const linkPath = apiPathOfLink((await waitForMail(stack, body.email as string, 'Verify your Mastr email')).text);
    const [, , , id, , token] = linkPath.split('/');
    const claims = [
      emailClaimId(kind, body.email as string),
      mobileClaimId(kind, normaliseMobile(body.mobile as string)),
    ];
    return { id, token, linkPath, claims, profile: `${kind}:${id}` };
  }
  const exists = (db: string, id: string) =>
    stack.couch
      .use(db)
      .get(id)
      .then(
        () => true,
        () => false,
      );
  /** Whether the account, its claims, its profile and its verification link are all there (true) or all gone (false). */
  async function kept(r: Awaited<ReturnType<typeof registered>>): Promise<boolean> {
    const found = [
      await exists(DB.accounts, `account:${r.id}`),
      ...(await Promise.all(r.claims.map((id) => exists(DB.accounts, id)))),
      await exists(DB.profiles, r.profile),
    ];
    const tokens = await stack.couch.use(DB.auth).find({ selector: { type: 'one-time-token', accountId: r.id } });
    found.push(tokens.docs.length > 0);
    if (found.every(Boolean)) return true;
    if (found.every((f) => !f)) return false;
    throw new Error(`half removed: ${JSON.stringify(found)}`);
  }

  it('removes a registration unverified past its window and the grace, with its claims, profile and link; never a verified one', async () => {
    const lapsed = await registered('gym');
    const verified = await registered('coach');
    expect((await stack.server.inject(verified.linkPath)).statusCode).toBe(200);
    stack.clock.advance(VERIFICATION_WINDOW_MS + SWEEP_GRACE_MS - 60_000);
    const recent = await registered('user');

    // Past the window but within the grace: a registration could still take it over, the sweeper leaves it.
    expect(await sweep()).toEqual({ removed: 0, more: false });
    expect(await kept(lapsed)).toBe(true);

    stack.clock.advance(61_000);
    expect(await sweep()).toEqual({ removed: 1, more: false });
    expect(await kept(lapsed)).toBe(false);
    expect(await kept(recent)).toBe(true);
    expect(await exists(DB.accounts, `account:${verified.id}`)).toBe(true);
    for (const claim of verified.claims) expect(await exists(DB.accounts, claim)).toBe(true);
    expect((await stack.server.inject(lapsed.linkPath)).statusCode).toBe(404);

    stack.clock.advance(100 * VERIFICATION_WINDOW_MS);
    expect(await sweep()).toEqual({ removed: 1, more: false }); // `recent`
    expect(await getAccount(stack.couch, verified.id)).toMatchObject({ verified: true });
    for (const claim of verified.claims) expect(await exists(DB.accounts, claim)).toBe(true);
  });

  it('is bounded per run and leaves the rest for the next one', async () => {
    const three = [await registered('user'), await registered('user'), await registered('user')];
    stack.clock.advance(VERIFICATION_WINDOW_MS + SWEEP_GRACE_MS + 1000);
    expect(await sweepLapsedRegistrations(deps(), SWEEP_GRACE_MS, 2)).toEqual({ removed: 2, more: true });
    expect(await sweep()).toEqual({ removed: 1, more: false });
    for (const r of three) expect(await kept(r)).toBe(false);
  });

  it('against a verification landing at the same moment (an instance with a slow clock), one of the two wins whole', async () => {
    const pairs = await Promise.all([0, 1, 2, 3].map(() => registered('user')));
    const registeredAt = stack.clock.now.getTime();
    stack.clock.advance(VERIFICATION_WINDOW_MS + SWEEP_GRACE_MS + 1000);
    // The slow instance believes it is one second before the window closes: to it the link is live.
    const slow = depsAt(() => new Date(registeredAt + VERIFICATION_WINDOW_MS - 1000));
    const [verifications] = await Promise.all([
      Promise.all(pairs.map((r) => verifyEmail(slow, 'user', r.id, r.token))),
      sweep(),
    ]);
    for (const [i, r] of pairs.entries()) {
      const account = await getAccount(stack.couch, r.id);
      if (verifications[i]) {
        expect(account).toMatchObject({ verified: true });
        for (const claim of r.claims) expect(await exists(DB.accounts, claim)).toBe(true);
      } else {
        expect(account).toBeNull();
        for (const claim of r.claims) expect(await exists(DB.accounts, claim)).toBe(false);
      }
    }
    // Whatever the interleaving, a second sweep finds nothing left to decide.
    expect(await sweep()).toEqual({ removed: 0, more: false });
  });

  it('runs on the timer of a started instance and logs its line', async () => {
    const lapsed = await registered('coach');
    stack.clock.advance(VERIFICATION_WINDOW_MS + SWEEP_GRACE_MS + 1000);
    const lines: Array<{ msg: string; removed?: number }> = [];
    const logger = createLogger({
      production: false,
      level: 'info',
      destination: { write: (l: string) => void lines.push(JSON.parse(l)) },
    });
    const server = await createServer(
      depsAt(() => stack.clock.now, { config: { ...stack.config, sweepIntervalMs: 100 }, logger }),
    );
    await server.start();
    try {
      await expect.poll(() => kept(lapsed), { timeout: 5_000, interval: 50 }).toBe(false);
      await expect
        .poll(() => lines.some((l) => l.msg === 'sweeper: lapsed registrations removed' && l.removed === 1), {
          timeout: 5_000,
        })
        .toBe(true);
    } finally {
      await server.stop();
    }
  });
});
