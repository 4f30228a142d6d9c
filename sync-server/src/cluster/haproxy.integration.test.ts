import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxy-config.ts';
import { startHaproxy, type RunningBalancer } from './haproxy-process.ts';

/** A server that names itself in each answer, and answers its health path with `healthy`'s status. */
async function namedServer(name: string, state = { healthy: true }): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === '/health') res.writeHead(state.healthy ? 200 : 503).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function freePort(): Promise<number> {
  const { server, port } = await namedServer('probe');
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('HAProxy in front of stateless instances (Debian haproxy on loopback)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function balance(
    servers: { name: string; port: number }[],
  ): Promise<{ url: string; balancer: RunningBalancer }> {
    const port = await freePort();
    const balancer = await startHaproxy(
      [
        {
          name: 'hapi',
          bind: { host: '127.0.0.1', port },
          servers: servers.map((s) => ({ ...s, host: '127.0.0.1' })),
          healthPath: '/health',
        },
      ],
      { checkIntervalMs: 100, serverTimeoutMs: 5_000 },
    );
    cleanups.push(() => balancer.stop());
    return { url: `http://127.0.0.1:${port}`, balancer };
  }

  it('spreads requests over the instances', async () => {
    const a = await namedServer('a');
    const b = await namedServer('b');
    cleanups.push(
      () => new Promise((r) => a.server.close(r)),
      () => new Promise((r) => b.server.close(r)),
    );
    const { url } = await balance([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) seen.add(await (await fetch(`${url}/x`)).text());
    expect(seen).toEqual(new Set(['a', 'b']));
  });

  it('sends every request to the instance left when one is killed, none refused meanwhile', async () => {
    const a = await namedServer('a');
    const b = await namedServer('b');
    cleanups.push(() => new Promise((r) => b.server.close(r)));
    const { url } = await balance([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
    // As a killed process's: the listener is gone and its connections are cut.
    a.server.closeAllConnections();
    await new Promise((r) => a.server.close(r));
    const answers: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${url}/x`);
      expect(res.status).toBe(200);
      answers.push(await res.text());
    }
    expect(new Set(answers)).toEqual(new Set(['b']));
  });

  it('takes an instance whose health check fails out of rotation, and back once it passes', async () => {
    const aState = { healthy: true };
    const a = await namedServer('a', aState);
    const b = await namedServer('b');
    cleanups.push(
      () => new Promise((r) => a.server.close(r)),
      () => new Promise((r) => b.server.close(r)),
    );
    const { url } = await balance([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
    aState.healthy = false;
    await expect.poll(() => answersFrom(url), { timeout: 5_000, interval: 100 }).toEqual(new Set(['b']));
    aState.healthy = true;
    await expect.poll(() => answersFrom(url), { timeout: 5_000, interval: 100 }).toEqual(new Set(['a', 'b']));
  });

  it('refuses a configuration haproxy would not run, before starting it', async () => {
    await expect(
      startHaproxy([
        {
          name: 'hapi',
          bind: { host: '127.0.0.1', port: 1 },
          servers: [{ name: 'a', host: 'not a host!', port: 2 }],
          healthPath: '/',
        },
      ]),
    ).rejects.toThrow(/refused its configuration/);
    expect(() =>
      haproxyConfig([{ name: 'bad name', bind: { host: '127.0.0.1', port: 1 }, servers: [], healthPath: '/' }]),
    ).toThrow(/Bad service name/);
  });
});

async function answersFrom(url: string): Promise<Set<string>> {
  const answers = new Set<string>();
  for (let i = 0; i < 6; i += 1) answers.add(await (await fetch(`${url}/x`)).text());
  return answers;
}
