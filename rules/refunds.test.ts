import { describe, expect, it } from 'vitest';
import { MASTR_CLASS_STARTED } from './texts.ts';
import {
  gymCancellationRefundPence,
  mastrPassCancellation,
  memberCancellation,
  SALES_FINAL_MESSAGE,
} from './refunds.ts';

const refused = { outcome: 'refused', message: SALES_FINAL_MESSAGE };

describe('memberCancellation (UK wall clock)', () => {
  describe('in winter (GMT, UK time = UTC)', () => {
    const day = '2026-11-21';
    it('refunds in full up to 23:59:59 the day before', () => {
      expect(memberCancellation(day, new Date('2026-11-19T12:00:00Z'))).toEqual({ outcome: 'full-refund' });
      expect(memberCancellation(day, new Date('2026-11-20T23:59:59Z'))).toEqual({ outcome: 'full-refund' });
    });
    it('cancels without a refund on the day from 00:00 to 22:59:59', () => {
      expect(memberCancellation(day, new Date('2026-11-21T00:00:00Z'))).toEqual({ outcome: 'no-refund' });
      expect(memberCancellation(day, new Date('2026-11-21T22:59:00Z'))).toEqual({ outcome: 'no-refund' });
      expect(memberCancellation(day, new Date('2026-11-21T22:59:59Z'))).toEqual({ outcome: 'no-refund' });
    });
    it('refuses from 23:00 on the day and on any later day', () => {
      expect(memberCancellation(day, new Date('2026-11-21T23:00:00Z'))).toEqual(refused);
      expect(memberCancellation(day, new Date('2026-11-21T23:59:59Z'))).toEqual(refused);
      expect(memberCancellation(day, new Date('2026-11-22T00:00:00Z'))).toEqual(refused);
      expect(memberCancellation(day, new Date('2026-12-01T09:00:00Z'))).toEqual(refused);
    });
  });

  describe('in summer (BST, UK time = UTC+1)', () => {
    const day = '2026-07-15';
    it('takes the day boundary at UK midnight, 23:00 UTC the evening before', () => {
      // 23:30 UTC on the 14th is already 00:30 on the 15th in London.
      expect(memberCancellation(day, new Date('2026-07-14T22:59:59Z'))).toEqual({ outcome: 'full-refund' });
      expect(memberCancellation(day, new Date('2026-07-14T23:00:00Z'))).toEqual({ outcome: 'no-refund' });
      expect(memberCancellation(day, new Date('2026-07-14T23:30:00Z'))).toEqual({ outcome: 'no-refund' });
    });
    it('takes the cut-off at 23:00 UK time, which is 22:00 UTC', () => {
      expect(memberCancellation(day, new Date('2026-07-15T21:59:00Z'))).toEqual({ outcome: 'no-refund' });
      expect(memberCancellation(day, new Date('2026-07-15T22:00:00Z'))).toEqual(refused);
    });
  });

  it('uses the UK day across the clocks going back (25 October 2026)', () => {
    const day = '2026-10-25';
    // 00:30 UTC on the 25th is 01:30 BST; 23:00 UK on the 25th is 23:00 UTC (GMT again).
    expect(memberCancellation(day, new Date('2026-10-24T22:59:59Z'))).toEqual({ outcome: 'full-refund' });
    expect(memberCancellation(day, new Date('2026-10-25T00:30:00Z'))).toEqual({ outcome: 'no-refund' });
    expect(memberCancellation(day, new Date('2026-10-25T22:59:59Z'))).toEqual({ outcome: 'no-refund' });
    expect(memberCancellation(day, new Date('2026-10-25T23:00:00Z'))).toEqual(refused);
  });
});

describe('mastrPassCancellation', () => {
  // The class is on Saturday 21 November 2026 at 10:00 UK (GMT).
  const CLASS = '2026-11-21T10:00:00';
  it('refunds an unassigned pass in full at any time: it has no session day', () => {
    expect(mastrPassCancellation(null, new Date('2026-11-21T22:30:00Z'))).toEqual({ outcome: 'full-refund' });
  });
  it("follows the day pass's rule on the class's day until the class starts, then refuses", () => {
    expect(mastrPassCancellation(CLASS, new Date('2026-11-20T23:59:00Z'))).toEqual({ outcome: 'full-refund' });
    expect(mastrPassCancellation(CLASS, new Date('2026-11-21T09:59:59Z'))).toEqual({ outcome: 'no-refund' });
    expect(mastrPassCancellation(CLASS, new Date('2026-11-21T10:00:00Z'))).toEqual({
      outcome: 'refused',
      message: MASTR_CLASS_STARTED,
    });
  });
  it('reads the start on the UK clock in summer (10:00 BST is 09:00 UTC)', () => {
    expect(mastrPassCancellation('2026-07-04T10:00:00', new Date('2026-07-04T08:59:00Z')).outcome).toBe('no-refund');
    expect(mastrPassCancellation('2026-07-04T10:00:00', new Date('2026-07-04T09:00:00Z')).outcome).toBe('refused');
  });
});

describe('gymCancellationRefundPence', () => {
  it('refunds the whole price of the pass', () => {
    expect(gymCancellationRefundPence(1500)).toBe(1500);
  });
  it('refunds nothing for a pass that cost nothing or has no valid price', () => {
    expect(gymCancellationRefundPence(0)).toBe(0);
    expect(gymCancellationRefundPence(Number.NaN)).toBe(0);
    expect(gymCancellationRefundPence(-5)).toBe(0);
  });
});
