import { describe, expect, it } from 'vitest';
import { MAX_PRICE_PENCE, parsePounds } from './money.ts';

describe('parsePounds', () => {
  it.each([
    ['12', 1200],
    ['8.50', 850],
    ['8.5', 850],
    ['£8.05', 805],
    [' 7 ', 700],
    ['0.30', 30],
    ['0', 0],
    ['12.', 1200],
    [15, 1500],
    [9.99, 999],
    ['10000', MAX_PRICE_PENCE],
  ])('reads %j as %i pence', (typed, pence) => {
    expect(parsePounds(typed)).toEqual({ ok: true, pence });
  });

  it.each([
    ['-5', 'Price cannot be negative.'],
    ['-0.50', 'Price cannot be negative.'],
    ['8.505', 'Price cannot include fractions of a penny.'],
    ['twelve', 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    ['', 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    ['1e3', 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    ['12,50', 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    [null, 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    [Number.NaN, 'Price must be an amount in pounds, e.g. 12 or 8.50.'],
    ['10000.01', 'Price cannot be more than £10000.'],
    ['0.01', 'Price must be at least £0.30, the smallest card payment.'],
    ['0.29', 'Price must be at least £0.30, the smallest card payment.'],
  ])('refuses %j: %s', (typed, reason) => {
    expect(parsePounds(typed)).toEqual({ ok: false, reason });
  });
});
