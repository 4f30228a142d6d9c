import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../cli/backend.ts';
import { loadConfig } from '../config.ts';
import { UNAVAILABLE_MESSAGE } from '../couch/couch-unavailable.ts';
import { newId } from '../couch/ids.ts';
import { startStoppableCouch, type StoppableCouch } from '../faults/stoppable-couch.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../plugins/load-shedding.ts';
import { givenCoach, givenMember } from '../test-support/directory-fixtures.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/** The outside probe's flood (issue 22): 1,000 requests at once from one client. */
const FLOOD = 1_000;

type Answer = { statusCode: number; headers: Record<string, unknown>; payload: string };

/** Status → how many answers had it. */
const statusMix = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((mix, a) => ({ ...mix, [a.statusCode]: (mix[a.statusCode] ?? 0) + 1 }), {});

function expectTooMany(answer: Answer) {
  expect(answer.statusCode).toBe(429);
  expect(JSON.parse(answer.payload).message).toBe(TOO_MANY_REQUESTS_MESSAGE);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

/**
 * One client flooding reads (issue 22): it is refused past its budget while everyone else, and the
 * instance's health, are still served. On the production defaults of `config.clientBudgets`.
 */
describe('abuse: one client flooding reads', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers an anonymous address flooding a public read 429 with Retry-After past its budget, and serves another address', async () => {
    const coachId = await givenCoach(stack);
    const read = (remoteAddress: string) =>
      stack.server.inject({ method: 'GET', url: `/api/coaches/${coachId}`, remoteAddress });
    const started = performance.now();
    const flood = await Promise.all(Array.from({ length: FLOOD }, () => read('203.0.113.10')));
    const seconds = (performance.now() - started) / 1000;

    const mix = statusMix(flood);
    expect(Object.keys(mix).sort(), JSON.stringify(mix)).toEqual(['200', '429']);
    // The burst, plus what the budget refilled while the flood was being answered.
    const { burst, perSecond } = stack.config.clientBudgets.perAddress;
    expect(mix[200]).toBeLessThanOrEqual(burst + Math.ceil(perSecond * seconds));
    flood.filter((a) => a.statusCode === 429).forEach(expectTooMany);

    expect((await read('198.51.100.20')).statusCode).toBe(200);
    expect((await stack.server.inject('/api/health')).statusCode).toBe(200);
  });

  it('budgets a signed-in client by its account: one account flooding /api/me gets 429, another account on the same address and health answer 200', async () => {
    const [flooder, other] = [await givenMember(stack), await givenMember(stack)];
    const [flooderHeaders, otherHeaders] = [
      await bearerFor(stack, 'user', flooder),
      await bearerFor(stack, 'user', other),
    ];
    const me = (headers: Record<string, string>) =>
      stack.server.inject({ method: 'GET', url: '/api/me/users', headers, remoteAddress: '192.0.2.30' });
    const flooding = Promise.all(Array.from({ length: FLOOD }, () => me(flooderHeaders)));
    const [otherRead, health] = await Promise.all([me(otherHeaders), stack.server.inject('/api/health')]);
    const flood = await flooding;

    const mix = statusMix(flood);
    expect(Object.keys(mix).sort(), JSON.stringify(mix)).toEqual(['200', '429']);
    flood.filter((a) => a.statusCode === 429).forEach(expectTooMany);
    expect(otherRead.statusCode).toBe(200);
    expect(health.statusCode).toBe(200);
    expect(health.result).toEqual({ status: 'ok' });
    // The address the account called from was not charged: an anonymous read from it is served.
    expect(
      (await stack.server.inject({ method: 'GET', url: '/api/coaches', remoteAddress: '192.0.2.30' })).statusCode,
    ).toBe(200);
  });

  it('reads the client address behind a trusted proxy from X-Forwarded-For', async () => {
    const behindProxy = await stack.startInstance({ trustProxyHops: 1 });
    const read = (client: string) =>
      behindProxy.inject({ method: 'GET', url: '/api/coaches', headers: { 'x-forwarded-for': client } });
    const flood = await Promise.all(Array.from({ length: FLOOD }, () => read('203.0.113.40')));
    expect(statusMix(flood)[429]).toBeGreaterThan(0);
    // Another client through the same proxy (the same socket address) is served.
    expect((await read('203.0.113.41')).statusCode).toBe(200);
  });
});

