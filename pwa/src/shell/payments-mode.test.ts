import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { isTestMode, loadPaymentsMode, parsePaymentsMode, PAYMENTS_MODE_KEY, type ModeCache } from './payments-mode.ts';

function memoryCache(initial: Record<string, string> = {}): ModeCache & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (key) => items[key] ?? null, setItem: (key, value) => void (items[key] = value) };
}

describe('payments mode', () => {
  it('accepts only the three modes the server names', () => {
    expect(parsePaymentsMode('live')).toBe('live');
    expect(parsePaymentsMode('test')).toBe('test');
    expect(parsePaymentsMode('local-test')).toBe('local-test');
    expect(parsePaymentsMode('LIVE')).toBeNull();
    expect(parsePaymentsMode(undefined)).toBeNull();
    expect(parsePaymentsMode({ mode: 'test' })).toBeNull();
  });

  it('marks Stripe test mode and the local test provider, not live payments', () => {
    expect(isTestMode('local-test')).toBe(true);
    expect(isTestMode('test')).toBe(true);
    expect(isTestMode('live')).toBe(false);
    expect(isTestMode(null)).toBe(false);
  });

  it('asks the server once and keeps the answer for the session', async () => {
    const cache = memoryCache();
    let asked = 0;
    const ask = async () => {
      asked += 1;
      return 'local-test';
    };
    expect(await loadPaymentsMode(cache, ask)).toBe('local-test');
    expect(cache.items[PAYMENTS_MODE_KEY]).toBe('local-test');
    expect(await loadPaymentsMode(cache, ask)).toBe('local-test');
    expect(asked).toBe(1);
  });

  it('shows nothing and caches nothing when the server cannot tell', async () => {
    const cache = memoryCache();
    expect(await loadPaymentsMode(cache, () => Promise.reject(new ApiError(0, 'No Server Response')))).toBeNull();
    expect(await loadPaymentsMode(cache, async () => 'sandbox')).toBeNull();
    expect(cache.items).toEqual({});
  });

  it('ignores a garbled cached value and asks again', async () => {
    const cache = memoryCache({ [PAYMENTS_MODE_KEY]: 'nonsense' });
    expect(await loadPaymentsMode(cache, async () => 'live')).toBe('live');
    expect(cache.items[PAYMENTS_MODE_KEY]).toBe('live');
  });

  it('works without storage (e.g. storage blocked)', async () => {
    expect(await loadPaymentsMode(null, async () => 'test')).toBe('test');
  });
});
