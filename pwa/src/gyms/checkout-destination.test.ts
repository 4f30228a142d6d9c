import { describe, expect, it } from 'vitest';
import { checkoutDestination } from './checkout-destination.ts';

describe('checkout destination', () => {
  it('follows absolute http(s) addresses', () => {
    expect(checkoutDestination('https://checkout.example.com/c/pay/cs_123')).toBe(
      'https://checkout.example.com/c/pay/cs_123',
    );
    expect(checkoutDestination('http://127.0.0.1:4242/pay')).toBe('http://127.0.0.1:4242/pay');
  });

  it('refuses anything else', () => {
    expect(checkoutDestination('javascript:alert(1)')).toBeNull();
    expect(checkoutDestination('/relative')).toBeNull();
    expect(checkoutDestination(undefined)).toBeNull();
    expect(checkoutDestination({ url: 'https://x' })).toBeNull();
  });
});
