import net from 'node:net';
import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../couch/couch-unavailable.ts';
import { bearer, signedIn, signIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/** A "CouchDB" that accepts connections and never answers, like a paused one. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://admin:secret@127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('CouchDB that does not answer', () => {
  let stack: TestStack;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let cut: Server;
  let gym: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    stack = await startTestStack();
    silent = await silentServer();
    gym = await signedIn(stack, 'gym');
    cut = await stack.startInstance({ couchUrl: silent.url, couchTimeoutMs: 300 }, 'everything');
  });
  afterAll(async () => {
    await stack.stop();
    await silent.close();
  });

  const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; payload: string }) => {
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.payload).message).toBe(UNAVAILABLE_MESSAGE);
    expect(res.headers['retry-after']).toBe('5');
  };

  it('answers sign-in with 503 and a clear message once the timeout passes, instead of hanging', async () => {
    const started = Date.now();
    expect503(await signIn(cut, 'gym', gym.email));
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('answers a check-in and a sync gateway read with 503', async () => {
    const headers = bearer(gym.accessToken);
    expect503(
      await cut.inject({ method: 'POST', url: `/api/booking/daypass/gym/check_in/${'a'.repeat(24)}`, headers }),
    );
    expect503(
      await cut.inject({
        method: 'GET',
        url: `/sync/gym/${gym.profile._id.slice('gym:'.length)}/_changes?since=0`,
        headers,
      }),
    );
  });

  it('reports health as unavailable', async () => {
    const res = await cut.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.result).toEqual({ status: 'unavailable' });
  });

  it('logs the outage once, without a stack, however many requests fail', async () => {
    const before = stack.logs().length;
    await Promise.all(Array.from({ length: 5 }, () => signIn(cut, 'gym', gym.email)));
    const outage = stack.logs().filter((line) => line.msg.startsWith('CouchDB is unavailable'));
    expect(outage).toHaveLength(1);
    expect(outage[0]!.err).toBeUndefined();
    expect(
      stack
        .logs()
        .slice(before)
        .filter((line) => line.level >= 50),
    ).toEqual([]);
  });

  it('keeps answering normally on the instance whose CouchDB answers', async () => {
    expect((await signIn(stack.server, 'gym', gym.email)).statusCode).toBe(200);
  });
});
