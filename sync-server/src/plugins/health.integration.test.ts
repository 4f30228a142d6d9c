import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

describe('GET /api/health', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers 200 {status: ok} while CouchDB answers', async () => {
    const res = await stack.server.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.result).toEqual({ status: 'ok' });
  });

  it('answers JSON 404 for an unknown /api path rather than the app shell', async () => {
    const res = await stack.server.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.payload).message).toBe('Not Found');
  });

  it('answers 503 once CouchDB stops answering', async () => {
    await stack.couchServer.close();
    const res = await stack.server.inject('/api/health');
    expect(res.statusCode).toBe(503);
  });
});