describe('abuse: in-flight work on one instance', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers calls past the in-flight cap 503 with Retry-After at once, and serves again once they are done', async () => {
    const capped = await stack.startInstance({ maxInFlightRequests: 2 });
    // Each from its own address: no budget is involved, only the cap.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        capped.inject({ method: 'GET', url: '/api/coaches', remoteAddress: `198.51.100.${i + 1}` }),
      ),
    );
    const mix = statusMix(answers);
    expect(Object.keys(mix).sort(), JSON.stringify(mix)).toEqual(['200', '503']);
    for (const shed of answers.filter((a) => a.statusCode === 503)) {
      expect(JSON.parse(shed.payload).message).toBe(UNAVAILABLE_MESSAGE);
      expect(Number(shed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await capped.inject({ method: 'GET', url: '/api/coaches' })).statusCode).toBe(200);
    expect((await capped.inject('/api/health')).statusCode).toBe(200);
  });

  it('does not count long-polls parked on the updates feed as work in flight', async () => {
    const capped = await stack.startInstance({ maxInFlightRequests: 1, longPollTimeoutMs: 5_000 });
    await capped.start();
    const gymId = newId();
    const headers = await bearerFor(stack, 'gym', gymId);
    let answered = false;
    const longPoll = fetch(`${capped.info.uri}/sync/gym/${gymId}/_changes?feed=longpoll&since=now`, { headers }).then(
      async (res) => {
        answered = true;
        return res.status;
      },
    );
    // Held by the gateway (within its 5 s bound), the poll leaves the one place for other calls.
    for (let i = 0; i < 3; i += 1) expect((await capped.inject('/api/coaches')).statusCode).toBe(200);
    expect(answered).toBe(false);
    expect(await longPoll).toBe(200);
  });
});

describe('abuse: health speaks for the instance', () => {
  let stack: TestStack;
  let couch: StoppableCouch;
  beforeAll(async () => {
    stack = await startTestStack();
    couch = await startStoppableCouch(stack.couchServer);
  });
  afterAll(async () => {
    await couch.close();
    await stack.stop();
  });

  it('answers 503 with Retry-After while CouchDB does not answer', async () => {
    const instance = await stack.startInstance({ couchUrl: couch.url }, 'everything');
    await couch.stop();
    const res = await instance.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.result).toEqual({ status: 'unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await couch.start();
    expect((await instance.inject('/api/health')).statusCode).toBe(200);
  });

  // Start-up seeds the demo data and onboards the demo payees: tens of seconds on a busy box.
  it(
    'answers 503 until start-up has finished, and waits out a CouchDB that does not answer instead of ending',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mastr-startup-'));
      const port = await freePort();
      const config = loadConfig({
        COUCHDB_URL: couch.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        NODE_ENV: 'test',
        STRIPE_TEST_PROVIDER_PORT: '0',
        LOG_LEVEL: 'silent',
      } as NodeJS.ProcessEnv);
      const origin = `http://127.0.0.1:${port}`;
      await couch.stop();
      // The backend's first try fails on the stopped CouchDB; it waits here until the test lets it try again.
      let failedOnce = () => {};
      const firstFailure = new Promise<void>((resolve) => (failedOnce = resolve));
      let letItTryAgain = () => {};
      const tryAgain = new Promise<void>((resolve) => (letItTryAgain = resolve));
      const starting = startBackend(config, {
        pauseBeforeRetry: async () => {
          failedOnce();
          await tryAgain;
        },
      });
      let backend: Awaited<typeof starting> | undefined;
      try {
        await firstFailure;
        const expectStarting = async () => {
          const res = await fetch(`${origin}/api/health`);
          expect(res.status).toBe(503);
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(await res.json()).toEqual({ status: 'starting' });
        };
        await expectStarting();
        // The API is not served before the databases are ready either.
        const list = await fetch(`${origin}/api/gyms`);
        expect(list.status).toBe(503);
        expect(list.headers.get('retry-after')).not.toBeNull();

        // CouchDB answers again, but start-up has not finished: still not healthy.
        await couch.start();
        await expectStarting();

        letItTryAgain();
        backend = await starting;
        const res = await fetch(`${origin}/api/health`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ status: 'ok' });
      } finally {
        letItTryAgain();
        backend ??= await starting.catch(() => undefined);
        await backend?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

/** A port nothing listens on now (the backend binds it itself, as `npm start` does with PORT). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
