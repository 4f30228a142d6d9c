import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB } from '../couch/databases.ts';
import type { Deps } from '../deps.ts';
import { createLogger } from '../logging/logger.ts';
import { createMailer } from '../services/mail/index.ts';
import {
  sweepExpiredDocs,
  SWEEP_GRACE_MS,
  issueOneTimeToken,
  tokenDocId,
  hitRateLimit,
  RATE_LIMITS,
  createSignInDelay,
} from '../services/auth/index.ts';
import { createServer } from '../server.ts';
import { refresh, jwtCookieOf, nextIp, signedIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('the sweeper of expired sessions, tokens and counters', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const deps = () => ({ couch: stack.couch, now: () => stack.clock.now });
  const auth = () => stack.couch.use(DB.auth);
  const exists = async (id: string) =>
    auth()
      .get(id)
      .then(
        () => true,
        (err: { statusCode?: number }) => {
          if (err.statusCode === 404) return false;
          throw err;
        },
      );
  const sessionId = (cookie: string) => `session:${cookie.split('.')[0]}`;
  const counterIds = async () =>
    (await auth().list({ startkey: 'ratelimit:', endkey: 'ratelimit:\ufff0' })).rows.map((r) => r.id);

  it('deletes each kind once past its expiry and the grace margin, and never what is still live', async () => {
    // Start just after the hour, so every counter's window (15 min, 1 h) ends at least 14 minutes later.
    stack.clock.advance(HOUR - (stack.clock.now.getTime() % HOUR) + 1000);
    const session = await signedIn(stack, 'user');
    const accountId = session.account.profileId;
    const reset = tokenDocId(await issueOneTimeToken(stack.couch, 'reset', accountId, stack.clock.now)); // 1 h
    const verify = tokenDocId(await issueOneTimeToken(stack.couch, 'verify', accountId, stack.clock.now)); // 24 h
    await hitRateLimit(stack.couch, RATE_LIMITS.resetPerIp, nextIp(), stack.clock.now); // ends within 1 h
    const source = { kind: 'user', email: session.email, ip: nextIp() };
    await createSignInDelay(stack.couch).failed(source, stack.clock.now); // remembered 24 h
    const countersBefore = await counterIds();
    expect(countersBefore.length).toBeGreaterThanOrEqual(2); // sign-in's own per-IP counter and the reset one

    // Expired, but within the grace margin: everything stays.
    stack.clock.advance(HOUR + 60_000);
    expect((await sweepExpiredDocs(deps())).deleted).toEqual({
      refreshSessions: 0,
      oneTimeTokens: 0,
      rateLimits: 0,
      signInDelays: 0,
    });
    expect(await exists(reset)).toBe(true);

    // Past the margin: the reset link and the counters go; the verification link, the delay and the session stay.
    stack.clock.advance(SWEEP_GRACE_MS);
    const first = await sweepExpiredDocs(deps());
    expect(first.deleted).toEqual({
      refreshSessions: 0,
      oneTimeTokens: 1,
      rateLimits: countersBefore.length,
      signInDelays: 0,
    });
    expect(first).toMatchObject({ conflicts: 0, more: false });
    expect(await exists(reset)).toBe(false);
    expect(await counterIds()).toEqual([]);
    expect(await exists(verify)).toBe(true);
    expect(await createSignInDelay(stack.couch).waitSeconds(source, stack.clock.now)).toBe(0);

    stack.clock.advance(DAY);
    expect((await sweepExpiredDocs(deps())).deleted).toMatchObject({ oneTimeTokens: 1, signInDelays: 1 });
    expect(await exists(verify)).toBe(false);

    // 29 days in, the session is refreshed: its expiry slides, so a sweep a week later keeps it.
    stack.clock.advance(27 * DAY);
    const rotated = await refresh(stack.server, session.cookie);
    expect(rotated.statusCode).toBe(200);
    stack.clock.advance(7 * DAY);
    expect((await sweepExpiredDocs(deps())).deleted.refreshSessions).toBe(0);
    expect(await exists(sessionId(session.cookie))).toBe(true);
    expect((await refresh(stack.server, jwtCookieOf(rotated)!)).statusCode).toBe(200);
  });

  it('removes a session only after it expired, and the removed session refreshes no more', async () => {
    const session = await signedIn(stack, 'gym');
    stack.clock.advance(stack.config.refreshTtlSeconds * 1000 + SWEEP_GRACE_MS + 60_000);
    const result = await sweepExpiredDocs(deps());
    expect(result.deleted.refreshSessions).toBeGreaterThanOrEqual(1);
    expect(await exists(sessionId(session.cookie))).toBe(false);
    expect((await refresh(stack.server, session.cookie)).statusCode).toBe(401);
  });

  it('keeps a sign-in delay that a new failure revived after it had expired', async () => {
    const source = { kind: 'coach', email: 'someone@example.com', ip: nextIp() };
    const delays = createSignInDelay(stack.couch);
    for (let i = 0; i < 5; i++) await delays.failed(source, stack.clock.now);
    stack.clock.advance(DAY + SWEEP_GRACE_MS + 60_000);
    await delays.failed(source, stack.clock.now); // the same document, written afresh with a new expiry
    expect((await sweepExpiredDocs(deps())).deleted.signInDelays).toBe(0);
    for (let i = 0; i < 4; i++) await delays.failed(source, stack.clock.now);
    expect(await delays.waitSeconds(source, stack.clock.now)).toBeGreaterThan(0); // its count survived
  });

  it('is bounded per run, and instances sweeping at once delete each document once between them', async () => {
    for (let i = 0; i < 30; i++)
      await hitRateLimit(stack.couch, RATE_LIMITS.registerPerEmail, `x${i}@example.com`, stack.clock.now);
    stack.clock.advance(HOUR + SWEEP_GRACE_MS + 60_000);

    const bounded = await sweepExpiredDocs(deps(), 10);
    expect(bounded.deleted.rateLimits).toBe(10);
    expect(bounded.more).toBe(true);
    expect(await counterIds()).toHaveLength(20);

    const runs = await Promise.all([sweepExpiredDocs(deps()), sweepExpiredDocs(deps()), sweepExpiredDocs(deps())]);
    expect(runs.reduce((sum, run) => sum + run.deleted.rateLimits, 0)).toBe(20);
    expect(await counterIds()).toEqual([]);
    // The embedded server cannot `_purge`: a deleted document stays as a tombstone (id and revision only).
    const [tombstone] = (await auth().changes({ since: 0, limit: 10_000 })).results.filter(
      (c) => c.id.startsWith('ratelimit:') && c.deleted,
    );
    expect(tombstone).toBeDefined();
  });

  it('runs on a timer on a started instance, logs one line per run with its counts, and stops with the server', async () => {
    const lines: Array<{ msg: string; deleted?: Record<string, number> }> = [];
    const server = await createServer({
      config: { ...stack.config, sweepIntervalMs: 100 },
      couch: stack.couch,
      logger: createLogger({
        production: false,
        level: 'info',
        destination: { write: (l: string) => void lines.push(JSON.parse(l)) },
      }),
      mailer: createMailer({
        couch: stack.couch,
        from: stack.config.mailFrom,
        outboxDir: stack.config.outboxDir,
        log: () => {},
      }),
      stripe: stack.stripe,
      now: () => stack.clock.now,
    } satisfies Deps);
    const expiredCounter = async (key: string) => {
      await hitRateLimit(stack.couch, RATE_LIMITS.resetPerEmail, key, new Date(stack.clock.now.getTime() - 3 * HOUR));
      return (await counterIds()).length;
    };
    expect(await expiredCounter('timer-1@example.com')).toBe(1);

    await server.start();
    await expect.poll(counterIds, { timeout: 5_000, interval: 50 }).toEqual([]);
    const runs = () => lines.filter((l) => l.msg === 'sweeper: expired auth documents removed');
    await expect.poll(() => runs().some((l) => l.deleted?.rateLimits === 1), { timeout: 5_000 }).toBe(true);
    await server.stop();

    const runsAtStop = runs().length;
    expect(await expiredCounter('timer-2@example.com')).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await counterIds()).toHaveLength(1);
    expect(runs()).toHaveLength(runsAtStop);
  });
});
