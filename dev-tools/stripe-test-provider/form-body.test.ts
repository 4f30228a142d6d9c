import { describe, expect, it } from 'vitest';
import { parseFormBody } from './form-body.ts';

describe('parseFormBody', () => {
  it('turns bracket notation back into nested objects and arrays', () => {
    const body = [
      'mode=payment',
      'line_items[0][price_data][currency]=gbp',
      'line_items[0][price_data][unit_amount]=500',
      'line_items[0][price_data][product_data][name]=Adult%20Day%20Pass',
      'line_items[0][quantity]=1',
      'line_items[1][quantity]=2',
      'metadata[passId]=p%26q',
      'expand[]=payment_intent',
      'expand[]=customer',
    ].join('&');

    expect(parseFormBody(body)).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'gbp', unit_amount: '500', product_data: { name: 'Adult Day Pass' } },
          quantity: '1',
        },
        { quantity: '2' },
      ],
      metadata: { passId: 'p&q' },
      expand: ['payment_intent', 'customer'],
    });
  });

  it('accepts percent-encoded brackets', () => {
    expect(parseFormBody('metadata%5Bplan%5D=basic')).toEqual({ metadata: { plan: 'basic' } });
  });

  it('ignores keys that would reach the object prototype', () => {
    const parsed = parseFormBody('__proto__[polluted]=yes&a[__proto__][polluted]=yes');

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed).toEqual({ a: {} });
  });
});
