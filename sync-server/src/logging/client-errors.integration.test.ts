import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

/**
 * A peer that resets its connection is no fault of the server: HAProxy's health checks close with a
 * reset, and so does a balancer ending a long-poll or a phone leaving Wi-Fi. Logged as errors they
 * buried real ones on a cluster (issue 23), so they are logged at info.
 */
describe('a client resetting its connection', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('is not logged as a warning or an error, and the server goes on answering', async () => {
    const port = stack.server.info.port;
    for (let i = 0; i < 3; i++) {
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write('GET /api/gyms HTTP/1.1\r\nHost: localhost\r\n');
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const resets = stack.logs().filter((line) => JSON.stringify(line).includes('ECONNRESET'));
    expect(resets).toEqual([]);
    expect((await fetch(`${stack.server.info.uri}/api/gyms`)).status).toBe(200);
  });
});
