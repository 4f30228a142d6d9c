import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_TEXTS,
  checkoutReturnOf,
  paidNotice,
  PLAN_PENDING_TEXT,
  planReturnNotice,
  subscriptionReturnOf,
  withoutCheckoutParams,
} from './checkout-return.ts';

describe('checkout return addresses', () => {
  it('reads a paid checkout with its session', () => {
    expect(checkoutReturnOf('?checkout=success&session_id=cs_test_123')).toEqual({
      status: 'success',
      sessionId: 'cs_test_123',
    });
    expect(checkoutReturnOf(new URLSearchParams({ checkout: 'success', session_id: 'cs_live_9' }))).toEqual({
      status: 'success',
      sessionId: 'cs_live_9',
    });
  });

  it('reads a paid checkout whose session id is missing or left as the placeholder', () => {
    expect(checkoutReturnOf('?checkout=success')).toEqual({ status: 'success', sessionId: null });
    expect(checkoutReturnOf('?checkout=success&session_id=%7BCHECKOUT_SESSION_ID%7D')).toEqual({
      status: 'success',
      sessionId: null,
    });
  });

  it('reads a cancelled checkout', () => {
    expect(checkoutReturnOf('?checkout=cancelled')).toEqual({ status: 'cancelled' });
  });

  it('ignores any other address', () => {
    expect(checkoutReturnOf('')).toBeNull();
    expect(checkoutReturnOf('?checkout=maybe')).toBeNull();
    expect(checkoutReturnOf('?session_id=cs_test_1')).toBeNull();
  });
});

describe('the line shown after paying', () => {
  it('says the payment was received until the paid pass is on the device', () => {
    expect(paidNotice('abc', new Set(['other']))).toBe(CHECKOUT_TEXTS.paid);
    expect(paidNotice('abc', new Set(['other', 'abc']))).toBe(CHECKOUT_TEXTS.ready);
  });

  it('can only say received when it does not know which pass to wait for', () => {
    expect(paidNotice(null, new Set(['abc']))).toBe(CHECKOUT_TEXTS.paid);
  });

  it('uses the texts of the issue', () => {
    expect(CHECKOUT_TEXTS).toEqual({
      paid: 'Payment received. Your pass will appear here in a moment.',
      ready: 'Your pass is ready.',
      cancelled: 'Payment cancelled. You have not been charged.',
    });
  });
});

describe('dismissing the notice', () => {
  it('drops only the checkout parameters', () => {
    expect(withoutCheckoutParams('?checkout=success&session_id=cs_1')).toBe('');
    expect(withoutCheckoutParams('?checkout=cancelled&week=next')).toBe('?week=next');
  });
});

describe('back from the plan checkout', () => {
  it('reads the return address of the gym Stripe page', () => {
    expect(subscriptionReturnOf('?subscription=success')).toBe('success');
    expect(subscriptionReturnOf('?subscription=cancelled')).toBe('cancelled');
    expect(subscriptionReturnOf('?subscription=other')).toBeNull();
    expect(subscriptionReturnOf('')).toBeNull();
  });

  it('acknowledges the payment until the gym is subscribed, then the plan speaks for itself', () => {
    expect(planReturnNotice('success', false)).toBe(PLAN_PENDING_TEXT);
    expect(planReturnNotice('success', true)).toBeNull();
    expect(planReturnNotice(null, false)).toBeNull();
  });

  it('says nothing was charged when the checkout was left', () => {
    expect(planReturnNotice('cancelled', false)).toBe(CHECKOUT_TEXTS.cancelled);
  });
});
