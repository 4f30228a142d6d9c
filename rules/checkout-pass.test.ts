import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutPassId } from './checkout-pass.ts';

describe('checkoutPassId', () => {
  it('is the first 24 hex digits of sha256("checkout:" + session id)', async () => {
    const sessionId = 'cs_test_a1B2c3D4e5';
    const expected = createHash('sha256').update(`checkout:${sessionId}`).digest('hex').slice(0, 24);
    expect(await checkoutPassId(sessionId)).toBe(expected);
  });

  it('gives each session its own id, and the same session always the same id', async () => {
    const [a, again, b] = await Promise.all([
      checkoutPassId('cs_test_1'),
      checkoutPassId('cs_test_1'),
      checkoutPassId('cs_test_2'),
    ]);
    expect(a).toBe(again);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{24}$/);
  });
});
