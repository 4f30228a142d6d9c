import { describe, expect, it } from 'vitest';
import { isUsableToken, tokenDocId, TOKEN_LIFETIME_MS, type OneTimeTokenDoc } from './one-time-tokens-store.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const live: OneTimeTokenDoc = {
  _id: 'token:x',
  type: 'one-time-token',
  purpose: 'reset',
  accountId: 'a'.repeat(24),
  createdAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.reset).toISOString(),
};

describe('one-time tokens', () => {
  it('last 24 hours for verification and 1 hour for a reset', () => {
    expect(TOKEN_LIFETIME_MS).toEqual({ verify: 24 * 3600_000, reset: 3600_000 });
  });

  it('are stored under the sha256 of the token, never the token itself', () => {
    const id = tokenDocId('secret-token');
    expect(id).toMatch(/^token:[a-f0-9]{64}$/);
    expect(id).not.toContain('secret-token');
    expect(tokenDocId('secret-token')).toBe(id);
  });

  it('are usable only for their purpose and account, unused, unrevoked and before expiry', () => {
    expect(isUsableToken(live, 'reset', live.accountId, now)).toBe(true);
    expect(isUsableToken(live, 'verify', live.accountId, now)).toBe(false);
    expect(isUsableToken(live, 'reset', 'b'.repeat(24), now)).toBe(false);
    expect(isUsableToken({ ...live, usedAt: now.toISOString() }, 'reset', live.accountId, now)).toBe(false);
    expect(isUsableToken({ ...live, revokedAt: now.toISOString() }, 'reset', live.accountId, now)).toBe(false);
    expect(isUsableToken(live, 'reset', live.accountId, new Date(Date.parse(live.expiresAt) - 1))).toBe(true);
    expect(isUsableToken(live, 'reset', live.accountId, new Date(live.expiresAt))).toBe(false);
  });
});
